import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import Negotiator from 'negotiator';
import { clipDescription, firstLoadPlan } from '@wholesale/contract';
import { AppError } from '../lib/app-error';
import { injectFirstLoad, injectHead, injectTitle, type FirstLoad } from '../lib/html-head';
import { resolveSession } from '../modules/accounts';
import { isDirectLocalCaller } from './dev-access';
import {
  answersJson,
  firstAnswers,
  firstLoadViewer,
  firstPictures,
  routeFiles,
} from './first-load';
import { cataloguePageMeta, pageBrand, pageLang } from './page-meta';
import { pageExists } from './page-exists';

/**
 * A page written for its request, compressed as the browser accepts it. NOTE: the compress plugin
 * (app.ts) works through route hooks, which the not-found handler serving pages never gets.
 */
function compressPage(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  const encoding =
    html.length < 1024 ? undefined : new Negotiator(request).encoding(['br', 'gzip']);
  if (encoding === 'br') {
    reply.header('content-encoding', 'br');
    return zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    });
  }
  if (encoding === 'gzip') {
    reply.header('content-encoding', 'gzip');
    return zlib.gzipSync(html);
  }
  return html;
}

/** The compress plugin's threshold (app.ts): a body under it is sent as it is. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const ASSET_DROPPED_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'etag',
  'last-modified',
];

/**
 * A file the build left without a compressed copy is one that compression does not make smaller
 * (apps/web/vite.config.ts `precompress`). Read whole, it goes out as it is with its length: the
 * compress plugin leaves a body under its threshold alone, where it would brotli a stream per
 * request and send it chunked, larger than the file.
 */
async function smallFileWhole(reply: FastifyReply, payload: unknown): Promise<unknown> {
  const length = Number(reply.getHeader('content-length'));
  if (reply.getHeader('content-encoding') || !(length < COMPRESS_THRESHOLD_BYTES)) return payload;
  if (!(payload instanceof Readable)) return payload;
  return Buffer.concat(await payload.toArray());
}

