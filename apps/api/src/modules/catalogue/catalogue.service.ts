import {
  toCents,
  toPage,
  type Country,
  type FilterOptions,
  type Lang,
  type ListingFilters,
  type Paginated,
  type ProductCard,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  cardKey,
  cardProduct,
  invalidateCatalogueCaches,
  type CatalogueContext,
} from './catalogue.caches';
import { allCategories } from './catalogue.categories';
import type { CategoryList } from './catalogue.category-list';
import { layCustomerPrices } from './catalogue.customer-prices';
import { sanitizeProductName, toCard, type Viewer } from './catalogue.dto';
import {
  countGroup,
  insertDevProduct,
  selectCardsByIds,
  selectFilterOptions,
  selectGroup,
  selectGroupPage,
  selectListingIds,
  selectListingIdsByCategory,
  selectNewestIdsOfClass,
  type CardRow,
  type ListingScope,
} from './catalogue.queries';

// ---------------------------------------------------------------------------------------------
// Cards: one per product, country and language, shared by every listing page that shows it

/**
 * The cards of these products in one country and language, in the order of `ids`; products not
 * (or no longer) active and sold there are left out. Cached per product while the change feed is
 * live: a listing page first seen (another page size, filter, language or category level) is then
 * mostly made of cards already read, and reads only the missing ones, in one statement.
 */
async function cardRows(
  { db: tx, caches }: CatalogueContext,
  ids: number[],
  country: Country,
  lang: Lang,
): Promise<CardRow[]> {
  if (!caches.cards.followed) return selectCardsByIds(tx, ids, country, lang);
  const keys = ids.map((id) => cardKey(id, country, lang));
  const found = await caches.cards.getMany(keys, async (missing) => {
    const rows = await selectCardsByIds(tx, missing.map(cardProduct), country, lang);
    return new Map(rows.map((row) => [cardKey(Number(row.id), country, lang), row]));
  });
  return keys.flatMap((key) => found.get(key) ?? []);
}

/**
 * The card rows of these products sold in the country, in the order of `ids` (a search's page),
 * read from the tables: a search's pages are not kept by product (see catalogue.caches.ts).
 */
export function searchCardRows(
  tx: Tx,
  ids: number[],
  country: Country,
  lang: Lang,
): Promise<CardRow[]> {
  return selectCardsByIds(tx, ids, country, lang);
}

// ---------------------------------------------------------------------------------------------
// Listings

export type ListingParams = {
  lang: Lang;
  name?: string;
  category?: string;
  page: number;
  perPage: number;
  classCodes?: string[];
  filters: ListingFilters;
};

async function scopeFor(
  ctx: CatalogueContext,
  params: Pick<ListingParams, 'name' | 'category' | 'classCodes' | 'filters'>,
  country: Country,
  categories: () => Promise<CategoryList> = () => allCategories(ctx),
): Promise<ListingScope | null> {
  let categoryIds: number[] | null = null;
  if ((params.category ?? '').trim() || (params.name ?? '').trim()) {
    const list = await categories();
    const found = list.find(params.category, params.name);
    if (!found) return null;
    categoryIds = list.descendantIds(found);
  }
  return {
    country,
    categoryIds,
    classCodes: (params.classCodes ?? []).map((c) => c.trim().toUpperCase()).filter(Boolean),
    brand: params.filters.brand,
    colour: params.filters.color,
    type: params.filters.type,
    size: params.filters.size,
  };
}

function scopeKey(scope: ListingScope): string {
  return JSON.stringify(scope);
}

/**
 * Every product id of a scope in display order (category, then SKU). A scope of categories is put
 * together from each category's ids (caches.categoryIndex), concatenated in category order as the
 * statement orders them: a top-level category of a million-product catalogue holds ~90,000 ids,
 * and its sub-categories' listings (asked as often) read the same ones, so each is scanned once.
 */
