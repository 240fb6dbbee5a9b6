import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_PAGE_SIZE,
  resolveProductsRoute,
  type Country,
  type Lang,
} from '@wholesale/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../modules/accounts';

/**
 * Who the app in the browser starts as, as far as the server can tell: a signed-in user's saved
 * language and country; a guest's country from the cflag cookie and English, the language a first
 * visit starts in (web lib/i18n.ts resolveInitialLang; a language chosen earlier lives in the
 * browser's storage, out of the server's sight: its reads then simply miss).
 */
export type FirstLoadViewer = { lang: Lang; country: Country; userId: number | null };

export function firstLoadViewer(
  request: FastifyRequest,
  user: SessionUser | null | undefined,
): FirstLoadViewer {
  if (user) return { lang: user.lang, country: user.country, userId: user.id };
  const flag = request.cookies?.cflag?.trim().toLowerCase();
  return { lang: 'en', country: flag === 'us' || flag === 'usa' ? 'us' : 'ca', userId: null };
}

/** What a page loads first: its route module, the words it suspends on and its API reads. */
export type FirstLoadPlan = {
  /** The route's source module, as the build manifest names it. */
  route: string;
  namespaces: string[];
  /** API addresses (path and sorted query, see firstReadKey), as the web app asks for them. */
  reads: string[];
};

type Params = Record<string, string | number | undefined>;

/**
 * The key of an API read: path and query with its parameters sorted, undefined ones left out. The
 * web's api-client looks its first GETs up under the same key (lib/api-client.ts).
 */
export function firstReadKey(apiPath: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) query.append(key, String(value));
  query.sort();
  const qs = query.toString();
  return `/api${apiPath}${qs ? `?${qs}` : ''}`;
}

// The listing address parameters the app reads (web listing-params.ts): any of them and the page is
// not the listing's first, unfiltered page the reads below name.
const LISTING_QUERY = ['page', 'per', 'brand', 'color', 'type', 'size'];

