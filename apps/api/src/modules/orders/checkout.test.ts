import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, earliestShipDate, latestShipDate, shopToday } from '@wholesale/contract';
import type { TestApp } from '../../test/test-app';
import { addToCart, createShopTestApp, plentyInBoth, stockOf } from '../../test/shopping-fixtures';
import { insertAddresses } from '../accounts';
import { placeOrder } from '../../workflows/place-order';

let t: TestApp;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ t, ids } = await createShopTestApp([plentyInBoth('BIG', { ca: 60_000, us: 30_000 })]));
});
afterAll(() => t.close());

type Headers = Record<string, string>;
// Requested ship dates follow the shop's today: a request may be at most a year ahead.
const today = shopToday(new Date());
const inAMonth = earliestShipDate(addDays(today, 30));
const saturday = [7, 8, 9, 10, 11, 12, 13]
  .map((n) => addDays(today, n))
  .find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 6)!;
const tooFar = 'The requested ship date must be within a year of today';
const add = (h: Headers, item = 1) => addToCart(t, h, 'BIG', item);
const order = (h: Headers, payload: object = {}) => t.post('/api/store/orders', h, payload);
const checkout = async (h: Headers) => (await t.get('/api/checkout', h)).json();
const fetchOrder = async (h: Headers, id: number) =>
  (await t.get(`/api/fetch-order?order_id=${id}`, h)).json().order;

const address = (
  region: string,
  country: 'ca' | 'us',
  extra: { isDefault?: boolean; label?: string } = {},
) => ({
  label: extra.label ?? region,
  company: 'Test Co',
  line1: '1 Main Street',
  city: 'Somewhere',
  region,
  postalCode: 'A1A 1A1',
  country,
  isDefault: extra.isDefault ?? false,
});

async function buyerWithAddresses(country: 'ca' | 'us' = 'ca') {
  const buyer = await t.signIn({ country, paymentTerms: 'net_60' });
  await insertAddresses(t.handle.db, [
    {
      ...address(country === 'ca' ? 'ON' : 'OR', country, { label: 'Second' }),
      userId: buyer.userId,
    },
    {
      ...address(country === 'ca' ? 'QC' : 'NY', country, { isDefault: true, label: 'Main' }),
      userId: buyer.userId,
    },
  ]);
  return buyer;
}

describe('GET /api/checkout', () => {
  it('answers 401 to guests', async () => {
    expect((await t.get('/api/checkout')).statusCode).toBe(401);
  });

  it('lists the addresses default first, the terms, and the opening minimum until a first order', async () => {
    const buyer = await buyerWithAddresses();
    const before = await checkout(buyer.headers);
    expect(before.addresses.map((a: { label: string }) => a.label)).toEqual(['Main', 'Second']);
    expect(before.addresses[0].is_default).toBe(true);
    expect(before.payment_terms).toBe('net_60');
    expect(before.opening_minimum).toBe(500);
    expect(before.earliest_ship_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await add(buyer.headers);
    expect((await order(buyer.headers)).statusCode).toBe(200);
    expect((await checkout(buyer.headers)).opening_minimum).toBeNull();
  });

  it("never shows another account's addresses", async () => {
    await buyerWithAddresses();
    const stranger = await t.signIn();
    expect((await checkout(stranger.headers)).addresses).toEqual([]);
  });
});

describe('placing an order with checkout choices', () => {
  it('ships to the default address, estimates its province taxes and keeps terms, PO and date', async () => {
    const buyer = await buyerWithAddresses();
    await add(buyer.headers);
    const placed = (
      await order(buyer.headers, { po_number: 'PO-77', requested_ship_date: inAMonth })
    ).json();
    const o = await fetchOrder(buyer.headers, placed.order_id);
    expect(o.ship_to).toMatchObject({ label: 'Main', region: 'QC', country: 'ca' });
    expect(o.po_number).toBe('PO-77');
    expect(o.requested_ship_date).toBe(inAMonth);
    expect(o.payment_terms).toBe('net_60');
    expect(o.total).toBe(600);
    expect(o.taxes).toEqual([
      { kind: 'GST', rate: 5, amount: 30 },
      { kind: 'QST', rate: 9.975, amount: 59.85 },
    ]);
    expect(o.tax_total).toBe(89.85);
    expect(o.total_with_tax).toBe(689.85);
  });

  it('ships to the chosen address with its own taxes (US state base rate)', async () => {
    const buyer = await buyerWithAddresses('us');
    const { addresses } = await checkout(buyer.headers);
    await add(buyer.headers, 2);
    const placed = (await order(buyer.headers, { ship_to_address_id: addresses[1].id })).json();
    const o = await fetchOrder(buyer.headers, placed.order_id);
    expect(o.ship_to.region).toBe('OR');
    expect(o.taxes).toEqual([{ kind: 'STATE', rate: 0, amount: 0 }]);
    expect(o.total_with_tax).toBe(600);
  });

  it("refuses another account's address, naming the field, and writes nothing", async () => {
    const owner = await buyerWithAddresses();
    const foreignId = (await checkout(owner.headers)).addresses[0].id;
    const buyer = await buyerWithAddresses();
    await add(buyer.headers);
    const before = await stockOf(t.handle.db, ids.BIG, 'ca');
    const res = await order(buyer.headers, { ship_to_address_id: foreignId });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty('ship_to_address_id');
    expect(await stockOf(t.handle.db, ids.BIG, 'ca')).toBe(before);
    const history = (await t.get('/api/order-history', buyer.headers)).json();
    expect(history.total).toBe(0);
  });

  it('refuses a past, weekend, malformed or over a year ahead ship date with a message naming the field', async () => {
    const buyer = await buyerWithAddresses();
    await add(buyer.headers);
    for (const [date, message] of [
      ['2000-01-03', 'The requested ship date must not be in the past'],
      [saturday, 'The requested ship date must be a business day (Monday to Friday)'],
      ['2099-02-30', 'The requested ship date must be a date written YYYY-MM-DD'],
      [addDays(latestShipDate(today), 1), tooFar],
      ['2099-01-05', tooFar],
    ]) {
      const res = await order(buyer.headers, { requested_ship_date: date });
      expect(res.statusCode, date).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, date).toBeLessThan(500);
      expect(res.json().error.fields?.requested_ship_date, date).toBe(message);
    }
  });

  it('decides "today" from the injected clock, in the shop time zone', async () => {
    const buyer = await buyerWithAddresses();
    await add(buyer.headers);
    // 02:00 UTC on Tuesday is still Monday in Eastern time: Monday is not in the past.
    const placed = await placeOrder(
      t.handle.db,
      {
        userId: buyer.userId,
        country: 'ca',
        lang: 'en',
        requestedShipDate: '2030-01-07',
        now: new Date('2030-01-08T02:00:00Z'),
      },
      t.app.changeFeed,
    );
    expect(placed.replayed).toBe(false);
  });

  it('still places an order for an account without any address (no taxes estimated)', async () => {
    const buyer = await t.signIn();
    await add(buyer.headers);
    const placed = (await order(buyer.headers)).json();
    const o = await fetchOrder(buyer.headers, placed.order_id);
    expect(o.ship_to).toBeNull();
    expect(o.taxes).toEqual([]);
    expect(o.total_with_tax).toBe(o.total);
  });
});
