import { sql } from 'drizzle-orm';
import {
  CUSTOMER_PRICE_FIELDS,
  PRICED_FIELDS,
  ProductDescriptionResponse,
} from '@wholesale/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allKeys, insertCatalogueFixtures } from '../../test/catalogue-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { inSchemaOrder } from '../../lib/fast-serializer';
import { PRICING_CHANNEL } from './pricing.caches';
import { insertCustomerGroup, insertPriceList } from '../../test/pricing-fixtures';

/*
 * A customer's own prices on every catalogue read (docs/product/pricing.md "What the buyer sees"),
 * and nothing of them anywhere else: two customers with different lists asking the same listing,
 * product and search, with the caches on and in any order, each get their own; a customer without
 * a list, staff and guests never anything of theirs; the page the server writes (first load) the
 * same. A price laid on a shared cache entry would show in the next viewer's answer.
 */

let t: TestApp;
let fx: Awaited<ReturnType<typeof insertCatalogueFixtures>>;
type Who = { name: string; headers: Record<string, string>; cookie?: string; userId?: number };
let tremblay: Who;
let roy: Who;
/** Another member of roy's group: the same prices, so answers kept for roy's prices are theirs too. */
let royToo: Who;
let plain: Who;
let staff: Who;
const guest: Who = { name: 'guest', headers: {} };
const writeDetailAnswer = inSchemaOrder(ProductDescriptionResponse);

async function signedIn(name: string, role: 'customer' | 'staff' = 'customer'): Promise<Who> {
  const { headers, token, userId } = await t.signIn({ country: 'ca', role });
  return { name, headers, cookie: `sid=${token}`, userId };
}

beforeAll(async () => {
  t = await createTestApp({
    webBuild: {
      'index.html':
        '<!doctype html><html lang="en"><head><title></title></head><body><div id="root"></div></body></html>',
    },
  });
  fx = await insertCatalogueFixtures(t);
  [tremblay, roy, royToo, plain, staff] = await Promise.all([
    signedIn('tremblay'),
    signedIn('roy'),
    signedIn('roy'),
    signedIn('plain'),
    signedIn('staff', 'staff'),
  ]);
  const db = t.handle.db;
  await insertPriceList(db, {
    name: 'Maison Tremblay',
    customers: [tremblay.userId!],
    entries: [
      { productId: fx.ids['BT-1001'], unitCents: 200 },
      { productId: fx.ids['BT-1001'], unitCents: 20, minPacks: 10 },
      { brand: 'Acme', basisPoints: 1000 },
    ],
  });
  // Another currency's list is not theirs in Canada.
  await insertPriceList(db, {
    name: 'Tremblay USD',
    currency: 'USD',
    customers: [tremblay.userId!],
    entries: [{ productId: fx.ids['TH-2001'], unitCents: 1 }],
  });
  const ateliers = await insertCustomerGroup(db, 'Ateliers', [roy.userId!, royToo.userId!]);
  await insertPriceList(db, {
    name: 'Atelier Roy',
    groups: [ateliers],
    entries: [
      { categoryId: fx.cat.BT, basisPoints: 5000 },
      { productId: fx.ids['TH-2001'], unitCents: 100 },
    ],
  });
});
afterAll(() => t?.close());

type Card = {
  product_id: string;
  customer_price?: number;
  price_reason?: { kind: string; list_name?: string; assignee?: string; min_packs?: number };
  price_breaks?: Array<{ min_packs: number; unit_price: number }>;
};

/** Every product card or detail in an answer, at any depth, by SKU. */
function cardsIn(value: unknown, found = new Map<string, Card[]>()): Map<string, Card[]> {
  if (Array.isArray(value)) for (const v of value) cardsIn(v, found);
  else if (value && typeof value === 'object') {
    const card = value as Card;
    if (typeof card.product_id === 'string' && 'ship_pac' in card)
      found.set(card.product_id, [...(found.get(card.product_id) ?? []), card]);
    for (const v of Object.values(value)) cardsIn(v, found);
  }
  return found;
}

const list = (name: string, assignee: string, minPacks = 1) => ({
  kind: 'price_list',
  list_name: name,
  assignee,
  min_packs: minPacks,
});

