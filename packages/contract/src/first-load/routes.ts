/**
 * What a page loads first, as ONE table both ends read (docs/decisions/030-first-load-in-the-served-page.md):
 * the API writes these reads' answers into the page it serves (api plugins/first-load.ts), names
 * the route's files from the build manifest by these modules, and the web build merges each page's
 * chunks under the same modules (apps/web/vite.config.ts). The web's route loaders and page hooks
 * must make exactly these reads; a web test renders each page and fails when they disagree
 * (apps/web/src/app/first-load-reads.test.tsx). Pure: no I/O.
 */
import { resolveProductsRoute } from '../catalogue/page-names';
import { DEFAULT_PAGE_SIZE, type Country, type Lang } from '../common/values';
import { decodedSegments } from '../common/page-routes';

/**
 * Who the app in the browser starts as, as far as the server can tell: a signed-in user's saved
 * language and country; a guest's country from the cflag cookie and English.
 */
export type FirstLoadViewer = { lang: Lang; country: Country; userId: number | null };

type Params = Record<string, string | number | undefined>;

/**
 * The key of an API read: path and query with its parameters sorted, undefined ones left out. The
 * web's api client looks the page's written answers up under the same key (readKeyOf).
 */
export function firstReadKey(apiPath: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) query.append(key, String(value));
  return readKeyOf(`/api${apiPath}`, query);
}

/** The key of a read from its path and query as sent (the order of the parameters does not matter). */
export function readKeyOf(pathname: string, query: URLSearchParams): string {
  const sorted = new URLSearchParams(query);
  sorted.sort();
  const qs = sorted.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** An API answer, as parsed JSON: read defensively, any field may be missing. */
export type FirstAnswer = {
  data?: Array<{ image?: string }> & { image?: string; images?: string[] };
  products?: { data?: Array<{ image?: string }> };
};

/** The pages measured for their first load, by name; their route module names their chunks. */
export const FIRST_LOAD_PAGES = {
  home: { module: 'src/app/routes/home.tsx', namespaces: ['content', 'catalogue'] },
  listing: { module: 'src/app/routes/products.tsx', namespaces: ['catalogue', 'attributes'] },
  product: { module: 'src/app/routes/description.tsx', namespaces: ['catalogue', 'attributes'] },
  cart: {
    module: 'src/app/routes/cart.tsx',
    namespaces: ['cart', 'checkout', 'catalogue', 'errors'],
  },
} as const;
export type FirstLoadPage = keyof typeof FIRST_LOAD_PAGES;

/**
 * What the layout loads on every page: the header's search box and its words, and (for a signed-in
 * customer) the phone's cart total bar.
 */
export const FIRST_LOAD_SHELL = {
  modules: ['src/features/search/components/search-box.tsx'],
  signedInModules: ['src/features/cart/components/cart-total-bar.tsx'],
  namespaces: ['search'],
} as const;

/** How many of a listing's first cards' pictures load at once (web PRIORITY_CARDS). */
export const FIRST_LOAD_PRIORITY_CARDS = 2;

/** A page's first load for one viewer: its page, modules, words, API reads and largest paint. */
export type FirstLoadPlan = {
  page: FirstLoadPage;
  modules: string[];
  namespaces: string[];
  reads: string[];
  /** The pictures of its largest paint, read from one of its answers (web lib/preload-image.ts). */
  pictures?: { read: string; from: (answer: FirstAnswer) => Array<string | undefined> };
};

// The listing address parameters the app reads (web listing-params.ts): any of them and the page is
// not the listing's first, unfiltered page the reads below name.
const LISTING_QUERY = ['page', 'per', 'brand', 'color', 'type', 'size'];

/**
 * The shared layout's reads (web app/prefetch-shell.ts): the category menu, which third-party
 * scripts are configured, the store's identity, and a signed-in user's cart and favourites (the
 * header badges) and session check.
 */
export function shellReads(viewer: FirstLoadViewer): string[] {
  const { lang, country, userId } = viewer;
  const reads = [
    firstReadKey('/categories', { lang, country }),
    firstReadKey('/client-config'),
    firstReadKey('/store-identity'),
  ];
  if (userId === null) return reads;
  return [
    ...reads,
    firstReadKey('/cart', { user_id: userId, lang }),
    firstReadKey('/favorite', { user_id: userId, country, lang }),
    firstReadKey('/me'),
  ];
}

function plan(
  page: FirstLoadPage,
  viewer: FirstLoadViewer,
  reads: string[],
  pictures?: FirstLoadPlan['pictures'],
): FirstLoadPlan {
  const { module, namespaces } = FIRST_LOAD_PAGES[page];
  return {
    page,
    modules: [module, ...(viewer.userId === null ? [] : FIRST_LOAD_SHELL.signedInModules)],
    namespaces: [...namespaces],
    reads: [...shellReads(viewer), ...reads],
    ...(pictures ? { pictures } : {}),
  };
}

/**
 * The home page, a category listing, a product page and the cart: what each loads first, which the
 * web's route loaders and page hooks read (web app/router.tsx and the features' prefetch files).
 * Null for any other address: such a page is served without answers.
 */
export function firstLoadPlan(
  pathname: string,
  search: URLSearchParams,
  viewer: FirstLoadViewer,
): FirstLoadPlan | null {
  const parts = decodedSegments(pathname);
  if (!parts) return null;
  const { lang, country, userId } = viewer;
  const [route, ...params] = parts;
  if (route === undefined) {
    const carousel = firstReadKey('/crousalImages', { lang });
    return plan(
      'home',
      viewer,
      [
        carousel,
        firstReadKey('/catalogues', { lang }),
        firstReadKey('/best/sellers', { lang, country }),
        firstReadKey('/classCode', { lang, country, class_codes: 'F', pagination: 25, page: 1 }),
      ],
      // The carousel's first slide.
      { read: carousel, from: (answer) => [answer.data?.[0]?.image] },
    );
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
    return plan(
      'listing',
      viewer,
      [
        ...(firstPage ? [listing] : []),
        // The filters panel's choices.
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
      // The first cards' pictures.
      {
        read: listing,
        from: (answer) =>
          (answer.products?.data ?? []).slice(0, FIRST_LOAD_PRIORITY_CARDS).map((p) => p.image),
      },
    );
  }
  if (route === 'description' && params.length === 2) {
    const [productId, productCountry] = params;
    const detail = firstReadKey('/productDescription', {
      product_id: productId,
      country: productCountry,
      lang,
    });
    // The main picture.
    return plan('product', viewer, [detail], {
      read: detail,
      from: (answer) => [answer.data?.images?.[0] ?? answer.data?.image],
    });
  }
  if (route === 'cart' && params.length === 0 && userId !== null)
    return plan('cart', viewer, [firstReadKey('/checkout')]);
  return null;
}