async function scopeIds(ctx: CatalogueContext, scope: ListingScope): Promise<Int32Array> {
  const categoryIds = scope.categoryIds;
  if (!categoryIds) return selectListingIds(ctx.db, scope);
  const rest = scopeKey({ ...scope, categoryIds: [] });
  const keys = categoryIds.map((id) => `${id}|${rest}`);
  const found = await ctx.caches.categoryIndex.getMany(keys, async (missing) => {
    const missingIds = missing.map((key) => Number(key.slice(0, key.indexOf('|'))));
    const lists = await selectListingIdsByCategory(ctx.db, { ...scope, categoryIds: missingIds });
    return new Map(missing.map((key, i) => [key, lists.get(missingIds[i]) ?? NO_IDS]));
  });
  const parts = keys.map((key) => found.get(key) ?? NO_IDS);
  const ids = new Int32Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    ids.set(part, at);
    at += part.length;
  }
  return ids;
}

const NO_IDS = new Int32Array(0);

/**
 * GET cadProducts / usProducts / classCode / displayProducts: one page of a category listing in the
 * viewer's country, filtered, ordered by category then SKU. A page past the end is an empty page.
 * Products are unique by product_id (docs/product/catalogue.md dedup: one row per SKU by construction).
 * The scope's ids are cached (30 s, dropped by the change feed) and the page's cards come from the
 * card cache, so a page no one asked for yet usually costs no statement at all.
 */
export async function listProducts(
  ctx: CatalogueContext,
  params: ListingParams,
  viewer: Viewer,
): Promise<Paginated<ProductCard>> {
  // Read once for the scope and the viewer's prices: with CACHES=off each read is a statement.
  let categories: Promise<CategoryList> | undefined;
  const categoryList = () => (categories ??= allCategories(ctx));
  const scope = await scopeFor(ctx, params, viewer.country, categoryList);
  if (!scope) return toPage([], 0, params.page, params.perPage);
  const offset = (params.page - 1) * params.perPage;
  const ids = await ctx.caches.listingIndex.get(scopeKey(scope), () => scopeIds(ctx, scope));
  if (offset >= ids.length) return toPage([], ids.length, params.page, params.perPage);
  const rows = await cardRows(
    ctx,
    Array.from(ids.subarray(offset, offset + params.perPage)),
    viewer.country,
    params.lang,
  );
  const cards = rows.map((row) => toCard(row, viewer));
  return toPage(
    await layCustomerPrices(ctx, cards, rows, viewer, await categories),
    ids.length,
    params.page,
    params.perPage,
  );
}

