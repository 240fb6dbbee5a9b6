import {
  DEFAULT_PAGE_SIZE,
  findCategoryLabel,
  LANGS,
  LangParam,
  OptionalCountryParam,
  plainName,
  resolveProductsRoute,
  stripHtml,
  type Country,
  type Lang,
} from '@wholesale/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { resolveSession } from '../modules/accounts';
import { getCategoryTree, getProductDetail, listProducts } from '../modules/catalogue';
import { listCarousel } from '../modules/content';
// The browser's own texts, so a crawler reads the titles a visitor's browser writes (lib/page-meta.ts
// in the web app); the API bundle inlines them.
import enCatalogue from '../../../web/src/locales/en/catalogue.json';
import enCommon from '../../../web/src/locales/en/common.json';
import enContent from '../../../web/src/locales/en/content.json';
import enSearch from '../../../web/src/locales/en/search.json';
import esCatalogue from '../../../web/src/locales/es/catalogue.json';
import esCommon from '../../../web/src/locales/es/common.json';
import esContent from '../../../web/src/locales/es/content.json';
import esSearch from '../../../web/src/locales/es/search.json';
import frCatalogue from '../../../web/src/locales/fr/catalogue.json';
import frCommon from '../../../web/src/locales/fr/common.json';
import frContent from '../../../web/src/locales/fr/content.json';
import frSearch from '../../../web/src/locales/fr/search.json';

const TEXTS = {
  en: { catalogue: enCatalogue, common: enCommon, content: enContent, search: enSearch },
  fr: { catalogue: frCatalogue, common: frCommon, content: frContent, search: frSearch },
  es: { catalogue: esCatalogue, common: esCommon, content: esContent, search: esSearch },
};

/**
 * A page's title and description (plain text; the caller escapes them), its picture's path and the
 * paths of the pictures it paints largest (to preload).
 */
export type PageMeta = {
  title: string;
  description: string;
  image?: string;
  preloadImages?: string[];
};

/** What the head of a page depends on: its address and who asks for it. */
export type PageRequest = {
  pathname: string;
  search: URLSearchParams;
  /** The language of the head's texts (pageRequest below). */
  lang: Lang;
  /**
   * The language the browser's app will start in, when the server can tell: a signed-in user's
   * saved language; for a guest English, the app's language until one is chosen in the browser
   * (decision 027), unless the request names another (then the guest may well have chosen it where
   * the server cannot see: null, unknown).
   */
  appLang: Lang | null;
  /** The country the app asks listings for (web lib/country.ts): the user's, else the cflag cookie's. */
  country: Country;
};

/**
 * How many of a listing's first cards fetch their pictures at once: the web's PRIORITY_CARDS
 * (components/product/priority-cards.ts), whose pictures its route loader preloads too.
 */
const LISTING_PRELOADS = 2;
/** The listing address parameters the app reads (web listing-params.ts): page, page size, filters. */
const LISTING_QUERY = ['page', 'per', 'brand', 'color', 'type', 'size'];

/** Fills i18next-style {{name}} placeholders. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * The page's address and who asks for it. The head's language follows the app's rules: a signed-in
 * user's saved language wins; else the `lang` parameter; else the browser's Accept-Language; else
 * English.
 */
