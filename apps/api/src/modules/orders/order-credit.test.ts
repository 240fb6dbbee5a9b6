import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app';
import { addToCart, createShopTestApp, soldInBoth } from '../../test/shopping-fixtures';
import { auditRowsFor } from '../../test/audit-rows';
import { openTradeAccount } from '../../test/credit-fixtures';
import { erpWebhook } from '../../test/erp-fixtures';

// Credit at the order (docs/product/accounts-receivable.md "Credit at approval, deposits and
// holds"): the opening deposit, the credit-limit and account holds, the desk's deposit and release
// steps, and every order path (checkout, phone order, re-order, scanner upload) under the same rules.

type Headers = Record<string, string>;
let t: TestApp;
let staff: Headers;
let credit: Headers;
let ordersOnly: Headers;

beforeAll(async () => {
  ({ t } = await createShopTestApp([
    soldInBoth('CR', { selling: 10_000, available: 100_000 }, { barcode: '0777000000017' }),
  ]));
  staff = (await t.signIn({ role: 'staff', staffRoles: ['admin'] })).headers;
  credit = (await t.signIn({ role: 'staff', staffRoles: ['credit'] })).headers;
  ordersOnly = (await t.signIn({ role: 'staff', staffRoles: ['orders'] })).headers;
  await erpWebhook(t, ['payment.recorded', 'order.placed'], staff);
});
afterAll(() => t.close());