function segments(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * The first reads of the shared layout (web app/prefetch-shell.ts): the category menu, which
 * third-party scripts are configured (features/accounts/components/integrations.tsx), and a
 * signed-in user's cart and favourites for the header badges.
 */
function shellReads(viewer: FirstLoadViewer): string[] {
  const { lang, country, userId } = viewer;
  const reads = [firstReadKey('/categories', { lang, country }), firstReadKey('/client-config')];
  if (userId === null) return reads;
  return [
    ...reads,
    firstReadKey('/cart', { user_id: userId, lang }),
    firstReadKey('/favorite', { user_id: userId, country, lang }),
  ];
}

/**
 * The home page, a category listing, a product page and the cart: what each loads first, mirroring
 * the web's route loaders and page hooks (web app/router.tsx, features/content/api/prefetch-home.ts,
 * features/catalogue/api/prefetch-catalogue.ts, features/cart/api/prefetch-cart.ts). Null for any
 * other address. A read named here that the web does not make is wasted bytes in the page; a read
 * the web makes that is not named here is fetched as before.
 */
export function firstLoadPlan(
  pathname: string,
  search: URLSearchParams,
  viewer: FirstLoadViewer,
): FirstLoadPlan | null {
  const parts = segments(pathname);
  if (!parts) return null;
  const { lang, country, userId } = viewer;
  const [route, ...params] = parts;
  if (route === undefined) {
    return {
      route: 'src/app/routes/home.tsx',
      namespaces: ['content', 'catalogue'],
      reads: [
        ...shellReads(viewer),
        firstReadKey('/crousalImages', { lang }),
        firstReadKey('/catalogues', { lang }),
        firstReadKey('/best/sellers', { lang, country }),
        firstReadKey('/classCode', { lang, country, class_codes: 'F', pagination: 25, page: 1 }),
      ],
    };
  }
  if (route === 'products' && params.length <= 4) {
    const [name, cate, cate_code, classCode] = params;
    const resolved = resolveProductsRoute({ name, cate, cate_code, classCode });
    const firstPage = !LISTING_QUERY.some((key) => search.has(key));
    const common = {
      lang,
      name: resolved.name,
      category: resolved.category,
      page: 1,
      pagination: DEFAULT_PAGE_SIZE,
    };
    const listing = resolved.classCode
      ? firstReadKey('/classCode', { ...common, class_codes: resolved.classCode, country })
      : firstReadKey(country === 'us' ? '/usProducts' : '/cadProducts', common);
    return {
      route: 'src/app/routes/products.tsx',
      namespaces: ['catalogue', 'attributes'],
      reads: [
        ...shellReads(viewer),
        ...(firstPage ? [listing] : []),
        // The filters panel's choices (web features/catalogue/components/filters-panel.tsx).
        ...(resolved.category
          ? [
              firstReadKey('/filter-options-by-category', {
                category: resolved.category,
                classCode: resolved.classCode,
                country,
              }),
            ]
          : []),
      ],
    };
  }
  if (route === 'description' && params.length === 2) {
    const [productId, productCountry] = params;
    return {
      route: 'src/app/routes/description.tsx',
      namespaces: ['catalogue', 'attributes'],
      reads: [
        ...shellReads(viewer),
        firstReadKey('/productDescription', {
          product_id: productId,
          country: productCountry,
          lang,
        }),
      ],
    };
  }
  if (route === 'cart' && params.length === 0 && userId !== null) {
    return {
      route: 'src/app/routes/cart.tsx',
      namespaces: ['cart', 'checkout', 'catalogue', 'errors'],
      reads: [...shellReads(viewer), firstReadKey('/checkout')],
    };
  }
  return null;
}

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

function staticClosure(manifest: Manifest, start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start) || !manifest[start]) return seen;
  seen.add(start);
  for (const next of manifest[start].imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

/** Paths of the files a page's route needs beyond what index.html already loads. */
export type RouteFiles = { scripts: string[]; styles: string[] };

/**
 * The files a page's route needs beyond index.html's own, from the web build's manifest
 * (`build.manifest` in apps/web/vite.config.ts): its route chunk with the chunks it imports, their
 * stylesheets, and the words it suspends on. Without a manifest (a test's or a development build)
 * none.
 */
export function routeFiles(webDist: string): (plan: FirstLoadPlan, lang: Lang) => RouteFiles {
  const file = path.join(webDist, '.vite/manifest.json');
  if (!fs.existsSync(file)) return () => ({ scripts: [], styles: [] });
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const entry = staticClosure(manifest, 'index.html');
  const entryStyles = new Set([...entry].flatMap((key) => manifest[key].css ?? []));
  return (plan, lang) => {
    const route = [...staticClosure(manifest, plan.route, new Set(entry))]
      .filter((key) => !entry.has(key))
      .map((key) => manifest[key]);
    const words = plan.namespaces.map((ns) => manifest[`src/locales/${lang}/${ns}.json`]);
    const scripts = [...route, ...words].filter(Boolean).map((chunk) => chunk.file);
    const styles = route.flatMap((chunk) => chunk.css ?? []).filter((f) => !entryStyles.has(f));
    // Paths exactly as Vite's loader writes them, so it finds them and asks for none again.
    return {
      scripts: scripts.filter((f) => f.endsWith('.js')).map((f) => `/${f}`),
      styles: [...new Set(styles)].map((f) => `/${f}`),
    };
  };
}

/**
 * The API's answers to a page's first reads, as the browser's own requests would get them: each
 * read goes through the app (app.inject) with the page request's cookies, language and address, so
 * a guest gets the guest answer (no price, no stock) and a signed-in user their own. Only successful
 * JSON answers are kept. `shared` is false when any kept answer may not be stored by a shared cache
 * (a signed-in caller's): the page must then not be either. `cookies` are what those answers set
 * (a mended XSRF-TOKEN), for the page to set in their place.
 */
export async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  reads: string[],
): Promise<{ json: string; shared: boolean; cookies: string[] } | null> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.headers.cookie) headers.cookie = request.headers.cookie;
  if (request.headers['accept-language'])
    headers['accept-language'] = request.headers['accept-language'];
  const answers = await Promise.all(
    reads.map((url) => app.inject({ method: 'GET', url, headers, remoteAddress: request.ip })),
  );
  let shared = true;
  const cookies = new Set<string>();
  const entries: string[] = [];
  answers.forEach((answer, i) => {
    if (answer.statusCode !== 200 || !/json/.test(String(answer.headers['content-type']))) return;
    if (!String(answer.headers['cache-control']).startsWith('public')) shared = false;
    for (const cookie of [answer.headers['set-cookie'] ?? []].flat()) cookies.add(cookie);
    entries.push(`${JSON.stringify(reads[i])}:${answer.body}`);
  });
  if (!entries.length) return null;
  return { json: `{${entries.join(',')}}`, shared, cookies: [...cookies] };
}
