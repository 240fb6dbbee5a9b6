import {
  productImagePath,
  SEARCH_MAX_LENGTH,
  stripHtml,
  toPage,
  type Country,
  type Lang,
  type Paginated,
  type ProductCard,
  type SearchCategory,
  type SearchSuggestion,
} from '@wholesale/contract';
import {
  allCategories,
  categoryName,
  searchCardRows,
  toCard,
  type CardRow,
  type CatalogueContext,
  type CategoryList,
  type CategoryRow,
  type Viewer,
  layCustomerPrices,
} from '../catalogue';
import { readySearchIndex, searchQueryOf, type SearchIndexHolder } from './search.index-holder';
import { searchProducts, type SearchHit, type SearchInput } from './search.queries';

/** What a search reads: the catalogue's database and caches, and the app's search index. */
export type SearchContext = CatalogueContext & { searchIndex: SearchIndexHolder };

/** Words of a search text: letters and digits only (accents kept: unaccent handles them in SQL). */
function searchTokens(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, 8)
    .map((t) => t.slice(0, 40));
}

/**
 * Builds the safe parts of a search: letter/digit tokens and whether the text may be a SKU or
 * barcode. Whole words by default: suggestions make the last token a prefix (typing in progress),
 * a submitted search does not, since a prefix also matches compounds ("bouton" → "boutons-pression")
 * and ranks them above the word itself; an unfinished word is still found by typo correction.
 */
export function prepareSearch(text: string): {
  raw: string;
  tokens: string;
  prefixLast: boolean;
  codeLike: boolean;
} {
  const raw = stripHtml(text).slice(0, SEARCH_MAX_LENGTH).trim();
  const tokens = searchTokens(raw).map((t) => t.toLowerCase());
  const codeLike = raw.length >= 2 && raw.length <= 40 && !/\s/.test(raw);
  return { raw, tokens: tokens.join(' '), prefixLast: false, codeLike };
}

