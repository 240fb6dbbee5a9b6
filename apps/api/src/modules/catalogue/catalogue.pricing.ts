import { and, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { productImagePath, type Country, type Lang } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { productPrices, products, productTranslations } from '../../db/schema';

/**
 * The narrow window the cart, orders and Opticon modules have onto the catalogue: a product as it
 * can be ordered in one country (price in cents, stock in ship packs). Nothing else of the catalogue
 * tables leaks out of this module.
 */
export type OrderableProduct = {
  id: number;
  productId: string;
  barcode: string | null;
  name: string;
  classCode: string;
  shipPack: number;
  image: string;
  types: string;
  brand: string | null;
  /** The product's category first, then its parents up to the top (what price lists target). */
  categoryPath: number[];
  colour: string | null;
  type: string | null;
  size: string | null;
  retailCents: number;
  /**
   * The catalogue's prices. NOTE: what a customer pays is not here: it is their price
   * (cart.prices.ts `customerLinePrices`, on the pricing engine), which may be a price list's.
   */
  sellingCents: number;
  selling2Cents: number | null;
  available: number;
};

type Param<T> = T | Placeholder;

/**
 * The product's name in `lang`, else in English, else its SKU code. NOTE: a COALESCE of scalar
 * subqueries evaluates the English lookup only when the first finds nothing, where two LEFT JOINs
 * would read both translations of every row.
 */
function orderableName(lang: Param<Lang>) {
  return sql<string>`coalesce(${translatedName(lang)}, ${translatedName('en')}, trim(${products.productId}))`;
}

/** The product's name in `lang`, or null (a scalar subquery, for a select list). */
export function translatedName(lang: Param<Lang>) {
  return sql<
    string | null
  >`(select t.name from product_translations t where t.product_id = ${products.id} and t.lang = ${lang})`;
}

/**
 * The product's category and its parents, nearest first (the tree has three levels). NOTE: a
 * scalar subquery of two primary-key lookups, read with the product's other facts, so pricing a
 * cart or an order costs no round trip for the tree.
 */
const categoryPath = sql<number[]>`(
  select array_remove(array[c.id, c.parent_id, g.parent_id], null) from categories c
  left join categories g on g.id = c.parent_id where c.id = ${products.categoryId})`;

/** The columns of a product that do not depend on country or language (see `factsOf`). */
export const factsColumns = {
  id: products.id,
  productId: products.productId,
  barcode: products.barcode,
  classCode: products.classCode,
  shipPack: products.shipPack,
  types: products.contentTypes,
  brand: products.brand,
  categoryPath,
  colour: products.colour,
  type: products.type,
  size: products.size,
};

function orderableFields(lang: Param<Lang>) {
  return {
    ...factsColumns,
    name: orderableName(lang),
    retailCents: productPrices.retailPriceCents,
    sellingCents: productPrices.sellingPriceCents,
    selling2Cents: productPrices.sellingPrice2Cents,
    available: productPrices.available,
  };
}

type OrderableRow = Omit<OrderableProduct, 'image'>;

/** A product's price and stock in one country. */
export type PriceRow = {
  productRef: number;
  retailCents: number;
  sellingCents: number;
  selling2Cents: number | null;
  available: number;
};

/** What describes a product whatever the country: codes, names, class, pack. Changes only with catalogue edits. */
export type ProductFacts = Omit<
  OrderableProduct,
  'name' | 'retailCents' | 'sellingCents' | 'selling2Cents' | 'available'
> & { names: Partial<Record<Lang, string>> };

export type FactsRow = Omit<ProductFacts, 'names' | 'image'>;

/** Normalises a product row once: trimmed SKU code, ship pack at least 1, the image path. */
export function factsOf(row: FactsRow, names: ProductFacts['names']): ProductFacts {
  return {
    id: row.id,
    productId: row.productId.trim(),
    barcode: row.barcode,
    names,
    classCode: row.classCode,
    shipPack: row.shipPack > 0 ? row.shipPack : 1,
    image: productImagePath(row.productId),
    types: row.types,
    brand: row.brand,
    categoryPath: row.categoryPath ?? [],
    colour: row.colour,
    type: row.type,
    size: row.size,
  };
}

/** The product with its name in the caller's language and its price and stock in the country. */
export function priced(
  f: ProductFacts,
  name: string,
  p: Omit<PriceRow, 'productRef'>,
): OrderableProduct {
  const selling2 = p.selling2Cents ?? null;
  return {
    id: f.id,
    productId: f.productId,
    barcode: f.barcode,
    name,
    classCode: f.classCode,
    shipPack: f.shipPack,
    image: f.image,
    types: f.types,
    brand: f.brand,
    categoryPath: f.categoryPath,
    colour: f.colour,
    type: f.type,
    size: f.size,
    retailCents: p.retailCents,
    sellingCents: p.sellingCents,
    selling2Cents: selling2,
    available: p.available,
  };
}

function selectOrderable(tx: Tx, country: Country, lang: Lang) {
  return tx
    .select(orderableFields(lang))
    .from(products)
    .innerJoin(
      productPrices,
      and(eq(productPrices.productId, products.id), eq(productPrices.country, country)),
    )
    .$dynamic();
}

/** Maps a row of the orderable columns to the product as the cart and orders see it. */
function toOrderable(row: OrderableRow): OrderableProduct {
  return priced(factsOf(row, {}), row.name, row);
}

function buildOrderableByIds(tx: Tx, lock: boolean) {
  const query = tx
    .select(orderableFields(sql.placeholder('lang')))
    .from(products)
    .innerJoin(
      productPrices,
      and(
        eq(productPrices.productId, products.id),
        eq(productPrices.country, sql.placeholder('country')),
      ),
    )
    .where(
      and(
        sql`${products.id} = any(${sql.placeholder('ids')}::int[])`,
        eq(products.active, true),
        sql`(${sql.placeholder('numbers')}::int[] is null
             or ${products.id} = any(${sql.placeholder('numbers')}::int[])
             or btrim(${products.productId}) = any(${sql.placeholder('codes')}::text[]))`,
      ),
    )
    .orderBy(products.id);
  return lock ? query.for('update', { of: productPrices }) : query;
}

type OrderableParams = {
  ids: number[];
  country: Country;
  lang: Lang;
  numbers: number[] | null;
  codes: string[] | null;
};

// NOTE: every order reads (and locks) its lines' products with this, and a cart change reads them:
// built once per database and named, with the ids as ONE array parameter, so neither Drizzle nor
// PostgreSQL builds and plans a statement with one parameter per product on every call (in a
// profile of ten-line orders, building that statement was about a sixth of the API's CPU).
const orderableByIds = prepared<OrderableRow, OrderableParams>('orderable_by_ids', (tx) =>
  buildOrderableByIds(tx, false),
);
const orderableByIdsLocked = prepared<OrderableRow, OrderableParams>(
  'orderable_by_ids_locked',
  (tx) => buildOrderableByIds(tx, true),
);

/**
 * Active products sold in `country`, by numeric id, in one query. With `lock`, their stock rows are
 * locked (SELECT … FOR UPDATE, in id order so concurrent orders cannot deadlock) until the
 * transaction ends: the values read are then the latest committed ones. With `matching`, only those
 * of the ids that are one of these numeric ids or SKU codes (an order of some of a cart's lines
 * locks those lines' products only).
 */
export async function getOrderableProducts(
  tx: Tx,
  ids: number[],
  country: Country,
  lang: Lang,
  options: { lock?: boolean; matching?: Array<string | number> } = {},
): Promise<Map<number, OrderableProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const matching = options.matching;
  const rows = await (options.lock ? orderableByIdsLocked : orderableByIds)(tx, {
    ids: unique,
    country,
    lang,
    numbers: matching ? matching.filter((r): r is number => typeof r === 'number') : null,
    codes: matching ? matching.filter((r): r is string => typeof r === 'string') : null,
  });
  return new Map(rows.map((r) => [r.id, toOrderable(r)]));
}

