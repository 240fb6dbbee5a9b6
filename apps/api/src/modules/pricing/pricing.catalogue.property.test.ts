import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  fromCents,
  priceFor,
  ProductDescriptionResponse,
  shopToday,
  type PriceEntry,
  type PricedProduct,
  type PriceReason,
  type PriceRule,
  type PriceTarget,
} from '@wholesale/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSchemaOrder } from '../../lib/fast-serializer';
import { insertCatalogueFixtures } from '../../test/catalogue-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  entrySpecOf,
  insertCustomerGroup,
  insertPriceEntries,
  insertPriceList,
  pricingFeedCaughtUp,
  type EntrySpec,
} from '../../test/pricing-fixtures';

/*
 * The prices a customer sees on a listing, a product page and a search are exactly what the one
 * engine (`priceFor`, packages/contract/src/pricing) gives for their lists, whatever the lists hold:
 * product, brand and category entries of their own list and of their group's, fixed prices and
 * shares off, volume breaks, entries in and out of date.
 */

let t: TestApp;
let buyer: Record<string, string>;
let lists: { own: number; group: number };
let products: Map<number, PricedProduct>;
let codes: string[];
let categoryIds: number[];
let productIds: number[];
const day = shopToday(new Date());
const writeDetailAnswer = inSchemaOrder(ProductDescriptionResponse);

beforeAll(async () => {
  t = await createTestApp();
  await insertCatalogueFixtures(t);
  const db = t.handle.db;
  const signedIn = await t.signIn({ country: 'ca' });
  buyer = signedIn.headers;
  const group = await insertCustomerGroup(db, 'Property group', [signedIn.userId]);
  lists = {
    own: await insertPriceList(db, { name: 'Own list', customers: [signedIn.userId] }),
    group: await insertPriceList(db, { name: 'Group list', groups: [group] }),
  };
  const parents = new Map(
    (
      await db.execute<{ id: number; parent_id: number | null }>(
        sql`select id, parent_id from categories`,
      )
    ).rows.map((r) => [Number(r.id), r.parent_id === null ? null : Number(r.parent_id)]),
  );
  const pathOf = (id: number) => {
    const path: number[] = [];
    for (let at: number | null | undefined = id; at != null; at = parents.get(at)) path.push(at);
    return path;
  };
  const rows = await db.execute<{
    id: number;
    product_id: string;
    brand: string | null;
    category_id: number;
    selling: number;
    second: number | null;
  }>(sql`
    select p.id, p.product_id, p.brand, p.category_id, pp.selling_price_cents as selling,
           pp.selling_price_2_cents as second
      from products p join product_prices pp on pp.product_id = p.id and pp.country = 'ca'
     where p.active`);
  products = new Map(
    rows.rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        brand: r.brand,
        categoryPath: pathOf(Number(r.category_id)),
        sellingCents: Number(r.selling),
        secondCents: r.second === null ? null : Number(r.second),
      },
    ]),
  );
  codes = rows.rows.map((r) => r.product_id.trim());
  productIds = [...products.keys()];
  categoryIds = [...parents.keys()];
});
afterAll(async () => {
  await t?.close();
});