export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Categories whose name in any language contains the text, accent- and case-insensitively, named in
 * the interface language (a buyer may type "boutons" in the English shop). The names are folded
 * once per category list (the index holder keeps the last list's, see foldedCategories).
 */
function matchCategories(
  ctx: SearchContext,
  rows: CategoryRow[],
  wanted: string,
  lang: Lang,
  limit: number,
): SearchCategory[] {
  return ctx.searchIndex
    .foldedCategories(rows, fold)
    .filter(({ names }) => names.some((n) => n.includes(wanted)))
    .slice(0, limit)
    .map(({ row: r }) => ({
      name: r.nameEn,
      category: categoryName(r, lang),
      cat_code: r.catCode,
      level: r.level,
    }));
}

async function searchCategories(
  ctx: SearchContext,
  text: string,
  lang: Lang,
  limit: number,
): Promise<SearchCategory[]> {
  const wanted = fold(text);
  if (wanted.length < 2) return [];
  return matchCategories(ctx, (await allCategories(ctx)).rows, wanted, lang, limit);
}

/**
 * The ranked hits of a search (ids in display order). Cached 60 s per (text, language, country,
 * caps): a popular search is ranked once a minute, then each request only reads its page of cards.
 * The text is keyed in lower case: SKUs are compared in lower case and barcodes are digits, so
 * "Wooden Button" and "wooden button" are one search.
 */
function rankedHits(
  ctx: SearchContext,
  input: SearchInput,
  find: () => Promise<SearchHit[]> = () => findHits(ctx, input),
): Promise<SearchHit[]> {
  const key = JSON.stringify([
    input.raw.toLowerCase(),
    input.prefixLast,
    input.lang,
    input.country,
    input.cap ?? 0,
    input.textCap ?? 0,
  ]);
  return ctx.caches.search.get(key, find);
}

/**
 * A search's hits in all (`total`), the cards of the page (hits `offset` to `offset + count`, in
 * that order) and the categories its text names (at most `limit`). With CACHES=off the in-process
 * search index ranks and holds the category list (both followed through the change feed, not
 * cached), so a search sends the page's cards' statement, and one for words new to the index; as
 * the hit list is not kept, the index ranks only up to the page's end. Otherwise hits and
 * categories are looked up side by side (from their caches), then the cards.
 */
async function searchResults(
  ctx: SearchContext,
  input: SearchInput,
  limit: number,
  offset: number,
  count: number,
): Promise<{
  total: number;
  cards: CardRow[];
  categories: SearchCategory[];
  /** The index's category list, when the index answered (a card's price reads its ancestors). */
  categoryList?: CategoryList;
}> {
  const { db: tx, caches } = ctx;
  const wanted = fold(input.raw);
  const index =
    input.tokens && wanted.length >= 2 && !caches.categories.enabled
      ? await readySearchIndex(ctx.searchIndex)
      : null;
  const page = (hits: SearchHit[]) => hits.slice(offset, offset + count).map((h) => h.id);
  if (!index) {
    const [hits, categories] = await Promise.all([
      rankedHits(ctx, input),
      searchCategories(ctx, input.raw, input.lang, limit),
    ]);
    const cards = await searchCardRows(tx, page(hits), input.country, input.lang);
    return { total: hits.length, cards, categories };
  }
  let total = 0;
  const rank = async (first: number) => {
    const query = await searchQueryOf(tx, index, input.tokens, input.prefixLast);
    const ranked = index.searchFirst(input, query, first);
    total = ranked.total;
    return ranked.hits;
  };
  // NOTE: a kept hit list must hold every hit (later pages read it); one not kept, only the page's.
  const kept = caches.search.enabled;
  const hits = await rankedHits(ctx, input, () => rank(kept ? Infinity : offset + count));
  // A kept list may come from the cache (rank not called): its length is the total.
  if (kept) total = hits.length;
  const cards = await searchCardRows(tx, page(hits), input.country, input.lang);
  return {
    total,
    cards,
    categories: matchCategories(ctx, index.categories.rows, wanted, input.lang, limit),
    categoryList: index.categories,
  };
}

/**
 * Ranks a search with the in-process index when it is built and followed (PostgreSQL only turns
 * new words into a tsquery), else entirely in PostgreSQL (docs/decisions/026-in-process-search-index.md).
 */
async function findHits(ctx: SearchContext, input: SearchInput): Promise<SearchHit[]> {
  const index = await readySearchIndex(ctx.searchIndex);
  if (!index) return searchProducts(ctx.db, input);
  return index.search(input, await searchQueryOf(ctx.db, index, input.tokens, input.prefixLast));
}

/**
 * GET /api/search/: products by relevance (SKU/barcode exact, then prefix, then full-text rank over
 * every language, the interface language first, typos corrected) named in the interface language as
 * plain text; plus categories (docs/product/search.md).
 */
export async function searchCatalogue(
  ctx: SearchContext,
  text: string,
  lang: Lang,
  page: number,
  perPage: number,
  viewer: Viewer,
): Promise<{ products: Paginated<ProductCard>; categories: SearchCategory[] }> {
  const prepared = prepareSearch(text);
  if (!prepared.raw) return { products: toPage([], 0, page, perPage), categories: [] };
  const input: SearchInput = { ...prepared, lang, country: viewer.country };
  const offset = (page - 1) * perPage;
  const found = await searchResults(ctx, input, 10, offset, perPage);
  const { total, cards: rows, categories } = found;
  const cards = rows.map((r) => toCard(r, viewer, { plainName: true }));
  const priced = await layCustomerPrices(ctx, cards, rows, viewer, found.categoryList);
  return {
    products: toPage(priced, total, page, perPage),
    categories,
  };
}

/** Suggestions rank at most this many hits per branch: a few good ones fast beat the best of all. */
export const SUGGEST_BRANCH_CAP = 150;

/** GET /api/search/suggest: a few products and categories while typing (no prices). */
export async function suggestCatalogue(
  ctx: SearchContext,
  text: string,
  lang: Lang,
  country: Country,
): Promise<{ products: SearchSuggestion[]; categories: SearchCategory[] }> {
  const prepared = prepareSearch(text);
  if (prepared.raw.length < 2) return { products: [], categories: [] };
  const input: SearchInput = {
    ...prepared,
    prefixLast: true,
    lang,
    country,
    cap: SUGGEST_BRANCH_CAP,
    textCap: SUGGEST_BRANCH_CAP,
  };
  const { cards: rows, categories } = await searchResults(ctx, input, 4, 0, 6);
  return {
    products: rows.map((r) => ({
      product_id: r.product_id.trim(),
      name: stripHtml(r.name ?? r.product_id),
      image: productImagePath(r.product_id),
      country,
    })),
    categories,
  };
}