/**
 * Serves the built SPA: hashed assets with a year-long cache, index.html for every other non-/api
 * GET (client-side routes and deep links), each pre-compressed (brotli or gzip) when the browser
 * accepts it. Public catalogue pages get their own title, description, canonical URL and Open
 * Graph tags written into index.html (plugins/page-meta.ts), for crawlers that run no JavaScript.
 * Unknown /api paths answer a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const indexFile = path.join(opts.webDist, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz copies of every text file (apps/web/vite.config.ts): serve the
      // one the browser accepts, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }
  // Hashed assets are scripts, styles and images, never documents: the document-only security
  // headers (CSP, framing, COOP and the like) do nothing on them, and validators are useless on an
  // immutable file. Dropping them saves ~0.7 KB per file on HTTP/1.1, where a page loads a dozen
  // (home route JS budget, docs/product/storefront-ux.md). nosniff and CORP stay.
  if (hasSpa) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/assets/') || reply.statusCode !== 200) return payload;
      for (const header of ASSET_DROPPED_HEADERS) reply.removeHeader(header);
      return smallFileWhole(reply, payload);
    });
  }
  /**
   * The development pages (the mailbox) follow their API: nobody in production, elsewhere callers on
   * this machine or signed-in staff (the cookie's session; the API hooks do not run for pages).
   */
  async function devPageHidden(request: FastifyRequest): Promise<boolean> {
    if (!request.url.startsWith('/dev/') && request.url !== '/dev') return false;
    if (app.config.env === 'production') return true;
    if (isDirectLocalCaller(request)) return false;
    return (await pageSession(request))?.user.role !== 'staff';
  }

  /** The session of the page request's cookie, if any (the API hooks do not run for pages). */
  async function pageSession(request: FastifyRequest) {
    const token = request.cookies?.sid;
    return token && token.length <= 200 ? resolveSession(app.db, app.sessions, token) : null;
  }

  // Read once: the build does not change under a running server.
  const indexHtml = hasSpa ? fs.readFileSync(indexFile, 'utf8') : '';
  const origin = new URL(app.config.publicUrl).origin;
  const filesFor = routeFiles(opts.webDist);

  /**
   * index.html with the page's own head for a public catalogue page, in the request's language;
   * null for any other page, or when the lookup fails (an unknown product): the generic file.
   */
  async function pageWithMeta(request: FastifyRequest): Promise<string | null> {
    const pathname = request.url.split('?')[0];
    try {
      const lang = await pageLang(app, request);
      const meta = await cataloguePageMeta(app, pathname, lang);
      if (!meta) return null;
      return injectHead(indexHtml, {
        lang,
        title: meta.title,
        description: clipDescription(meta.description),
        // Joined, not resolved: a path starting "//" must not name another host.
        canonical: new URL(`${origin}${pathname.replace(/\/{2,}/g, '/')}`).href,
        image: meta.image ? new URL(meta.image, origin).href : undefined,
      });
    } catch (error) {
      request.log.debug({ err: error, pathname }, 'page meta not written');
      return null;
    }
  }

  /**
   * What the home page, a listing, a product page and the cart start with (plugins/first-load.ts):
   * their route's chunks and their first API answers, as this request's viewer would get them.
   * Null for any other page or when working it out fails (the page then loads as before).
   */
  async function pageFirstLoad(
    request: FastifyRequest,
  ): Promise<(FirstLoad & { shared: boolean; cookies: string[] }) | null> {
    const mark = request.url.indexOf('?');
    const pathname = mark === -1 ? request.url : request.url.slice(0, mark);
    const search = new URLSearchParams(mark === -1 ? '' : request.url.slice(mark + 1));
    try {
      const viewer = firstLoadViewer(request, (await pageSession(request))?.user);
      const plan = firstLoadPlan(pathname, search, viewer);
      if (!plan) return null;
      const answers = await firstAnswers(app, request, plan.reads);
      return {
        ...filesFor(plan, viewer.lang),
        images: firstPictures(plan, answers.bodies),
        answers: answersJson(answers.bodies),
        shared: answers.shared,
        cookies: answers.cookies,
      };
    } catch (error) {
      request.log.debug({ err: error, pathname }, 'first load not written');
      return null;
    }
  }

  /**
   * index.html titled with the store's name in the request's language, for a page without a head
   * of its own (index.html names no store); the file as it is when that fails.
   */
  async function genericPage(request: FastifyRequest): Promise<string> {
    try {
      const lang = await pageLang(app, request);
      return injectTitle(indexHtml, { lang, title: await pageBrand(app, lang) }) ?? indexHtml;
    } catch (error) {
      request.log.debug({ err: error }, 'page title not written');
      return indexHtml;
    }
  }

  /** False for an address the web app has no page for (plugins/page-exists.ts); true when unsure. */
  async function pageFound(request: FastifyRequest): Promise<boolean> {
    const pathname = request.url.split('?')[0];
    try {
      return await pageExists(app, pathname);
    } catch (error) {
      request.log.debug({ err: error, pathname }, 'page existence not known');
      return true;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      url.startsWith('/images/') ||
      request.method !== 'GET' ||
      !hasSpa ||
      (await devPageHidden(request))
    ) {
      throw new AppError('ROUTE_NOT_FOUND', `No such path: ${request.method} ${url.split('?')[0]}`);
    }
    reply.header('cache-control', 'no-cache');
    // The title and the answers depend on the language and the viewer (cookie, Accept-Language).
    reply.header('vary', 'accept-encoding, accept-language, cookie');
    if (!(await pageFound(request))) {
      // The app's page all the same: it shows its not-found page in the site's layout.
      reply.code(404);
      const html = await genericPage(request);
      return reply.type('text/html; charset=utf-8').send(compressPage(request, reply, html));
    }
    const [page, first] = await Promise.all([pageWithMeta(request), pageFirstLoad(request)]);
    const html = page ?? (await genericPage(request));
    // NOTE: a signed-in viewer's answers (prices, the cart) are in the page: no shared cache may
    // keep it, as none may keep those answers (plugins/cache-policy.ts).
    if (first && !first.shared) reply.header('cache-control', 'private, no-store');
    for (const cookie of first?.cookies ?? []) reply.header('set-cookie', cookie);
    const written = first ? (injectFirstLoad(html, first) ?? html) : html;
    return reply.type('text/html; charset=utf-8').send(compressPage(request, reply, written));
  });
});
