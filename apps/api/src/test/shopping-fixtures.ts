import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { createTestApp, type TestApp } from './test-app';
import {
  categories,
  classCodes,
  orderLines,
  orders,
  productPrices,
  products,
  productTranslations,
} from '../db/schema';

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

/** A product of one ship pack sold in Canada and the United States at the same price and stock. */
export const soldInBoth = (
  code: string,
  price: NonNullable<FixtureProduct['ca']>,
  more: Omit<FixtureProduct, 'code' | 'ca' | 'us'> = {},
): FixtureProduct => ({ code, shipPack: 1, ca: price, us: price, ...more });

/**
 * A product of one ship pack with plenty in stock (1000) in both countries, each at its own price
 * in cents: the one product an order or checkout test buys when stock is not what it proves.
 */
export const plentyInBoth = (code: string, cents: { ca: number; us: number }): FixtureProduct => ({
  code,
  shipPack: 1,
  ca: { selling: cents.ca, available: 1000 },
  us: { selling: cents.us, available: 1000 },
});

type PriceRow = Omit<typeof productPrices.$inferInsert, 'productId' | 'country'>;

/**
 * The test app of a file about buying (createTestApp) with its `products` inserted
 * (insertShoppingFixtures), for the file's beforeAll: answers the app and the products' ids by code.
 */
export async function createShopTestApp(
  products: FixtureProduct[],
): Promise<{ t: TestApp; ids: Record<string, number> }> {
  const t = await createTestApp();
  return { t, ids: await insertShoppingFixtures(t.handle.db, products) };
}

/**
 * Inserts one product with its names and its price and stock per country (a country left out is
 * not sold there); returns its numeric id. The fixtures of every test catalogue go through it.
 */
export async function insertProduct(
  db: Database,
  product: typeof products.$inferInsert,
  names: Array<Omit<typeof productTranslations.$inferInsert, 'productId'>>,
  prices: { ca?: PriceRow; us?: PriceRow },
): Promise<number> {
  const [row] = await db.insert(products).values(product).returning({ id: products.id });
  await db.insert(productTranslations).values(names.map((n) => ({ ...n, productId: row.id })));
  for (const country of ['ca', 'us'] as const) {
    const price = prices[country];
    if (price) await db.insert(productPrices).values({ ...price, productId: row.id, country });
  }
  return row.id;
}

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
    const prices = (country: 'ca' | 'us') => {
      const price = p[country];
      return (
        price && {
          sellingPriceCents: price.selling,
          sellingPrice2Cents: price.selling2 ?? null,
          retailPriceCents: price.retail ?? price.selling * 2,
          available: price.available,
        }
      );
    };
    ids[p.code] = await insertProduct(
      db,
      {
        productId: p.code,
        classCode: p.classCode ?? 'A',
        categoryId: cat.id,
        shipPack: p.shipPack ?? 1,
        barcode: p.barcode ?? null,
        active: p.active ?? true,
      },
      [
        { lang: 'en', name: p.name ?? `Product ${p.code}` },
        { lang: 'fr', name: `Produit ${p.code}` },
      ],
      { ca: prices('ca'), us: prices('us') },
    );
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

/** A line of an order written straight into the tables: `quantity` ship packs of `shipPack` at `unit` cents. */
export type OrderLineFixture = {
  productId: number;
  code: string;
  name?: string;
  quantity: number;
  shipPack: number;
  unit: number;
  /** Ship packs taken from stock at placing: all of them unless said. */
  stockTaken?: number;
};

/**
 * An order written straight into its tables in `order.status` with its lines (stock taken, the
 * total theirs unless given), for tests that start where the desk or the invoicing take over;
 * answers its id and its lines' ids in the order given.
 */
export async function insertOrder(
  db: Database,
  order: Omit<typeof orders.$inferInsert, 'totalCents'> & { totalCents?: number },
  lines: OrderLineFixture[],
): Promise<{ id: number; lineIds: number[] }> {
  const lineTotal = (l: OrderLineFixture) => l.quantity * l.shipPack * l.unit;
  const [row] = await db
    .insert(orders)
    .values({ totalCents: lines.reduce((s, l) => s + lineTotal(l), 0), ...order })
    .returning({ id: orders.id });
  const written = lines.length
    ? await db
        .insert(orderLines)
        .values(
          lines.map((l) => ({
            orderId: row.id,
            productId: l.productId,
            productCode: l.code,
            name: l.name ?? `Product ${l.code}`,
            classCode: 'A',
            quantity: l.quantity,
            shipPack: l.shipPack,
            unitPriceCents: l.unit,
            lineTotalCents: lineTotal(l),
            stockTaken: l.stockTaken ?? l.quantity,
          })),
        )
        .returning({ id: orderLines.id })
    : [];
  return { id: row.id, lineIds: written.map((l) => l.id) };
}