/**
 * Finds products by SKU code (products.product_id) or barcode (UPC/EAN), in one query. Returns each
 * product found with the codes that matched it, so a caller can map every code it was given.
 */
export async function findOrderableByCodes(
  tx: Tx,
  codes: string[],
  country: Country,
  lang: Lang,
  options: { barcodes?: boolean } = {},
): Promise<OrderableProduct[]> {
  const unique = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
  if (unique.length === 0) return [];
  const match = options.barcodes
    ? or(inArray(products.productId, unique), inArray(products.barcode, unique))
    : inArray(products.productId, unique);
  const rows = await selectOrderable(tx, country, lang).where(
    and(match, eq(products.active, true)),
  );
  return rows.map(toOrderable);
}

/** Numeric ids of active products by SKU code (any country), for favourites. */
export async function findProductIdsByCodes(tx: Tx, codes: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, productId: products.productId })
    .from(products)
    .where(and(inArray(products.productId, unique), eq(products.active, true)));
  return new Map(rows.map((r) => [r.productId.trim(), r.id]));
}

/**
 * New stock levels (ship packs) for one country as ONE statement, for the caller to run with its own
 * writes (a data-modifying CTE: one round trip). Callers must hold the rows' locks
 * (getOrderableProducts with lock) and never pass a negative level. 'after-commit': the catalogue
 * trigger stays silent for the caller's whole transaction (migration 0025), and the caller
 * announces the change once committed (announceStockChange).
 */