function addDays(iso: string, days: number): string {
  const at = new Date(`${iso}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

type Drawn = {
  own: boolean;
  target: PriceTarget;
  minPacks: number;
  rule: PriceRule;
  starts: number | null;
  ends: number | null;
};

const entryArb = () =>
  fc
    .record({
      own: fc.boolean(),
      target: fc.oneof(
        fc
          .constantFrom(...productIds)
          .map((id): PriceTarget => ({ kind: 'product', productId: id })),
        fc
          .constantFrom('Acme', 'Bravo', 'Gamma')
          .map((b): PriceTarget => ({ kind: 'brand', brand: b })),
        fc
          .constantFrom(...categoryIds)
          .map((id): PriceTarget => ({ kind: 'category', categoryId: id })),
      ),
      minPacks: fc.constantFrom(1, 1, 1, 2, 5, 10, 24),
      rule: fc.oneof(
        fc.integer({ min: 0, max: 800 }).map((c): PriceRule => ({ kind: 'fixed', unitCents: c })),
        fc
          .integer({ min: 1, max: 10_000 })
          .map((bp): PriceRule => ({ kind: 'percent_off', basisPoints: bp })),
      ),
      starts: fc.constantFrom(null, null, -3, 0, 1),
      ends: fc.constantFrom(null, null, -1, 0, 2),
    })
    .filter((e) => e.starts === null || e.ends === null || e.ends >= e.starts);

/** The engine's entry and the fixture's row for a drawn entry. */
function entryOf(drawn: Drawn): { entry: PriceEntry; spec: EntrySpec; listId: number } {
  const listId = drawn.own ? lists.own : lists.group;
  const entry: PriceEntry = {
    listId,
    listName: drawn.own ? 'Own list' : 'Group list',
    assignee: drawn.own ? 'customer' : 'group',
    target: drawn.target,
    minPacks: drawn.minPacks,
    rule: drawn.rule,
    startsOn: drawn.starts === null ? null : addDays(day, drawn.starts),
    endsOn: drawn.ends === null ? null : addDays(day, drawn.ends),
  };
  return { listId, spec: entrySpecOf(entry), entry };
}

function wireReason(reason: PriceReason) {
  return reason.kind === 'price_list'
    ? {
        kind: 'price_list',
        list_name: reason.listName,
        assignee: reason.assignee,
        min_packs: reason.minPacks,
      }
    : { kind: reason.kind };
}

type Card = { id: number; customer_price?: number; price_reason?: unknown; price_breaks?: unknown };

function expectEngine(cards: Card[], entries: PriceEntry[], where: string) {
  expect(cards.length, where).toBeGreaterThan(0);
  for (const card of cards) {
    const price = priceFor(products.get(card.id)!, entries, 1, day);
    expect(
      {
        customer_price: card.customer_price,
        price_reason: card.price_reason,
        price_breaks: card.price_breaks,
      },
      `${where}: product ${card.id}`,
    ).toEqual({
      customer_price: fromCents(price.unitCents),
      price_reason: wireReason(price.reason),
      price_breaks: price.breaks.map((b) => ({
        min_packs: b.minPacks,
        unit_price: fromCents(b.unitCents),
      })),
    });
  }
}

describe('listing, product page and search prices are the engine’s', () => {
  it('for random lists of the customer and their group', async () => {
    const key = (d: Drawn) =>
      JSON.stringify([d.own, d.target, d.minPacks, d.starts === null ? null : d.starts]);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(entryArb(), { maxLength: 8, selector: key }),
        fc.constantFrom(...codes),
        async (drawn, code) => {
          const db = t.handle.db;
          await db.execute(
            sql`delete from price_list_entries where list_id in (${lists.own}, ${lists.group})`,
          );
          const made = drawn.map(entryOf);
          for (const listId of [lists.own, lists.group])
            await insertPriceEntries(
              db,
              listId,
              made.filter((m) => m.listId === listId).map((m) => m.spec),
            );
          // The API keeps the lists' entries until the change feed says they changed.
          await pricingFeedCaughtUp(t.app, db);
          const entries = made.map((m) => m.entry);
          const listing = await t.get('/api/cadProducts?pagination=100', buyer);
          expectEngine(listing.json().products.data, entries, 'listing');
          // Asked twice: cut from its one marked writing the first time, then from the kept pieces.
          for (const time of ['first', 'next']) {
            const url = `/api/productDescription?product_id=${code}&country=ca`;
            const answer = await t.get(url, buyer);
            const detail = answer.json().data;
            expectEngine([detail, ...detail.related], entries, `detail of ${code} (${time})`);
            // What the serializer writes for the same value, whichever way it was written.
            expect(answer.body, `detail of ${code} (${time})`).toBe(
              writeDetailAnswer(answer.json()),
            );
          }
          const search = await t.get('/api/search/?search_term=button&pagination=100', buyer);
          expectEngine(search.json().data.products.data, entries, 'search');
        },
      ),
      { numRuns: 25 },
    );
    // The pages were priced from the kept lists, not by statement.
    expect(t.app.caches.stats()['pricing.kept-lists']?.hits).toBeGreaterThan(0);
  });
});
