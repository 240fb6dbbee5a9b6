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
type FirstLoadViewer = { lang: Lang; country: Country; userId: number | null };

export function firstLoadViewer(
  request: FastifyRequest,
  user: SessionUser | null | undefined,
): FirstLoadViewer {
  if (user) return { lang: user.lang, country: user.country, userId: user.id };
  const flag = request.cookies?.cflag?.trim().toLowerCase();
  return { lang: 'en', country: flag === 'us' || flag === 'usa' ? 'us' : 'ca', userId: null };
}

/** What a page loads first: its route module, the words it suspends on and its API reads. */
type FirstLoadPlan = {
  /**
   * The route's source module, and the layout's lazy modules for this viewer, as the build manifest
   * names them (the header's search box, for everyone, is added by routeFiles).
   */
  modules: string[];
  /** Its namespaces of words, with the layout's (SHELL_NAMESPACES) added by routeFiles. */
  namespaces: string[];
  /** API addresses (path and sorted query, see firstReadKey), as the web app asks for them. */
  reads: string[];
  /**
   * The pictures of its largest paint, read from one of its answers, as the web's route loader
   * preloads them once it has that answer (web lib/preload-image.ts).
   */
  pictures?: { read: string; from: (answer: Answer) => Array<string | undefined> };
};

/** An API answer, as parsed JSON: read defensively, any field may be missing. */
type Answer = {
  data?: Array<{ image?: string }> & { image?: string; images?: string[] };
  products?: { data?: Array<{ image?: string }> };
};

/** How many of a listing's first cards' pictures load at once (web PRIORITY_CARDS). */
const PRIORITY_CARDS = 2;

type Params = Record<string, string | number | undefined>;

/**
 * The key of an API read: path and query with its parameters sorted, undefined ones left out. The
 * web's api-client looks its first GETs up under the same key (lib/api-client.ts).
 */
function firstReadKey(apiPath: string, params: Params = {}): string {
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
 * third-party scripts are configured (features/accounts/components/integrations.tsx), the store's
 * identity, and a
 * signed-in user's cart and favourites for the header badges and the session check.
 */
function shellReads(viewer: FirstLoadViewer): string[] {
  const { lang, country, userId } = viewer;
  const reads = [
    firstReadKey('/categories', { lang, country }),
    firstReadKey('/client-config'),
    // The header's and footer's store name, logo and contacts (web lib/store-identity.ts).
    firstReadKey('/store-identity'),
  ];
  if (userId === null) return reads;
  return [
    ...reads,
    firstReadKey('/cart', { user_id: userId, lang }),
    firstReadKey('/favorite', { user_id: userId, country, lang }),
    // The session check (web features/accounts/components/integrations.tsx).
    firstReadKey('/me'),
  ];
}

/**
 * A route's module and the layout's own lazy module for a signed-in customer: the phone's cart
 * total bar (web app/layout/root-layout.tsx).
 */
function routeModules(route: string, viewer: FirstLoadViewer): string[] {
  if (viewer.userId === null) return [route];
  return [route, 'src/features/cart/components/cart-total-bar.tsx'];
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
    const carousel = firstReadKey('/crousalImages', { lang });
    return {
      modules: routeModules('src/app/routes/home.tsx', viewer),
      namespaces: ['content', 'catalogue'],
      // The carousel's first slide (web features/content/api/prefetch-home.ts).
      pictures: { read: carousel, from: (answer) => [answer.data?.[0]?.image] },
      reads: [
        ...shellReads(viewer),
        carousel,
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
      modules: routeModules('src/app/routes/products.tsx', viewer),
      namespaces: ['catalogue', 'attributes'],
      // The first cards' pictures (web features/catalogue/api/prefetch-catalogue.ts).
      pictures: {
        read: listing,
        from: (answer) =>
          (answer.products?.data ?? []).slice(0, PRIORITY_CARDS).map((p) => p.image),
      },
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
    const detail = firstReadKey('/productDescription', {
      product_id: productId,
      country: productCountry,
      lang,
    });
    return {
      modules: routeModules('src/app/routes/description.tsx', viewer),
      namespaces: ['catalogue', 'attributes'],
      // The main picture (web features/catalogue/api/prefetch-catalogue.ts).
      pictures: {
        read: detail,
        from: (answer) => [answer.data?.images?.[0] ?? answer.data?.image],
      },
      reads: [...shellReads(viewer), detail],
    };
  }
  if (route === 'cart' && params.length === 0 && userId !== null) {
    return {
      modules: routeModules('src/app/routes/cart.tsx', viewer),
      namespaces: ['cart', 'checkout', 'catalogue', 'errors'],
      reads: [...shellReads(viewer), firstReadKey('/checkout')],
    };
  }
  return null;
}

// The layout's first render loads the header's search box (web app/layout/search-slot.tsx) and its
// words on every page: named with the route's files, so they come with the entry, not after it.
const SHELL_MODULES = ['src/features/search/components/search-box.tsx'];
const SHELL_NAMESPACES = ['search'];

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
  const paths = plan.pictures.from(JSON.parse(body) as Answer);
  return paths.filter((p): p is string => typeof p === 'string' && p.startsWith('/'));
}
