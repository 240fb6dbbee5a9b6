import fs from 'node:fs';
import path from 'node:path';
import {
  FIRST_LOAD_SHELL,
  type FirstAnswer,
  type FirstLoadPlan,
  type FirstLoadViewer,
  type Lang,
} from '@wholesale/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../modules/accounts';

/**
 * Who the app in the browser starts as (contract FirstLoadViewer): a guest starts in English, the
 * language a first visit starts in (web lib/i18n.ts resolveInitialLang; a language chosen earlier
 * lives in the browser's storage, out of the server's sight: its reads then simply miss). Which page
 * reads what is the contract's first-load table (firstLoadPlan).
 */
export function firstLoadViewer(
  request: FastifyRequest,
  user: SessionUser | null | undefined,
): FirstLoadViewer {
  if (user) return { lang: user.lang, country: user.country, userId: user.id };
  const flag = request.cookies?.cflag?.trim().toLowerCase();
  return { lang: 'en', country: flag === 'us' || flag === 'usa' ? 'us' : 'ca', userId: null };
}

// The layout's first render loads the header's search box (web app/layout/search-slot.tsx) and its
// words on every page: named with the route's files, so they come with the entry, not after it.
const SHELL_MODULES: readonly string[] = FIRST_LOAD_SHELL.modules;
const SHELL_NAMESPACES: readonly string[] = FIRST_LOAD_SHELL.namespaces;

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

function staticClosure(manifest: Manifest, start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start) || !manifest[start]) return seen;
  seen.add(start);
  for (const next of manifest[start].imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

/** Paths of the files a page's route needs beyond what index.html already loads. */
type RouteFiles = { scripts: string[]; styles: string[] };

/**
 * The files a page's route needs beyond index.html's own, from the web build's manifest
 * (`build.manifest` in apps/web/vite.config.ts): its route chunk and the layout's search box with
 * the chunks they import, their stylesheets, and the words they suspend on. Without a manifest (a
 * test's or a development build) none.
 */
export function routeFiles(webDist: string): (plan: FirstLoadPlan, lang: Lang) => RouteFiles {
  const file = path.join(webDist, '.vite/manifest.json');
  if (!fs.existsSync(file)) return () => ({ scripts: [], styles: [] });
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const entry = staticClosure(manifest, 'index.html');
  const entryStyles = new Set([...entry].flatMap((key) => manifest[key].css ?? []));
  return (plan, lang) => {
    const closure = new Set(entry);
    for (const module of [...plan.modules, ...SHELL_MODULES])
      staticClosure(manifest, module, closure);
    const route = [...closure].filter((key) => !entry.has(key)).map((key) => manifest[key]);
    const words = [...plan.namespaces, ...SHELL_NAMESPACES].map(
      (ns) => manifest[`src/locales/${lang}/${ns}.json`],
    );
    const scripts = [...route, ...words].filter(Boolean).map((chunk) => chunk.file);
    const styles = route.flatMap((chunk) => chunk.css ?? []).filter((f) => !entryStyles.has(f));
    // Paths exactly as Vite's loader writes them, so it finds them and asks for none again.
    return {
      scripts: scripts.filter((f) => f.endsWith('.js')).map((f) => `/${f}`),
      styles: [...new Set(styles)].map((f) => `/${f}`),
    };
  };
}

/** What the API answered to a page's first reads (firstAnswers). */
type FirstAnswers = {
  /** The answers' JSON by read (only successful JSON answers). */
  bodies: Map<string, string>;
  /** False when an answer may not be stored by a shared cache (a signed-in caller's). */
  shared: boolean;
  /** The cookies the answers set (a mended XSRF-TOKEN), for the page to set in their place. */
  cookies: string[];
};

/**
 * The API's answers to a page's first reads, as the browser's own requests would get them: each
 * read goes through the app (app.inject) with the page request's cookies, language and address, so
 * a guest gets the guest answer (no price, no stock) and a signed-in user their own.
 */
export async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  reads: string[],
): Promise<FirstAnswers> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  if (request.headers['accept-language'])
    headers['accept-language'] = request.headers['accept-language'];
  const answers = await Promise.all(
    reads.map((url) => app.inject({ method: 'GET', url, headers, remoteAddress: request.ip })),
  );
  const found: FirstAnswers = { bodies: new Map(), shared: true, cookies: [] };
  const cookies = new Set<string>();
  answers.forEach((answer, i) => {
    if (answer.statusCode !== 200 || !/json/.test(String(answer.headers['content-type']))) return;
    if (!String(answer.headers['cache-control']).startsWith('public')) found.shared = false;
    for (const cookie of [answer.headers['set-cookie'] ?? []].flat()) cookies.add(cookie);
    found.bodies.set(reads[i], answer.body);
  });
  found.cookies = [...cookies];
  return found;
}

/** The answers as one JSON object by read, as the web's api client reads them; null for none. */
export function answersJson(bodies: Map<string, string>): string | null {
  if (!bodies.size) return null;
  return `{${[...bodies].map(([read, body]) => `${JSON.stringify(read)}:${body}`).join(',')}}`;
}

/** The paths of the pictures of the page's largest paint, from its answers (plan.pictures). */
export function firstPictures(plan: FirstLoadPlan, bodies: Map<string, string>): string[] {
  const body = plan.pictures && bodies.get(plan.pictures.read);
  if (!plan.pictures || !body) return [];
  const paths = plan.pictures.from(JSON.parse(body) as FirstAnswer);
  return paths.filter((p): p is string => typeof p === 'string' && p.startsWith('/'));
}
