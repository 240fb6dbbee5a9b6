import { afterAll, beforeAll, expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { shopToday, type PriceEntry, type PricedProduct } from '@wholesale/contract';
import type { TestApp } from '../../test/test-app';
import { createShopTestApp } from '../../test/shopping-fixtures';
import { entrySpecOf, insertCustomerGroup, insertPriceList } from '../../test/pricing-fixtures';

/**
 * The test app of the customer-price files (customer-prices*.test.ts): four products in a
 * three-level category tree and two brands, a buyer who has ordered before (no opening minimum),
 * a staff member for phone orders, and the app's clock on a fixed day.
 * NOTE: exported `let`s are live bindings (see order-desk.test-app.ts).
 */
export let t: TestApp;
export let ids: Record<string, number>;
export let buyer: { userId: number; headers: Record<string, string> };
export let staff: { userId: number; headers: Record<string, string> };
/** The category ids: top, sub (under top), leaf (under sub). */
export let cats: { top: number; sub: number; leaf: number };

export const NOW = new Date('2031-05-06T15:00:00Z');
export const TODAY = shopToday(NOW);

/** The products as the pricing engine sees them, by code (filled by the beforeAll). */
export const priced: Record<string, PricedProduct> = {};

const CATALOGUE = [
  { code: 'A', brand: 'Acme', cat: 'leaf', shipPack: 1, selling: 1000, second: null },
  { code: 'B', brand: 'Acme', cat: 'sub', shipPack: 12, selling: 500, second: 450 },
  { code: 'C', brand: 'Bolt', cat: 'leaf', shipPack: 1, selling: 2000, second: null },
  { code: 'D', brand: null, cat: 'top', shipPack: 6, selling: 120, second: null },
] as const;
export const CODES = CATALOGUE.map((p) => p.code);

export function useCustomerPricesTestApp(): void {
  beforeAll(async () => {
    ({ t, ids } = await createShopTestApp(
      CATALOGUE.map((p) => ({
        code: p.code,
        shipPack: p.shipPack,
        ca: { selling: p.selling, selling2: p.second, available: 10_000_000 },
        us: { selling: p.selling + 1, available: 10_000_000 },
      })),
    ));
    t.app.clock.now = () => NOW;
    const db = t.handle.db;
    const category = async (code: string, level: number, parent: number | null) => {
      const { rows } = await db.execute<{ id: number }>(sql`
        insert into categories (parent_id, level, cat_code, name_en, name_fr, name_es)
        values (${parent}, ${level}, ${code}, ${code}, ${code}, ${code}) returning id`);
      return Number(rows[0].id);
    };
    const top = await category('PT', 1, null);
    const sub = await category('PS', 2, top);
    const leaf = await category('PL', 3, sub);
    cats = { top, sub, leaf };
    const path = { top: [top], sub: [sub, top], leaf: [leaf, sub, top] };
    for (const p of CATALOGUE) {
      await db.execute(sql`
        update products set brand = ${p.brand}, category_id = ${cats[p.cat]} where id = ${ids[p.code]}`);
      priced[p.code] = {
        id: ids[p.code],
        brand: p.brand,
        categoryPath: path[p.cat],
        sellingCents: p.selling,
        secondCents: p.second,
      };
    }
    buyer = await t.signIn({ ownerName: 'Priced Buyer', companyName: 'Contract Crafts' });
    staff = await t.signIn({ role: 'staff', ownerName: 'Sam Staff' });
    // An earlier order: the opening minimum and deposit do not apply to the orders here.
    await db.execute(sql`
      insert into orders (user_id, country, status, total_cents) values (${buyer.userId}, 'ca', 'invoiced', 100)`);
  }, 120_000);
  afterAll(() => t?.close());
}

export type Headers = Record<string, string>;

/** The cart after adding each line (the add answers are checked to be 200). */
export async function fillCart(h: Headers, lines: Array<[string, number]>) {
  for (const [product_id, item] of lines) {
    const added = await t.post('/api/cart/add', h, { product_id, item });
    expect(added.statusCode, added.body).toBe(200);
  }
  return (await t.get('/api/cart', h)).json();
}

/** The placed order's lines as the buyer's order page shows them. */
export async function orderLines(h: Headers, orderId: number) {
  const res = await t.get(`/api/fetch-order?order_id=${orderId}`, h);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order.products as Array<{
    product_id: string;
    item: number;
    price: number;
    line_total: number;
    price_reason: unknown;
  }>;
}

/** A price list as a test states it; `assignee` 'other': assigned to another customer only. */
export type ListSpec = {
  name: string;
  currency: 'CAD' | 'USD';
  active: boolean;
  assignee: 'customer' | 'group' | 'other';
  entries: Array<Omit<PriceEntry, 'listId' | 'listName' | 'assignee'>>;
};

/**
 * Inserts the lists for `customerId` (a group's list through a group the customer belongs to) and
 * answers the entries the pricing engine must see for them: active lists of the customer's
 * currency (CAD) assigned to them, none of the others.
 */
export async function insertLists(customerId: number, lists: ListSpec[]): Promise<PriceEntry[]> {
  const db = t.handle.db;
  const expected: PriceEntry[] = [];
  for (const list of lists) {
    const to =
      list.assignee === 'group'
        ? { groups: [await insertCustomerGroup(db, `${list.name} group`, [customerId])] }
        : { customers: [list.assignee === 'other' ? (await t.signIn()).userId : customerId] };
    const listId = await insertPriceList(db, {
      name: list.name,
      currency: list.currency,
      active: list.active,
      entries: list.entries.map(entrySpecOf),
      ...to,
    });
    if (list.currency === 'CAD' && list.active && list.assignee !== 'other')
      expected.push(
        ...list.entries.map((e) => ({
          ...e,
          listId,
          listName: list.name,
          assignee: list.assignee as 'customer' | 'group',
        })),
      );
  }
  return expected;
}

/** Forgets every price list and group (between runs of a property). */
export async function deleteLists(): Promise<void> {
  for (const table of [
    'price_list_assignments',
    'price_list_entries',
    'price_lists',
    'customer_group_members',
    'customer_groups',
  ])
    await t.handle.db.execute(sql.raw(`delete from ${table}`));
}
