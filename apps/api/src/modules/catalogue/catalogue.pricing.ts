import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { productImagePath, type Country, type Lang } from '@wholesale/contract';
import type { Tx } from '../../db/client';
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
  colour: string | null;
  type: string | null;
  size: string | null;
  retailCents: number;
  sellingCents: number;
  selling2Cents: number | null;
  /** What the customer pays per unit: the second selling price when there is one, else the selling price. */
  priceCents: number;
  available: number;
};

const tEn = alias(productTranslations, 'tr_en');
const tLang = alias(productTranslations, 'tr_lang');

function selectOrderable(tx: Tx, country: Country, lang: Lang) {
  return tx
    .select({
      id: products.id,
      productId: products.productId,
      barcode: products.barcode,
      nameLang: tLang.name,
      nameEn: tEn.name,
      classCode: products.classCode,
      shipPack: products.shipPack,
      types: products.contentTypes,
      brand: products.brand,
      colour: products.colour,
      type: products.type,
      size: products.size,
      retailCents: productPrices.retailPriceCents,
      sellingCents: productPrices.sellingPriceCents,
      selling2Cents: productPrices.sellingPrice2Cents,
      available: productPrices.available,
    })
    .from(products)
    .innerJoin(
      productPrices,
      and(eq(productPrices.productId, products.id), eq(productPrices.country, country)),
    )
    .leftJoin(tLang, and(eq(tLang.productId, products.id), eq(tLang.lang, lang)))
    .leftJoin(tEn, and(eq(tEn.productId, products.id), eq(tEn.lang, 'en')))
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof selectOrderable>['execute']>>[number];

function toOrderable(row: Row): OrderableProduct {
  const selling2 = row.selling2Cents ?? null;
  return {
    id: row.id,
    productId: row.productId.trim(),
    barcode: row.barcode,
    name: row.nameLang ?? row.nameEn ?? row.productId.trim(),
    classCode: row.classCode,
    shipPack: row.shipPack > 0 ? row.shipPack : 1,
    image: productImagePath(row.productId),
    types: row.types,
    brand: row.brand,
    colour: row.colour,
    type: row.type,
    size: row.size,
    retailCents: row.retailCents,
    sellingCents: row.sellingCents,
    selling2Cents: selling2,
    priceCents: selling2 !== null && selling2 > 0 ? selling2 : row.sellingCents,
    available: row.available,
  };
}

/**
 * Active products sold in `country`, by numeric id, in one query. With `lock`, their stock rows are
 * locked (SELECT … FOR UPDATE, in id order so concurrent orders cannot deadlock) until the
 * transaction ends: the values read are then the latest committed ones.
 */
export async function getOrderableProducts(
  tx: Tx,
  ids: number[],
  country: Country,
  lang: Lang,
  options: { lock?: boolean } = {},
): Promise<Map<number, OrderableProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  let query = selectOrderable(tx, country, lang)
    .where(and(inArray(products.id, unique), eq(products.active, true)))
    .orderBy(products.id);
  if (options.lock) query = query.for('update', { of: productPrices });
  const rows = await query;
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
 * Writes new stock levels (ship packs) for one country in one statement. Callers must hold the
 * rows' locks (getOrderableProducts with lock) and never pass a negative level.
 */
export async function setStockLevels(
  tx: Tx,
  country: Country,
  levels: Array<{ id: number; available: number }>,
): Promise<void> {
  if (levels.length === 0) return;
  if (levels.some((l) => l.available < 0 || !Number.isInteger(l.available)))
    throw new Error('Stock cannot go below zero');
  const ids = levels.map((l) => l.id);
  const values = levels.map((l) => l.available);
  await tx.execute(sql`
    update product_prices as pp set available = v.available
    from unnest(${`{${ids.join(',')}}`}::int[], ${`{${values.join(',')}}`}::int[]) as v(product_id, available)
    where pp.product_id = v.product_id and pp.country = ${country}`);
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
  const rows = await selectOrderable(tx, country, lang)
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
