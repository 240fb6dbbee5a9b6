import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { TestApp } from './test-app';
import { categories, classCodes, productPrices, products, productTranslations } from '../db/schema';

export type FixtureProduct = {
  code: string;
  classCode?: string;
  shipPack?: number;
  barcode?: string | null;
  /** Per-country price/stock; a country left out is not sold there. */
  ca?: { selling: number; selling2?: number | null; retail?: number; available: number };
  us?: { selling: number; selling2?: number | null; retail?: number; available: number };
  name?: string;
  active?: boolean;
};

/**
 * Inserts a tiny catalogue for cart/order tests (prices in cents, stock in ship packs) and returns
 * the numeric id of each product by code. Used until and beside the demo seed.
 */
export async function insertShoppingFixtures(
  db: Database,
  list: FixtureProduct[],
): Promise<Record<string, number>> {
  await db
    .insert(classCodes)
    .values(
      ['A', 'F', 'R', 'Y', 'N'].map((code) => ({
        code,
        labelEn: code,
        labelFr: code,
        labelEs: code,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(categories)
    .values({
      level: 1,
      catCode: 'FIX',
      nameEn: 'Fixtures',
      nameFr: 'Fixtures',
      nameEs: 'Fixtures',
    })
    .onConflictDoNothing();
  const [cat] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`cat_code = 'FIX'`);
  const ids: Record<string, number> = {};
  for (const p of list) {
    const [row] = await db
      .insert(products)
      .values({
        productId: p.code,
        classCode: p.classCode ?? 'A',
        categoryId: cat.id,
        shipPack: p.shipPack ?? 1,
        barcode: p.barcode ?? null,
        active: p.active ?? true,
      })
      .returning({ id: products.id });
    ids[p.code] = row.id;
    await db.insert(productTranslations).values([
      { productId: row.id, lang: 'en', name: p.name ?? `Product ${p.code}` },
      { productId: row.id, lang: 'fr', name: `Produit ${p.code}` },
    ]);
    for (const country of ['ca', 'us'] as const) {
      const price = p[country];
      if (!price) continue;
      await db.insert(productPrices).values({
        productId: row.id,
        country,
        sellingPriceCents: price.selling,
        sellingPrice2Cents: price.selling2 ?? null,
        retailPriceCents: price.retail ?? price.selling * 2,
        available: price.available,
      });
    }
  }
  return ids;
}

/** Current stock of a product in a country. */
export async function stockOf(
  db: Database,
  productId: number,
  country: 'ca' | 'us' = 'ca',
): Promise<number> {
  const [row] = await db
    .select({ available: productPrices.available })
    .from(productPrices)
    .where(
      sql`${productPrices.productId} = ${productId} and ${productPrices.country} = ${country}`,
    );
  return row.available;
}

/** Puts `item` packs of the product coded `productId` in the cart of whoever `headers` sign in as. */
export function addToCart(
  t: TestApp,
  headers: Record<string, string>,
  productId: string,
  item: number,
) {
  return t.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers,
    payload: { product_id: productId, item },
  });
}