export async function pageRequest(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<PageRequest> {
  const mark = request.url.indexOf('?');
  const pathname = mark === -1 ? request.url : request.url.slice(0, mark);
  const search = new URLSearchParams(mark === -1 ? '' : request.url.slice(mark + 1));
  const token = request.cookies?.sid;
  const session =
    token && token.length <= 200 ? await resolveSession(app.db, app.sessions, token) : null;
  const flag = request.cookies?.cflag?.trim().toLowerCase();
  const country = session?.user.country ?? (flag === 'us' || flag === 'usa' ? 'us' : 'ca');
  const page = { pathname, search, country };
  const saved = session?.user.lang;
  if (saved === 'fr' || saved === 'es' || saved === 'en')
    return { ...page, lang: saved, appLang: saved };
  const lang = guestLang(request);
  return { ...page, lang, appLang: lang === 'en' ? 'en' : null };
}

/** A guest's language: the `lang` parameter, else the browser's Accept-Language, else English. */
function guestLang(request: FastifyRequest): Lang {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (typeof asked === 'string' && asked.trim() !== '') {
    const parsed = LangParam.safeParse(asked);
    if (parsed.success) return parsed.data;
  }
  const accepted = new Negotiator(request).language([...LANGS]);
  return (accepted as Lang | undefined) ?? 'en';
}

/** A lookup of pictures to preload; a failed one preloads nothing and keeps the rest of the head. */
async function pictures(app: FastifyInstance, read: () => Promise<string[]>): Promise<string[]> {
  try {
    return (await read()).filter(Boolean);
  } catch (error) {
    app.log.debug({ err: error }, 'page pictures not preloaded');
    return [];
  }
}

/**
 * The home carousel's first slide picture in the language the app starts in (web
 * features/content/api/prefetch-home.ts); none when that language is unknown.
 */
function homePictures(app: FastifyInstance, page: PageRequest): Promise<string[]> {
  const lang = page.appLang;
  if (!lang) return Promise.resolve([]);
  return pictures(app, async () => {
    const slides = await listCarousel(app.db, lang);
    return slides.slice(0, 1).map((slide) => slide.image);
  });
}

/**
 * The first cards' pictures of a category listing's first page, as a guest of the page's country
 * sees it and as the app's first request for the address asks for it (web
 * features/catalogue/api/prefetch-catalogue.ts: first page, default page size, no filter). Only an
 * address without page, page size or filter parameters: any other is left to the app's loader.
 * Through the catalogue's cached listing reads, which the app's own request then finds warm.
 */
function listingPictures(
  app: FastifyInstance,
  page: PageRequest,
  scope: { name?: string; category?: string; classCode?: string },
): Promise<string[]> {
  if (LISTING_QUERY.some((key) => page.search.has(key))) return Promise.resolve([]);
  return pictures(app, async () => {
    const found = await listProducts(
      app.catalogue,
      {
        // The names' language only: which products a listing holds and their order are not.
        lang: page.appLang ?? page.lang,
        name: scope.name,
        category: scope.category,
        classCodes: scope.classCode ? [scope.classCode] : undefined,
        page: 1,
        perPage: DEFAULT_PAGE_SIZE,
        filters: { brand: [], color: [], type: [], size: [] },
      },
      { country: page.country, priced: false },
    );
    return found.data.slice(0, LISTING_PRELOADS).map((card) => card.image);
  });
}

/** The path's segments, decoded; null when one cannot be decoded. */
function segments(pathname: string): string[] | null {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

/**
 * Title, description and picture of a public catalogue page (home, category listings, display
 * products, search, product), from the catalogue's cached reads, exactly as the browser writes them
 * once the page has loaded, and the pictures its largest paint shows (home, listings, product);
 * null for any other path. Never a price or a stock figure: only names, descriptions and picture
 * paths are read, as a guest sees them. Throws when a title's lookup fails (an unknown product):
 * the caller serves the generic page.
 */
export async function cataloguePageMeta(
  app: FastifyInstance,
  page: PageRequest,
): Promise<PageMeta | null> {
  const { lang } = page;
  const parts = segments(page.pathname);
  if (!parts) return null;
  const text = TEXTS[lang];
  const brand = text.common.brand.name;
  const [route, ...params] = parts;
  const listing = async (key: string | undefined, fallback: string) => {
    const tree = await getCategoryTree(app.catalogue, lang, 'ca');
    return findCategoryLabel(tree, key) ?? fallback;
  };

  if (route === undefined) {
    return {
      title: `${text.content.home.title} | ${brand}`,
      description: text.content.home.metaDescription,
      preloadImages: await homePictures(app, page),
    };
  }
  if (route === 'products' && params.length <= 4) {
    const [name, cate, cate_code, classCode] = params;
    const resolved = resolveProductsRoute({ name, cate, cate_code, classCode });
    const [heading, preloadImages] = await Promise.all([
      listing(resolved.category, resolved.label ?? text.catalogue.listing.allProducts),
      listingPictures(app, page, resolved),
    ]);
    const title = resolved.classCode
      ? `${heading} – ${text.catalogue.classes[resolved.classCode]}`
      : heading;
    return {
      title: `${title} | ${brand}`,
      description: fill(text.catalogue.meta.listing, { category: heading }),
      preloadImages,
    };
  }
  if (route === 'dispay-products' && params.length === 1) {
    const heading = await listing(params[0], params[0]);
    return {
      title: `${heading} | ${brand}`,
      description: fill(text.catalogue.meta.listing, { category: heading }),
    };
  }
  if (route === 'search-page' && params.length === 2) {
    const query = stripHtml(params[0]);
    return {
      title: `${fill(text.search.results.title, { query })} | ${brand}`,
      description: fill(text.search.meta.description, { query }),
    };
  }
  if (route === 'description' && params.length === 2) {
    const country = OptionalCountryParam.safeParse(params[1]);
    const product = await getProductDetail(app.catalogue, params[0], lang, {
      country: (country.success && country.data) || 'ca',
      priced: false,
    });
    const name = plainName(product.name);
    return {
      title: `${name} (${product.product_id}) | ${brand}`,
      description:
        plainName(product.description) ||
        fill(text.catalogue.meta.product, { name, id: product.product_id }),
      image: product.image,
      // What the page's main <img> shows first (web product-detail.tsx ProductPictures).
      preloadImages: [product.images[0] ?? product.image],
    };
  }
  return null;
}
