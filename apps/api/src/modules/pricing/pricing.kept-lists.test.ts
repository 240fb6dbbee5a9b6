import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  entryInDate,
  shopToday,
  type PriceAssignee,
  type PriceEntry,
  type PricedProduct,
} from '@wholesale/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { insertCatalogueFixtures } from '../../test/catalogue-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  entrySpecOf,
  insertPriceEntries,
  insertPriceList,
  pricingFeedCaughtUp,
} from '../../test/pricing-fixtures';
import { customerPricesKept } from './pricing.caches';
import { dayNumber, keepList, keptEntriesFor, type KeptEntryRow } from './pricing.kept-lists';
import { customerPrices } from './pricing.service';

/*
 * The kept price lists (docs/decisions/041-kept-price-lists.md): what the typed arrays give back is
 * what the statement reads, for any entries; and an API process drops a kept list when the feed
 * says its entries or its name changed, or it was turned off, so a buyer's next page shows it.
 */

function rowOf(entry: PriceEntry): KeptEntryRow {
  const t = entry.target;
  return {
    product_id: t.kind === 'product' ? t.productId : null,
    brand: t.kind === 'brand' ? t.brand : null,
    category_id: t.kind === 'category' ? t.categoryId : null,
    min_packs: entry.minPacks,
    kind: entry.rule.kind,
    unit_cents: entry.rule.kind === 'fixed' ? entry.rule.unitCents : null,
    basis_points: entry.rule.kind === 'percent_off' ? entry.rule.basisPoints : null,
    starts_on: entry.startsOn,
    ends_on: entry.endsOn,
  };
}

/** What the statement answers for a product: the entries that target it and are in date. */
function applying(entries: PriceEntry[], product: PricedProduct, day: string): PriceEntry[] {
  return entries.filter((e) => {
    if (!entryInDate(e, day)) return false;
    const t = e.target;
    if (t.kind === 'product') return t.productId === product.id;
    if (t.kind === 'brand') return t.brand === product.brand;
    return product.categoryPath.includes(t.categoryId);
  });
}

/** Entries in one order whatever order their keys were written in. */
const sorted = (entries: readonly PriceEntry[]) =>
  entries
    .map((e) => ({
      e,
      key: JSON.stringify([e.listId, e.target, e.minPacks, e.rule, e.startsOn, e.endsOn]),
    }))
    .sort((a, b) => a.key.localeCompare(b.key))
    .map(({ e }) => e);

describe('a kept list', () => {
  const dayArb = fc
    .integer({ min: 0, max: 20 })
    .map((d) => new Date(Date.UTC(2026, 10, 20 + d)).toISOString().slice(0, 10));
  const entryArb = (listId: number, assignee: PriceAssignee) =>
    fc
      .record({
        target: fc.oneof(
          fc
            .integer({ min: 1, max: 6 })
            .map((productId) => ({ kind: 'product' as const, productId })),
          fc.constantFrom('Acme', 'Bravo').map((brand) => ({ kind: 'brand' as const, brand })),
          fc
            .integer({ min: 1, max: 4 })
            .map((categoryId) => ({ kind: 'category' as const, categoryId })),
        ),
        minPacks: fc.constantFrom(1, 1, 5, 10),
        rule: fc.oneof(
          fc
            .integer({ min: 0, max: 900 })
            .map((unitCents) => ({ kind: 'fixed' as const, unitCents })),
          fc
            .integer({ min: 1, max: 10_000 })
            .map((basisPoints) => ({ kind: 'percent_off' as const, basisPoints })),
        ),
        startsOn: fc.option(dayArb),
        endsOn: fc.option(dayArb),
      })
      .map((e): PriceEntry => ({ ...e, listId, listName: `List ${listId}`, assignee }));

  it('gives back, for any product and day, the entries that apply to it, with its assignee', () => {
    fc.assert(
      fc.property(
        fc.array(entryArb(1, 'customer'), { maxLength: 30 }),
        fc.array(entryArb(2, 'group'), { maxLength: 30 }),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom<string | null>('Acme', 'Bravo', null),
        fc.constantFrom([1], [2, 1], [4, 3], [3]),
        dayArb,
        (own, group, id, brand, categoryPath, day) => {
          const product: PricedProduct = {
            id,
            brand,
            categoryPath,
            sellingCents: 500,
            secondCents: null,
          };
          const lists = [
            { kept: keepList(1, 'List 1', own.map(rowOf)), assignee: 'customer' as const },
            { kept: keepList(2, 'List 2', group.map(rowOf)), assignee: 'group' as const },
          ];
          const kept = keptEntriesFor(lists, product, day, dayNumber(day));
          const expected = applying([...own, ...group], product, day);
          expect(sorted(kept)).toEqual(sorted(expected));
        },
      ),
      { numRuns: 300 },
    );
  });
});

