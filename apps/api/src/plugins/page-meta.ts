import {
  findCategoryLabel,
  localText,
  LANGS,
  LangParam,
  OptionalCountryParam,
  plainName,
  resolveProductsRoute,
  stripHtml,
  type Lang,
} from '@wholesale/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { resolveSession } from '../modules/accounts';
import { getCategoryTree, getProductDetail } from '../modules/catalogue';
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

/** A page's title and description (plain text; the caller escapes them) and its picture's path. */
export type PageMeta = { title: string; description: string; image?: string };

/** Fills i18next-style {{name}} placeholders. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * The language a page is written in for this request, by the app's rules: a signed-in user's saved
 * language wins; else the `lang` parameter; else the browser's Accept-Language; else English.
 */
export async function pageLang(app: FastifyInstance, request: FastifyRequest): Promise<Lang> {
  const token = request.cookies?.sid;
  const session =
    token && token.length <= 200 ? await resolveSession(app.db, app.sessions, token) : null;
  const saved = session?.user.lang;
  if (saved === 'fr' || saved === 'es' || saved === 'en') return saved;
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (typeof asked === 'string' && asked.trim() !== '') {
    const parsed = LangParam.safeParse(asked);
    if (parsed.success) return parsed.data;
  }
  const accepted = new Negotiator(request).language([...LANGS]);
  return (accepted as Lang | undefined) ?? 'en';
}

/**
 * The store's name in `lang` as titles end with it: the identity's (docs/product/
 * back-office-staff-and-customers.md, "Store identity"), or a neutral word ("Store") while none is
 * set, as the browser writes it (web lib/store-identity.ts).
 */
export async function pageBrand(app: FastifyInstance, lang: Lang): Promise<string> {
  const identity = await app.storeIdentity.read();
  return identity ? localText(identity.name, lang) : TEXTS[lang].common.brand.placeholder;
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
 * once the page has loaded; null for any other path. Never a price or a stock figure: only names,
 * descriptions and picture paths are read, as a guest sees them. Throws when a lookup fails (an
 * unknown product): the caller serves the generic page.
 */
export async function cataloguePageMeta(
  app: FastifyInstance,
  pathname: string,
  lang: Lang,
): Promise<PageMeta | null> {
  const parts = segments(pathname);
  if (!parts) return null;
  const text = TEXTS[lang];
  const brand = await pageBrand(app, lang);
  const [route, ...params] = parts;
  const listing = async (key: string | undefined, fallback: string) => {
    const tree = await getCategoryTree(app.catalogue, lang, 'ca');
    return findCategoryLabel(tree, key) ?? fallback;
  };

  if (route === undefined) {
    return {
      title: `${text.content.home.title} | ${brand}`,
      description: text.content.home.metaDescription,
    };
  }
  if (route === 'products' && params.length <= 4) {
    const [name, cate, cate_code, classCode] = params;
    const resolved = resolveProductsRoute({ name, cate, cate_code, classCode });
    const heading = await listing(
      resolved.category,
      resolved.label ?? text.catalogue.listing.allProducts,
    );
    const title = resolved.classCode
      ? `${heading} – ${text.catalogue.classes[resolved.classCode]}`
      : heading;
    return {
      title: `${title} | ${brand}`,
      description: fill(text.catalogue.meta.listing, { category: heading }),
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
    };
  }
  return null;
}