/** What each customer with lists pays for one pack, and why (worked out by hand from the lists). */
const EXPECTED: Record<string, Record<string, Omit<Card, 'product_id'>>> = {
  tremblay: {
    'BT-1001': {
      customer_price: 2,
      price_reason: list('Maison Tremblay', 'customer'),
      price_breaks: [{ min_packs: 10, unit_price: 0.2 }],
    },
    'BT-1003': {
      customer_price: 4.05,
      price_reason: list('Maison Tremblay', 'customer'),
      price_breaks: [],
    },
    'BT-1002': { customer_price: 3.5, price_reason: { kind: 'sale' }, price_breaks: [] },
    'TH-2001': { customer_price: 1.5, price_reason: { kind: 'selling' }, price_breaks: [] },
  },
  roy: {
    'BT-1001': {
      customer_price: 1.5,
      price_reason: list('Atelier Roy', 'group'),
      price_breaks: [],
    },
    'BT-1002': { customer_price: 2, price_reason: list('Atelier Roy', 'group'), price_breaks: [] },
    'TH-2001': { customer_price: 1, price_reason: list('Atelier Roy', 'group'), price_breaks: [] },
  },
};

/** Each card of the answer carries exactly what `who` may see. */
function expectOwnPrices(who: Who, url: string, body: unknown) {
  const cards = cardsIn(body);
  expect(cards.size, `cards in ${url}`).toBeGreaterThan(0);
  const keys = allKeys(body);
  for (const field of CUSTOMER_PRICE_FIELDS) {
    const allowed = who.name in EXPECTED;
    if (!allowed) expect(keys.has(field), `${field} for ${who.name} in ${url}`).toBe(false);
  }
  if (who === guest)
    for (const field of PRICED_FIELDS) expect(keys.has(field), `${field} in ${url}`).toBe(false);
  const mine = EXPECTED[who.name];
  if (!mine) return;
  for (const [code, seen] of cards) {
    for (const card of seen) {
      expect(card.customer_price, `${who.name} ${code} in ${url}`).toBeTypeOf('number');
      if (mine[code]) expect(card, `${who.name} ${code} in ${url}`).toMatchObject(mine[code]);
    }
  }
}

const READS = [
  '/api/cadProducts?category=BT',
  '/api/cadProducts?category=BT&brand=Acme',
  '/api/classCode?class_codes=F&country=ca',
  '/api/productDescription?product_id=BT-1001&country=ca',
  '/api/productDescription?product_id=TH-2001&country=ca',
  '/api/search/?search_term=button',
  '/api/search/?search_term=thread',
  '/api/best/sellers',
  '/api/product_group/1?pagination=50',
];

