import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTradeAccount } from '../../test/credit-fixtures';
import { addToCart, soldInBoth } from '../../test/shopping-fixtures';
import { creditStaff, ordersStaff, t, useReceivablesTestApp } from './receivables.test-app';
import { listWaitingOrders } from './waiting-orders';

// The orders waiting for credit, for credit staff on Receivables (docs/product/accounts-receivable.md
// "Orders waiting for credit"). Every order here is placed through the store's checkout.

useReceivablesTestApp({
  products: [soldInBoth('WO', { selling: 10_000, available: 100_000 })],
});

const URL = '/api/admin/receivables/waiting-orders';
type Headers = Record<string, string>;
type Listed = { order_id: number } & Record<string, unknown>;

async function placeOrder(headers: Headers, packs: number): Promise<number> {
  expect((await addToCart(t, headers, 'WO', packs)).statusCode).toBe(200);
  const res = await t.post('/api/store/orders', headers, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order_id as number;
}

/** The order's total with its estimated taxes, in cents. */
async function totalWithTax(orderId: number): Promise<number> {
  const r = await t.handle.db.execute<{ total: number }>(
    sql`select total_cents + tax_cents as total from orders where id = ${orderId}`,
  );
  return Number(r.rows[0].total);
}

const ids = (body: { data: Listed[] }) => body.data.map((r) => r.order_id);

let depositOrder = 0;
let heldOrder = 0;
let freeOrder = 0;
let cancelledOrder = 0;
let heldBuyer = 0;

beforeAll(async () => {
  // A new account: its opening order above $800 owes the 65 % deposit.
  const newcomer = await t.signIn({
    country: 'ca',
    customerCode: 'WO0001',
    companyName: 'Laine Nouvelle',
  });
  depositOrder = await placeOrder(newcomer.headers, 10);
  // An account with a CA$1,500 limit and no deposit: CA$2,000 goes on credit hold.
  const held = await t.signIn({ country: 'us', customerCode: 'WO0002', ownerName: 'Hal Held' });
  heldBuyer = held.userId;
  await openTradeAccount(t.handle.db, held.userId, { creditLimitCents: 150_000 });
  heldOrder = await placeOrder(held.headers, 20);
  // An account in good standing: its order waits for nobody.
  const free = await t.signIn({ country: 'ca' });
  await openTradeAccount(t.handle.db, free.userId);
  freeOrder = await placeOrder(free.headers, 6);
  // A held order the desk cancelled keeps its hold reason, but nobody needs to act on it.
  cancelledOrder = await placeOrder(held.headers, 30);
  const cancel = await t.post(`/api/admin/orders/${cancelledOrder}/status`, ordersStaff.headers, {
    status: 'cancelled',
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
});

describe('orders waiting for credit', () => {
  it('lists the placed orders owing a deposit or on credit hold, oldest first, with what each waits for', async () => {
    const res = await t.get(URL, creditStaff.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual([depositOrder, heldOrder]);
    expect(ids(body)).not.toContain(freeOrder);
    expect(ids(body)).not.toContain(cancelledOrder);
    expect(body).toMatchObject({ total: 2, current_page: 1, last_page: 1, per_page: 25 });
    expect(body.data[0]).toEqual({
      order_id: depositOrder,
      placed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      customer_id: expect.any(Number),
      customer_code: 'WO0001',
      customer_name: expect.any(String),
      company_name: 'Laine Nouvelle',
      country: 'ca',
      currency: 'CAD',
      total_cents: await totalWithTax(depositOrder),
      waits: ['deposit'],
      hold_reason: null,
      deposit_due_cents: 65_000,
    });
    expect(body.data[1]).toMatchObject({
      order_id: heldOrder,
      customer_id: heldBuyer,
      customer_code: 'WO0002',
      customer_name: 'Hal Held',
      country: 'us',
      currency: 'USD',
      total_cents: await totalWithTax(heldOrder),
      waits: ['credit_review'],
      hold_reason: 'credit_limit',
      deposit_due_cents: 0,
    });
    expect(body.data[0].placed_at <= body.data[1].placed_at).toBe(true);
  });

  it('pages the list: per_page and page, the total over every page', async () => {
    const first = (await t.get(`${URL}?per_page=1`, creditStaff.headers)).json();
    expect(ids(first)).toEqual([depositOrder]);
    expect(first).toMatchObject({ total: 2, current_page: 1, last_page: 2, per_page: 1 });
    const second = (await t.get(`${URL}?per_page=1&page=2`, creditStaff.headers)).json();
    expect(ids(second)).toEqual([heldOrder]);
    const past = (await t.get(`${URL}?per_page=1&page=3`, creditStaff.headers)).json();
    expect(past).toMatchObject({ data: [], total: 2, current_page: 3, last_page: 2 });
  });

  it("reads a page in two statements however long: the desk's page (codes and taxes in its rows) and its count", async () => {
    // The database client of either kind (PGlite, a PostgreSQL pool) runs every statement through
    // `query`; the app's background work (outbox, change feed) may use it meanwhile, not on orders.
    const client = (t.handle.db as unknown as { $client: { query: (q: unknown) => unknown } })
      .$client;
    const ordersStatements = (calls: unknown[][]) =>
      calls
        .map(([q]) => (typeof q === 'string' ? q : String((q as { text?: string }).text)))
        .filter((text) => /\borders\b/.test(text));
    const owed = await totalWithTax(depositOrder);
    for (const perPage of [1, 25]) {
      const query = vi.spyOn(client, 'query');
      try {
        const page = await listWaitingOrders(t.handle.db, { page: 1, perPage });
        expect(page.data).toHaveLength(Math.min(perPage, 2));
        expect(page.data[0]).toMatchObject({
          customer_code: 'WO0001',
          total_cents: owed,
        });
        expect(ordersStatements(query.mock.calls)).toHaveLength(2);
      } finally {
        query.mockRestore();
      }
    }
  });

  it.each([
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['page=1.5&per_page=10', 'page'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await t.get(`${URL}?${query}`, creditStaff.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().error.fields ?? {})).toEqual([field]);
  });

  it('answers credit staff and admins; orders and content staff and buyers are refused, guests asked to sign in', async () => {
    const admin = await t.signIn({ role: 'staff', staffRoles: ['admin'] });
    expect((await t.get(URL, admin.headers)).statusCode).toBe(200);
    const content = await t.signIn({ role: 'staff', staffRoles: ['content'] });
    const buyer = await t.signIn({ country: 'ca' });
    for (const headers of [ordersStaff.headers, content.headers, buyer.headers]) {
      const res = await t.get(URL, headers);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(String(depositOrder));
    }
    expect((await t.get(URL)).statusCode).toBe(401);
    // The role is checked before the input: a refused caller learns nothing of the parameters.
    expect((await t.get(`${URL}?page=0`, ordersStaff.headers)).statusCode).toBe(403);
  });

  it('drops an order once credit staff record its deposit or release its hold', async () => {
    const deposit = await t.post(`/api/admin/orders/${depositOrder}/deposit`, creditStaff.headers, {
      amount_cents: 65_000,
      method: 'cheque',
      reference: 'CHQ 77',
    });
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect(ids((await t.get(URL, creditStaff.headers)).json())).toEqual([heldOrder]);
    const release = await t.post(
      `/api/admin/orders/${heldOrder}/release-hold`,
      creditStaff.headers,
      {},
    );
    expect(release.statusCode, release.body).toBe(200);
    expect((await t.get(URL, creditStaff.headers)).json()).toMatchObject({ data: [], total: 0 });
  });
});