export function stockLevelsUpdate(
  country: Country,
  levels: Array<{ id: number; available: number }>,
  announce: 'at-commit' | 'after-commit' = 'at-commit',
): SQL {
  if (levels.some((l) => l.available < 0 || !Number.isInteger(l.available)))
    throw new Error('Stock cannot go below zero');
  const ids = levels.map((l) => l.id);
  const values = levels.map((l) => l.available);
  const silence =
    announce === 'after-commit'
      ? sql`, set_config('ws.catalogue_feed', 'after-commit', true) as silenced`
      : sql``;
  return sql`
    update product_prices as pp set available = v.available
    from (select *${silence}
          from unnest(${`{${ids.join(',')}}`}::int[], ${`{${values.join(',')}}`}::int[]) as u(product_id, available)) as v
    where pp.product_id = v.product_id and pp.country = ${country}`;
}

/**
 * Up to `limit` products sold in `country` whose SKU code or barcode starts with `prefix` (or whose
 * name contains it), for the quick-order pad's suggestions.
 */
export async function suggestOrderable(
  tx: Tx,
  prefix: string,
  country: Country,
  lang: Lang,
  limit = 8,
): Promise<OrderableProduct[]> {
  const p = prefix.trim().replace(/[%_\\]/g, (c) => `\\${c}`);
  if (!p) return [];
  // Name matching needs the names as joined columns (one join per row beats two subqueries each).
  const tEn = alias(productTranslations, 'tr_en');
  const tLang = alias(productTranslations, 'tr_lang');
  const rows = await selectOrderable(tx, country, lang)
    .leftJoin(tLang, and(eq(tLang.productId, products.id), eq(tLang.lang, lang)))
    .leftJoin(tEn, and(eq(tEn.productId, products.id), eq(tEn.lang, 'en')))
    .where(
      and(
        eq(products.active, true),
        or(
          sql`${products.productId} ilike ${`${p}%`}`,
          sql`${products.barcode} like ${`${p}%`}`,
          sql`coalesce(${tLang.name}, ${tEn.name}) ilike ${`%${p}%`}`,
        ),
      ),
    )
    .orderBy(sql`(${products.productId} ilike ${`${p}%`}) desc`, products.productId)
    .limit(limit);
  return rows.map(toOrderable);
}

/**
 * Gives stock back (a cancelled order): adds ship packs to one country's levels in one statement.
 * The rows are locked in product id order first, the order placing an order locks them in, so the
 * two never deadlock.
 */
export async function returnStock(
  tx: Tx,
  country: Country,
  items: Array<{ id: number; quantity: number }>,
): Promise<void> {
  const given = items.filter((i) => i.quantity > 0);
  if (given.length === 0) return;
  const ids = given.map((i) => i.id);
  const quantities = given.map((i) => i.quantity);
  await tx.execute(sql`
    select 1 from product_prices
    where product_id = any(${`{${ids.join(',')}}`}::int[]) and country = ${country}
    order by product_id for update`);
  await tx.execute(sql`
    update product_prices as pp set available = pp.available + v.quantity
    from (select product_id, sum(quantity)::int as quantity
          from unnest(${`{${ids.join(',')}}`}::int[], ${`{${quantities.join(',')}}`}::int[]) as u(product_id, quantity)
          group by product_id) as v
    where pp.product_id = v.product_id and pp.country = ${country}`);
}

/**
 * Products' names in one language, by numeric id (inactive products too): an order shows its lines
 * in the buyer's interface language where the catalogue has the name, while keeping its snapshot.
 */
export async function productNamesIn(
  tx: Tx,
  ids: number[],
  lang: Lang,
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: productTranslations.productId, name: productTranslations.name })
    .from(productTranslations)
    .where(and(inArray(productTranslations.productId, unique), eq(productTranslations.lang, lang)));
  return new Map(rows.filter((r) => r.name.trim() !== '').map((r) => [r.id, r.name]));
}