// The kept lists are an index kept fresh by the feed, not an answer cache: CACHES=off leaves them
// on (docs/decisions/043-kept-price-lists-whatever-caches.md), with the same freshness.
describe.each(['on', 'off'])('an API process keeping lists (CACHES=%s)', (caches) => {
  let t: TestApp;
  let fx: Awaited<ReturnType<typeof insertCatalogueFixtures>>;
  let buyer: { userId: number; headers: Record<string, string> };
  let listId: number;
  const day = shopToday(new Date());
  const detailPath = '/api/productDescription?product_id=BT-1001&country=ca';
  const detail = async () => (await t.get(detailPath, buyer.headers)).json().data;

  beforeAll(async () => {
    t = await createTestApp({ env: { CACHES: caches } });
    fx = await insertCatalogueFixtures(t);
    buyer = await t.signIn({ country: 'ca' });
    listId = await insertPriceList(t.handle.db, {
      name: 'Maison Tremblay',
      customers: [buyer.userId],
      entries: [{ productId: fx.ids['BT-1001'], unitCents: 200 }],
    });
    await pricingFeedCaughtUp(t.app, t.handle.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a changed entry, a renamed list and a list turned off on the next page', async () => {
    const db = t.handle.db;
    expect(await detail()).toMatchObject({
      customer_price: 2,
      price_reason: { kind: 'price_list', list_name: 'Maison Tremblay' },
    });
    const kept = t.app.caches.stats()['pricing.kept-lists'];
    expect(await detail()).toMatchObject({ customer_price: 2 });
    expect(t.app.caches.stats()['pricing.kept-lists']?.hits).toBeGreaterThan(kept?.hits ?? 0);

    await db.execute(sql`update price_list_entries set unit_cents = 150 where list_id = ${listId}`);
    await pricingFeedCaughtUp(t.app, db);
    expect(await detail()).toMatchObject({ customer_price: 1.5 });

    await insertPriceEntries(db, listId, [
      entrySpecOf({
        target: { kind: 'product', productId: fx.ids['BT-1001'] },
        rule: { kind: 'fixed', unitCents: 90 },
        minPacks: 10,
        startsOn: null,
        endsOn: null,
      }),
    ]);
    await db.execute(sql`update price_lists set name = 'Tremblay & fils' where id = ${listId}`);
    await pricingFeedCaughtUp(t.app, db);
    expect(await detail()).toMatchObject({
      customer_price: 1.5,
      price_reason: { list_name: 'Tremblay & fils' },
      price_breaks: [{ min_packs: 10, unit_price: 0.9 }],
    });

    await db.execute(
      sql`delete from price_list_entries where list_id = ${listId} and min_packs = 10`,
    );
    await pricingFeedCaughtUp(t.app, db);
    expect(await detail()).toMatchObject({ price_breaks: [] });

    await db.execute(sql`update price_lists set active = false where id = ${listId}`);
    await pricingFeedCaughtUp(t.app, db);
    expect((await detail()).customer_price).toBeUndefined();
    await db.execute(sql`update price_lists set active = true where id = ${listId}`);
    await pricingFeedCaughtUp(t.app, db);
  });

  it('prices by statement with KEPT_PRICE_LISTS=off, with the same answer', async () => {
    const off = await buildApp({
      config: { ...t.config, keptPriceListsEnabled: false },
      db: t.handle,
      logger: false,
    });
    try {
      await off.ready();
      const kept = await detail();
      const res = await off.inject({ method: 'GET', url: detailPath, headers: buyer.headers });
      expect(res.json().data).toEqual(kept);
      expect(kept.customer_price).toBeTypeOf('number');
      expect(off.caches.stats()['pricing.kept-lists']).toMatchObject({ hits: 0, size: 0 });
    } finally {
      await off.close();
    }
  });

  it('prices a list too large to keep by statement, with the same answer', async () => {
    const pricing = t.app.pricing;
    const product: PricedProduct = {
      id: fx.ids['BT-1001'],
      brand: null,
      categoryPath: [],
      sellingCents: 500,
      secondCents: null,
    };
    const customer = { customerId: buyer.userId, country: 'ca' as const };
    const kept = await customerPricesKept(pricing, customer, [product], day);
    pricing.perListMax = 0;
    pricing.lists.clear();
    try {
      const misses = t.app.caches.stats()['pricing.kept-lists']?.misses ?? 0;
      const byStatement = await customerPricesKept(pricing, customer, [product], day);
      expect(byStatement).toEqual(kept);
      expect(byStatement).toEqual(await customerPrices(t.handle.db, customer, [product], day));
      // The list is remembered as too large (one read of it), not read again on every page.
      await customerPricesKept(pricing, customer, [product], day);
      expect(t.app.caches.stats()['pricing.kept-lists']?.misses).toBe(misses + 1);
    } finally {
      pricing.perListMax = 500_000;
      pricing.lists.clear();
    }
  });
});