/** GET filter-options-by-category: the brands, colours, types and sizes present, with counts. */
export async function getFilterOptions(
  ctx: CatalogueContext,
  params: { category?: string; name?: string; classCodes?: string[] },
  country: Country,
): Promise<FilterOptions> {
  const none: ListingFilters = { brand: [], color: [], type: [], size: [] };
  const scope = await scopeFor(ctx, { ...params, filters: none }, country);
  if (!scope) return { brands: [], colors: [], types: [], sizes: [] };
  return ctx.caches.filters.get(scopeKey(scope), async () => {
    const rows = await selectFilterOptions(ctx.db, scope);
    const pick = (kind: string) =>
      rows
        .filter((r) => r.kind === kind)
        .map((r) => ({ value: r.value, count: r.count }))
        .sort((a, b) => a.value.localeCompare(b.value, 'en', { numeric: true }));
    return {
      brands: pick('brand'),
      colors: pick('colour'),
      types: pick('type'),
      sizes: pick('size'),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Best sellers, groups

export const BEST_SELLER_DAYS = 90;
export const BEST_SELLER_LIMIT = 20;

/** Product ids ordered by quantity in a country since a date, most first (the orders module's). */
export type TopProductIds = (
  tx: Tx,
  country: Viewer['country'],
  since: Date,
  limit: number,
) => Promise<number[]>;

/**
 * GET /best/sellers: the most ordered products of the last 90 days in the country (order lines,
 * read by the orders module, which the route hands in so that catalogue does not depend on orders);
 * topped up with the newest class F (new) products when there are too few.
 */
export async function getBestSellers(
  ctx: CatalogueContext,
  lang: Lang,
  viewer: Viewer,
  topProductIdsByQuantity: TopProductIds,
  now = new Date(),
): Promise<ProductCard[]> {
  const { db: tx, caches } = ctx;
  const ids = await caches.bestSellers.get(viewer.country, async () => {
    const since = new Date(now.getTime() - BEST_SELLER_DAYS * 24 * 60 * 60 * 1000);
    const top = await topProductIdsByQuantity(tx, viewer.country, since, BEST_SELLER_LIMIT * 2);
    if (top.length >= BEST_SELLER_LIMIT) return top;
    const newest = await selectNewestIdsOfClass(tx, 'F', viewer.country, BEST_SELLER_LIMIT);
    return [...top, ...newest.filter((id) => !top.includes(id))];
  });
  const rows = (await selectCardsByIds(tx, ids, viewer.country, lang)).slice(0, BEST_SELLER_LIMIT);
  return layCustomerPrices(
    ctx,
    rows.map((r) => toCard(r, viewer)),
    rows,
    viewer,
  );
}

/** GET /api/product_group/:id — the group's title and one page of its products. */
export async function getProductGroup(
  ctx: CatalogueContext,
  groupId: number,
  lang: Lang,
  page: number,
  perPage: number,
  viewer: Viewer,
): Promise<{ title: string } & Paginated<ProductCard>> {
  const { db: tx, caches } = ctx;
  const group = await selectGroup(tx, groupId);
  if (!group) throw new AppError('NOT_FOUND', 'This product group does not exist');
  const [total, rows] = await Promise.all([
    caches.counts.get(`group:${groupId}:${viewer.country}`, () =>
      countGroup(tx, groupId, viewer.country),
    ),
    selectGroupPage(tx, groupId, viewer.country, lang, perPage, (page - 1) * perPage),
  ]);
  const title = lang === 'fr' ? group.title_fr : lang === 'es' ? group.title_es : group.title_en;
  return {
    title,
    ...toPage(
      await layCustomerPrices(
        ctx,
        rows.map((r) => toCard(r, viewer)),
        rows,
        viewer,
      ),
      total,
      page,
      perPage,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Development only: a product written directly (browser journeys need one with a hostile name).

export type DevProductInput = {
  product_id: string;
  category: string;
  class: string;
  names: { en: string; fr?: string; es?: string };
  ship_pack: number;
  prices: Array<{
    country: Country;
    retail: number;
    selling: number;
    selling_2: number | null;
    available: number;
  }>;
  /** Store the names exactly as given (to prove the browser's own sanitising); otherwise sanitised. */
  raw_names: boolean;
};

/** Inserts one product with its names and prices (development and tests only; never registered in production). */
export async function createDevProduct(
  ctx: CatalogueContext,
  input: DevProductInput,
): Promise<{ id: number }> {
  const category = (await allCategories(ctx)).find(input.category, undefined);
  if (!category)
    throw new AppError('VALIDATION_FAILED', 'Unknown category', {
      fields: { category: 'Unknown category' },
    });
  const clean = (name: string) => (input.raw_names ? name : sanitizeProductName(name));
  const id = await ctx.db.transaction((inner) =>
    insertDevProduct(inner, {
      productId: input.product_id.trim(),
      classCode: input.class,
      categoryId: category.id,
      shipPack: input.ship_pack,
      names: {
        en: clean(input.names.en),
        fr: clean(input.names.fr ?? input.names.en),
        es: clean(input.names.es ?? input.names.en),
      },
      prices: input.prices.map((p) => ({
        country: p.country,
        retailPriceCents: toCents(p.retail),
        sellingPriceCents: toCents(p.selling),
        sellingPrice2Cents: p.selling_2 === null ? null : toCents(p.selling_2),
        available: p.available,
      })),
    }),
  );
  invalidateCatalogueCaches(ctx.caches);
  return { id };
}