describe('customer prices on the catalogue reads', () => {
  it('gives two customers with different lists each their own, a customer without a list, staff and guests none, caches on', async () => {
    const before = t.app.caches.stats();
    // Twice round, each read by everyone in turn: the second round is answered from the caches the
    // first filled, so a price kept where another viewer reads it would show.
    for (let round = 0; round < 2; round++)
      for (const url of READS)
        for (const who of [tremblay, roy, royToo, plain, staff, guest]) {
          const res = await t.get(url, who.headers);
          expect(res.statusCode, `${who.name} ${url}`).toBe(200);
          expectOwnPrices(who, url, res.json());
        }
    const after = t.app.caches.stats();
    for (const name of ['catalogue.details', 'catalogue.cards', 'catalogue.search'])
      expect(after[name].hits, name).toBeGreaterThan(before[name]?.hits ?? 0);
    // The kept detail answers (and their written bytes) are the shared ones: no customer's price.
    expect(after['pricing.given-lists'].hits).toBeGreaterThan(0);
  });

  it('answers a customer without a list from the kept has-lists answer, with the bytes of any other', async () => {
    const url = '/api/cadProducts?category=BT&pagination=50';
    const first = await t.get(url, plain.headers);
    const before = t.app.caches.stats()['pricing.given-lists'];
    const again = await t.get(url, plain.headers);
    const after = t.app.caches.stats()['pricing.given-lists'];
    expect(after).toMatchObject({ hits: before.hits + 1, misses: before.misses });
    const other = await signedIn('another plain');
    expect((await t.get(url, other.headers)).body).toBe(first.body);
    expect(again.body).toBe(first.body);
  });

  it('writes a detail first priced for a customer with lists, then for one without, as the serializer would', async () => {
    const url = '/api/productDescription?product_id=BT-1002&country=ca';
    const priced = await t.get(url, tremblay.headers);
    const unpriced = await t.get(url, plain.headers);
    expect(priced.json().data.customer_price).toBeTypeOf('number');
    expect(unpriced.json().data).not.toHaveProperty('customer_price');
    // The unpriced answer is the priced one's kept pieces joined: the serializer's bytes all the same.
    expect(unpriced.body).toBe(writeDetailAnswer(unpriced.json()));
    expect(priced.body).toBe(writeDetailAnswer(priced.json()));
  });

  it('follows a list given, a group joined, a list turned off and a list taken back at once', async () => {
    const url = '/api/productDescription?product_id=BT-1001&country=ca';
    const priceOf = async () => (await t.get(url, plain.headers)).json().data.customer_price;
    const giveList = (name: string, unitCents: number) =>
      afterNotice(() =>
        insertPriceList(t.handle.db, {
          name,
          customers: [plain.userId!],
          entries: [{ productId: fx.ids['BT-1001'], unitCents }],
        }),
      );
    expect(await priceOf()).toBeUndefined();
    const listId = await giveList('Late list', 250);
    expect(await priceOf()).toBe(2.5);
    // A better list given beside it while the first is kept: the kept given lists are dropped.
    const better = await giveList('Late better list', 240);
    expect(await priceOf()).toBe(2.4);
    await afterNotice(() => t.handle.db.execute(sql`delete from price_lists where id = ${better}`));
    expect(await priceOf()).toBe(2.5);
    await afterNotice(() =>
      t.handle.db.execute(sql`update price_lists set active = false where id = ${listId}`),
    );
    expect(await priceOf()).toBeUndefined();
    await afterNotice(() =>
      t.handle.db.execute(sql`update price_lists set active = true where id = ${listId}`),
    );
    expect(await priceOf()).toBe(2.5);
    await afterNotice(() =>
      t.handle.db.execute(
        sql`delete from price_list_assignments where list_id = ${listId} and customer_id = ${plain.userId!}`,
      ),
    );
    expect(await priceOf()).toBeUndefined();
    const group = await afterNotice(() =>
      insertCustomerGroup(t.handle.db, 'Late joiners', [plain.userId!]),
    );
    expect(await priceOf()).toBeUndefined();
    await afterNotice(() =>
      t.handle.db.execute(
        sql`insert into price_list_assignments (list_id, group_id) values (${listId}, ${group})`,
      ),
    );
    expect(await priceOf()).toBe(2.5);
    await afterNotice(() =>
      t.handle.db.execute(sql`delete from customer_group_members where group_id = ${group}`),
    );
    expect(await priceOf()).toBeUndefined();
  });
});

describe('the served page (first load)', () => {
  const DATA_BLOCK = /<script type="application\/json" id="first-answers">([\s\S]*?)<\/script>/;

  async function firstAnswersOf(url: string, who: Who) {
    const res = await t.inject({
      method: 'GET',
      url,
      headers: who.cookie ? { cookie: who.cookie } : {},
    });
    expect(res.statusCode).toBe(200);
    const block = DATA_BLOCK.exec(res.body);
    expect(block, `first answers of ${url} for ${who.name}`).not.toBeNull();
    return { res, answers: JSON.parse(block![1]) as Record<string, unknown> };
  }

  it('writes each viewer their own prices into the product page, the listing and the home page', async () => {
    for (let round = 0; round < 2; round++)
      for (const url of ['/description/BT-1001/ca', '/products/Buttons', '/'])
        for (const who of [tremblay, roy, plain, guest]) {
          const { res, answers } = await firstAnswersOf(url, who);
          expectOwnPrices(who, url, answers);
          if (who !== guest) expect(res.headers['cache-control']).toBe('private, no-store');
        }
    const { answers } = await firstAnswersOf('/description/BT-1001/ca', roy);
    expect(cardsIn(answers).get('BT-1001')?.[0]).toMatchObject(EXPECTED.roy['BT-1001']);
  });
});

/** Runs a write and waits until this app heard its ws_pricing notification. */
async function afterNotice<T>(write: () => Promise<T>): Promise<T> {
  const heard = new Promise<void>((resolve) =>
    t.app.changeFeed.subscribe(PRICING_CHANNEL, () => resolve()),
  );
  const result = await write();
  await heard;
  return result;
}