async function placeOrder(h: Headers, packs: number) {
  expect((await addToCart(t, h, 'CR', packs)).statusCode).toBe(200);
  const res = await t.post('/api/store/orders', h, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { order_id: number; hold_reason: string | null; deposit: number };
}

const accept = (orderId: number, headers = ordersOnly) =>
  t.post(`/api/admin/orders/${orderId}/status`, headers, { status: 'accepted' });

async function orderRow(id: number) {
  const r = await t.handle.db.execute<{
    hold_reason: string | null;
    deposit_cents: number;
    deposit_received_at: unknown;
    hold_released_by_user_id: number | null;
    hold_released_at: unknown;
  }>(sql`select hold_reason, deposit_cents, deposit_received_at, hold_released_by_user_id,
                hold_released_at from orders where id = ${id}`);
  return r.rows[0];
}

async function payloads(event: string) {
  const r = await t.handle.db.execute<{ body: string | { data: Record<string, unknown> } }>(sql`
    select body from webhook_deliveries where event = ${event} order by id`);
  return r.rows.map((row) => (typeof row.body === 'string' ? JSON.parse(row.body) : row.body).data);
}

describe('opening-order deposit', () => {
  it('owes 100 % of a US opening order at or under $500: checkout, answer, pages and desk say so', async () => {
    const buyer = await t.signIn({ country: 'us' });
    expect((await addToCart(t, buyer.headers, 'CR', 3)).statusCode).toBe(200);
    const checkout = (await t.get('/api/checkout', buyer.headers)).json();
    expect(checkout).toMatchObject({
      net_days: 30,
      opening_deposit_required: true,
      deposit_due: 300,
      available_credit: 3000,
      account_hold: null,
    });
    const placed = (await t.post('/api/store/orders', buyer.headers, {})).json();
    expect(placed).toMatchObject({ status: true, deposit: 300, hold_reason: null });
    expect(await orderRow(placed.order_id)).toMatchObject({
      deposit_cents: 30_000,
      deposit_received_at: null,
    });
    const history = (await t.get('/api/order-history', buyer.headers)).json();
    expect(history.data[0]).toMatchObject({ deposit: 300, deposit_received_at: null });
    const detail = (
      await t.get(`/api/fetch-order?order_id=${placed.order_id}`, buyer.headers)
    ).json();
    expect(detail.order).toMatchObject({ deposit: 300, hold_reason: null });
    // The second order owes none; the checkout says so.
    const again = (await t.get('/api/checkout', buyer.headers)).json();
    expect(again).toMatchObject({ opening_deposit_required: false, deposit_due: 0 });
  });

  it('owes 65 % of a Canadian opening order above $800 and none at or below', async () => {
    const small = await t.signIn({ country: 'ca' });
    expect((await placeOrder(small.headers, 8)).deposit).toBe(0);
    const large = await t.signIn({ country: 'ca' });
    const placed = await placeOrder(large.headers, 10);
    expect(placed.deposit).toBe(650);
  });

  it('waits for the deposit: accept answers 409, staff record it (payment, audit, webhook), then accept works', async () => {
    const buyer = await t.signIn({ country: 'ca' });
    const placed = await placeOrder(buyer.headers, 10);
    const waiting = (await t.get('/api/admin/orders?waiting=credit', ordersOnly)).json();
    expect(waiting.data.map((r: { order_id: number }) => r.order_id)).toContain(placed.order_id);

    const refused = await accept(placed.order_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason.key).toBe('ORDER_WAITS_FOR_DEPOSIT');

    // Orders staff may not record it; a bad amount names the field with its reason.
    const body = {
      amount_cents: 65_000,
      method: 'cheque',
      reference: 'CHQ 1042',
      received_on: '2026-11-20',
    };
    expect(
      (await t.post(`/api/admin/orders/${placed.order_id}/deposit`, ordersOnly, body)).statusCode,
    ).toBe(403);
    const bad = await t.post(`/api/admin/orders/${placed.order_id}/deposit`, credit, {
      ...body,
      amount_cents: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('amount_cents');
    expect(bad.json().error.reason.key).toBe('DEPOSIT_AMOUNT_INVALID');

    const recorded = await t.post(`/api/admin/orders/${placed.order_id}/deposit`, credit, body);
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().order).toMatchObject({ deposit: 650 });
    expect(recorded.json().order.deposit_received_at).toEqual(expect.any(String));
    const payment = await t.handle.db.execute<{
      id: number;
      amount_cents: number;
      user_id: number;
    }>(
      sql`select id, amount_cents, user_id from payments where deposit_for_order_id = ${placed.order_id}`,
    );
    expect(payment.rows).toEqual([
      { id: expect.any(Number), amount_cents: 65_000, user_id: buyer.userId },
    ]);
    const paymentId = Number(payment.rows[0].id);
    expect(await payloads('payment.recorded')).toContainEqual({
      payment_id: paymentId,
      customer_id: buyer.userId,
      amount_cents: 65_000,
      method: 'cheque',
      reference: 'CHQ 1042',
      received_on: '2026-11-20',
      settlements: [],
      deposit_for_order_id: placed.order_id,
    });
    expect((await auditRowsFor(t.handle.db, 'payment', paymentId)).length).toBe(1);
    expect(
      (await auditRowsFor(t.handle.db, 'order', placed.order_id)).map((r) => r.action),
    ).toContain('order.deposit_received');
    // Recorded once only.
    const twice = await t.post(`/api/admin/orders/${placed.order_id}/deposit`, credit, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.reason.key).toBe('NO_DEPOSIT_OWED');

    expect((await accept(placed.order_id)).statusCode).toBe(200);
    const after = (await t.get('/api/admin/orders?waiting=credit', ordersOnly)).json();
    expect(after.data.map((r: { order_id: number }) => r.order_id)).not.toContain(placed.order_id);
  });
});

describe('credit hold', () => {
  it('holds an order beyond the available credit (not refused), counts only orders not held, and passes one exactly at it', async () => {
    const buyer = await t.signIn({ country: 'ca' });
    await openTradeAccount(t.handle.db, buyer.userId, { creditLimitCents: 150_000 });
    expect((await placeOrder(buyer.headers, 10)).hold_reason).toBe(null);
    const held = await placeOrder(buyer.headers, 6);
    expect(held).toMatchObject({ hold_reason: 'credit_limit' });
    expect(await orderRow(held.order_id)).toMatchObject({ hold_reason: 'credit_limit' });
    // Exposure is $1,000 (the held order does not count): $500 more reaches the limit exactly.
    expect((await placeOrder(buyer.headers, 5)).hold_reason).toBe(null);
    const checkout = (await t.get('/api/checkout', buyer.headers)).json();
    expect(checkout.available_credit).toBe(0);

    const detail = (
      await t.get(`/api/fetch-order?order_id=${held.order_id}`, buyer.headers)
    ).json();
    expect(detail.order.hold_reason).toBe('credit_limit');
    const refused = await accept(held.order_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason.key).toBe('ORDER_ON_CREDIT_HOLD');

    // Credit staff read the order they decide on, but its workflow steps stay the desk's.
    const read = await t.get(`/api/admin/orders/${held.order_id}`, credit);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().order).toMatchObject({
      order_id: held.order_id,
      hold_reason: 'credit_limit',
    });
    expect((await accept(held.order_id, credit)).statusCode).toBe(403);

    // Only credit staff release it; it then is accepted like any order.
    expect(
      (await t.post(`/api/admin/orders/${held.order_id}/release-hold`, ordersOnly, {})).statusCode,
    ).toBe(403);
    const released = await t.post(`/api/admin/orders/${held.order_id}/release-hold`, credit, {
      note: 'Paid by phone',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().order).toMatchObject({ hold_reason: null });
    expect(released.json().order.hold_released_at).toEqual(expect.any(String));
    expect(released.json().order.history.at(-1).note).toBe('Credit hold released: Paid by phone');
    expect(await orderRow(held.order_id)).toMatchObject({
      hold_reason: null,
      hold_released_by_user_id: expect.any(Number),
    });
    expect(
      (await auditRowsFor(t.handle.db, 'order', held.order_id)).map((r) => r.action),
    ).toContain('order.hold_released');
    const again = await t.post(`/api/admin/orders/${held.order_id}/release-hold`, credit, {});
    expect(again.json().error.reason.key).toBe('ORDER_NOT_ON_HOLD');
    expect((await accept(held.order_id)).statusCode).toBe(200);
  });

  it('cancels a held order from the desk and its stock goes back', async () => {
    const buyer = await t.signIn({ country: 'ca' });
    await openTradeAccount(t.handle.db, buyer.userId, { creditLimitCents: 10_000 });
    const stock = async () =>
      Number(
        (
          await t.handle.db.execute<{ n: number }>(
            sql`select available as n from product_prices pp join products p on p.id = pp.product_id
                 where p.product_id = 'CR' and pp.country = 'ca'`,
          )
        ).rows[0].n,
      );
    const before = await stock();
    const held = await placeOrder(buyer.headers, 6);
    expect(held.hold_reason).toBe('credit_limit');
    expect(await stock()).toBe(before - 6);
    const cancelled = await t.post(`/api/admin/orders/${held.order_id}/status`, ordersOnly, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stock()).toBe(before);
    // It keeps its hold reason, but no longer waits for anyone: off the desk's waiting list.
    const waiting = (await t.get('/api/admin/orders?waiting=credit', ordersOnly)).json();
    expect(waiting.data.map((r: { order_id: number }) => r.order_id)).not.toContain(held.order_id);
  });

  it('holds every new order of an account on hold, and the checkout says why', async () => {
    const buyer = await t.signIn({ country: 'ca' });
    await openTradeAccount(t.handle.db, buyer.userId);
    const hold = await t.put(`/api/admin/customers/${buyer.userId}/credit/hold`, credit, {
      reason: 'overdue',
      note: 'Invoice CA-000001 60 days late',
    });
    expect(hold.statusCode, hold.body).toBe(200);
    expect((await t.get('/api/checkout', buyer.headers)).json().account_hold).toBe('overdue');
    expect((await placeOrder(buyer.headers, 5)).hold_reason).toBe('account_hold');
    await t.put(`/api/admin/customers/${buyer.userId}/credit/hold`, credit, { reason: null });
    expect((await placeOrder(buyer.headers, 5)).hold_reason).toBe(null);
  });
});

describe('every order path', () => {
  it('a phone order owes the deposit and is held like the buyer’s own', async () => {
    const buyer = await t.signIn({ country: 'us' });
    expect((await addToCart(t, buyer.headers, 'CR', 3)).statusCode).toBe(200);
    const checkout = (
      await t.get(`/api/admin/phone-orders/${buyer.userId}/checkout`, ordersOnly)
    ).json();
    expect(checkout).toMatchObject({ deposit_due: 300, opening_deposit_required: true });
    const phone = await t.post(`/api/admin/phone-orders/${buyer.userId}`, ordersOnly, {});
    expect(phone.statusCode, phone.body).toBe(200);
    expect(phone.json()).toMatchObject({ deposit: 300, hold_reason: null });

    await t.put(`/api/admin/customers/${buyer.userId}/credit/hold`, credit, {
      reason: 'bounced_payment',
    });
    expect((await addToCart(t, buyer.headers, 'CR', 1)).statusCode).toBe(200);
    const held = await t.post(`/api/admin/phone-orders/${buyer.userId}`, ordersOnly, {});
    expect(held.json()).toMatchObject({ hold_reason: 'account_hold', deposit: 0 });
  });

  it('a re-order placed from the cart owes the deposit of an opening order and is held beyond the limit', async () => {
    const buyer = await t.signIn({ country: 'ca' });
    await openTradeAccount(t.handle.db, buyer.userId, {
      creditLimitCents: 150_000,
      openingDepositRequired: true,
    });
    const first = await placeOrder(buyer.headers, 10);
    expect(first.deposit).toBe(650);
    const copied = await t.post('/api/re-orders', buyer.headers, {
      user_id: buyer.userId,
      order_id: first.order_id,
    });
    expect(copied.statusCode, copied.body).toBe(200);
    const reordered = await t.post('/api/store/orders', buyer.headers, {});
    expect(reordered.json()).toMatchObject({ hold_reason: 'credit_limit', deposit: 0 });
  });

  it('a scanner upload placed from the cart is held on an account on hold, and owes the opening deposit', async () => {
    const buyer = await t.signIn({ country: 'us' });
    const upload = await t.post('/api/opticon', buyer.headers, {
      products: [{ code: '0777000000017', quantity: 4 }],
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await t.put(`/api/admin/customers/${buyer.userId}/credit/hold`, credit, { reason: 'other' });
    const placed = await t.post('/api/store/orders', buyer.headers, {});
    expect(placed.json()).toMatchObject({ hold_reason: 'account_hold', deposit: 400 });
  });
});
