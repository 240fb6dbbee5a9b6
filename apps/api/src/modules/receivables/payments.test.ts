import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditRowsFor } from '../../test/audit-rows';
import { erpBearer, erpWebhook, queuedDeliveries } from '../../test/erp-fixtures';
import { accountPosition } from '.';
import { insertInvoice, settledOn } from './receivables.fixtures';
import {
  creditStaff,
  db,
  ordersStaff,
  pay,
  recordedPayment,
  t,
  useReceivablesTestApp,
} from './receivables.test-app';

// docs/product/accounts-receivable.md "Payments, statements, interest and receivables":
// staff and the ERP record payments that settle invoices; a bounced payment is reversed.

useReceivablesTestApp();

const bounce = (paymentId: number, body: Record<string, unknown>) =>
  t.post(`/api/admin/payments/${paymentId}/bounce`, creditStaff.headers, body);
const balanceOf = (userId: number) =>
  db().transaction(async (tx) => (await accountPosition(tx, userId)).balanceCents);

async function customerWithInvoices(totals: [number, string][], country: 'ca' | 'us' = 'ca') {
  const buyer = await t.signIn({ country });
  const invoices = [];
  for (const [total, due] of totals)
    invoices.push(
      await insertInvoice(db(), {
        userId: buyer.userId,
        totalCents: total,
        issuedOn: '2026-09-01',
        dueOn: due,
        country,
      }),
    );
  return { buyer, invoices };
}

describe('recording a payment (staff)', () => {
  it('settles open invoices oldest due first, keeps the rest as credit, audits and tells the ERP in one go', async () => {
    const endpoint = await erpWebhook(t, ['payment.recorded']);
    const { buyer, invoices } = await customerWithInvoices([
      [30_000, '2026-10-31'],
      [10_000, '2026-10-01'],
    ]);
    const payment = await recordedPayment(buyer.userId, 45_000, '2026-11-02', {
      reference: 'CHQ 1042',
    });
    expect(payment).toMatchObject({
      customer_id: buyer.userId,
      amount_cents: 45_000,
      method: 'cheque',
      reference: 'CHQ 1042',
      received_on: '2026-11-02',
      source: 'staff',
      bounced_at: null,
      unapplied_cents: 5_000,
      settlements: [
        { invoice_id: invoices[1].id, invoice_number: invoices[1].number, amount_cents: 10_000 },
        { invoice_id: invoices[0].id, invoice_number: invoices[0].number, amount_cents: 30_000 },
      ],
    });
    expect(await balanceOf(buyer.userId)).toBe(40_000 - 45_000);
    expect(await auditRowsFor(db(), 'payment', payment.id)).toEqual([
      expect.objectContaining({
        actor_user_id: creditStaff.userId,
        action: 'payment.record',
        after: expect.objectContaining({ amount_cents: 45_000, method: 'cheque' }),
      }),
    ]);
    expect(await queuedDeliveries(t, endpoint)).toEqual([
      expect.objectContaining({
        event: 'payment.recorded',
        data: {
          payment_id: payment.id,
          customer_id: buyer.userId,
          amount_cents: 45_000,
          method: 'cheque',
          reference: 'CHQ 1042',
          received_on: '2026-11-02',
          settlements: [
            { invoice_id: invoices[1].id, amount_cents: 10_000 },
            { invoice_id: invoices[0].id, amount_cents: 30_000 },
          ],
        },
      }),
    ]);
    // The staff screen lists it; nothing is left open.
    const list = await t.get(`/api/admin/customers/${buyer.userId}/payments`, creditStaff.headers);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({
      balance_cents: -5_000,
      open_invoices: [],
      payments: [{ id: payment.id }],
    });
  });

  it('applies an explicit allocation only, the rest stays a credit; a partial payment leaves the invoice open', async () => {
    const { buyer, invoices } = await customerWithInvoices([
      [20_000, '2026-10-01'],
      [20_000, '2026-10-15'],
    ]);
    const payment = await recordedPayment(buyer.userId, 15_000, '2026-11-03', {
      method: 'transfer',
      allocations: [{ invoice_id: invoices[1].id, amount_cents: 12_000 }],
    });
    expect(payment).toMatchObject({
      settlements: [{ invoice_id: invoices[1].id, amount_cents: 12_000 }],
      unapplied_cents: 3_000,
    });
    expect(await settledOn(db(), invoices[1].id)).toEqual({ settled: 12_000, total: 20_000 });
    expect(await settledOn(db(), invoices[0].id)).toEqual({ settled: 0, total: 20_000 });
  });

  it('refuses an allocation that is not open, over the open amount, twice or over the payment, naming the field', async () => {
    const { buyer, invoices } = await customerWithInvoices([[10_000, '2026-10-01']]);
    const other = await customerWithInvoices([[10_000, '2026-10-01']]);
    const cases: [Record<string, unknown>[], number, string, string][] = [
      [
        [{ invoice_id: other.invoices[0].id, amount_cents: 100 }],
        100,
        'allocations.0.invoice_id',
        'PAYMENT_INVOICE_UNKNOWN',
      ],
      [
        [{ invoice_id: invoices[0].id, amount_cents: 10_001 }],
        20_000,
        'allocations.0.amount_cents',
        'PAYMENT_OVER_OPEN',
      ],
      [
        [
          { invoice_id: invoices[0].id, amount_cents: 1 },
          { invoice_id: invoices[0].id, amount_cents: 1 },
        ],
        100,
        'allocations.1.invoice_id',
        'PAYMENT_INVOICE_TWICE',
      ],
      [
        [{ invoice_id: invoices[0].id, amount_cents: 5_000 }],
        4_000,
        'allocations',
        'PAYMENT_OVER_AMOUNT',
      ],
    ];
    for (const [allocations, amount, field, reason] of cases) {
      const res = await pay(buyer.userId, {
        amount_cents: amount,
        method: 'cheque',
        received_on: '2026-11-01',
        allocations,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields, reason).toHaveProperty([field]);
      expect(res.json().error.reason.key).toBe(reason);
    }
    expect(await settledOn(db(), invoices[0].id)).toEqual({ settled: 0, total: 10_000 });
    expect(await balanceOf(buyer.userId)).toBe(10_000);
  });

  const cheque = { amount_cents: 100, method: 'cheque', received_on: '2026-11-01' };
  it.each<[string, Record<string, unknown>]>([
    ['amount_cents', { ...cheque, amount_cents: undefined }],
    ['amount_cents', { ...cheque, amount_cents: 0 }],
    ['amount_cents', { ...cheque, amount_cents: 1.5 }],
    ['method', { ...cheque, method: 'cash' }],
    ['received_on', { ...cheque, received_on: '2026-02-30' }],
    ['received_on', { ...cheque, received_on: undefined }],
    ['reference', { ...cheque, reference: 'x'.repeat(101) }],
    ['allocations', { ...cheque, allocations: 'all' }],
    ['allocations.0.invoice_id', { ...cheque, allocations: [{ invoice_id: 0, amount_cents: 1 }] }],
  ])('answers 400 naming %s in %j', async (field, body) => {
    const buyer = await t.signIn();
    const res = await pay(buyer.userId, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });

  it('answers 404 for an unknown customer, 403 to orders staff and buyers', async () => {
    const buyer = await t.signIn();
    expect((await pay(999_999, cheque)).statusCode).toBe(404);
    expect((await pay(buyer.userId, cheque, ordersStaff.headers)).statusCode).toBe(403);
    expect((await pay(buyer.userId, cheque, buyer.headers)).statusCode).toBe(403);
  });
});

describe('concurrent payments', () => {
  it('never together settle an invoice beyond its total; the rest stays on account', async () => {
    const { buyer, invoices } = await customerWithInvoices([[10_000, '2026-10-01']]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pay(buyer.userId, {
          amount_cents: 4_000,
          method: 'transfer',
          reference: `W${i}`,
          received_on: '2026-11-02',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(await settledOn(db(), invoices[0].id)).toEqual({ settled: 10_000, total: 10_000 });
    const unapplied = answers.reduce((s, a) => s + a.json().data.unapplied_cents, 0);
    expect(unapplied).toBe(24_000 - 10_000);
    expect(await balanceOf(buyer.userId)).toBe(10_000 - 24_000);
  });
});

describe('recording a payment (ERP)', () => {
  it('is idempotent on external_ref: the same body answers the same payment, another body 409', async () => {
    const erp = await erpBearer(t, ['payments:write']);
    const { buyer, invoices } = await customerWithInvoices([[50_000, '2026-10-01']]);
    const body = {
      customer_id: buyer.userId,
      external_ref: `ERP-PAY-${buyer.userId}`,
      amount_cents: 20_000,
      method: 'transfer',
      reference: 'WIRE 88',
      received_on: '2026-11-05',
    };
    const first = await t.post('/api/integrations/payments', erp, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      source: 'erp',
      external_ref: body.external_ref,
      settlements: [{ invoice_id: invoices[0].id, amount_cents: 20_000 }],
    });
    const again = await t.post('/api/integrations/payments', erp, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const changed = await t.post('/api/integrations/payments', erp, {
      ...body,
      amount_cents: 20_001,
    });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json().error.fields).toHaveProperty(['external_ref']);
    expect(changed.json().error.reason.key).toBe('PAYMENT_REF_REUSED');
    expect(await balanceOf(buyer.userId)).toBe(30_000);
    expect(await auditRowsFor(db(), 'payment', first.json().data.id)).toHaveLength(1);
  });

  it('refuses a token without payments:write, an unknown customer and a missing external_ref', async () => {
    const reader = await erpBearer(t, ['orders:read']);
    const erp = await erpBearer(t, ['payments:write']);
    const buyer = await t.signIn();
    const body = {
      customer_id: buyer.userId,
      external_ref: 'X-1',
      amount_cents: 100,
      method: 'card_on_file',
      received_on: '2026-11-05',
    };
    expect((await t.post('/api/integrations/payments', reader, body)).statusCode).toBe(403);
    expect((await t.post('/api/integrations/payments', {}, body)).statusCode).toBe(401);
    const unknown = await t.post('/api/integrations/payments', erp, {
      ...body,
      customer_id: 999_999,
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty(['customer_id']);
    const { external_ref: _ref, ...withoutRef } = body;
    const missing = await t.post('/api/integrations/payments', erp, withoutRef);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty(['external_ref']);
  });
});

describe('bouncing a payment', () => {
  it('reverses it: the invoices reopen, it no longer counts, audited, and the account goes on hold when asked', async () => {
    const endpoint = await erpWebhook(t, ['credit.hold_changed']);
    const { buyer, invoices } = await customerWithInvoices([[25_000, '2026-10-01']]);
    const paid = await recordedPayment(buyer.userId, 25_000, '2026-11-01');
    expect(await balanceOf(buyer.userId)).toBe(0);

    const res = await bounce(paid.id, {
      reason: 'NSF cheque',
      hold_account: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      bounce_reason: 'NSF cheque',
      settlements: [],
      unapplied_cents: 0,
    });
    expect(res.json().data.bounced_at).not.toBeNull();
    expect(await settledOn(db(), invoices[0].id)).toEqual({ settled: 0, total: 25_000 });
    expect(await balanceOf(buyer.userId)).toBe(25_000);
    const audit = await auditRowsFor(db(), 'payment', paid.id);
    expect(audit.map((r) => r.action)).toEqual(['payment.record', 'payment.bounce']);
    expect(audit[1]).toMatchObject({ actor_user_id: creditStaff.userId });
    const hold = await db().execute<{ hold_reason: string; hold_note: string }>(
      sql`select hold_reason, hold_note from credit_accounts where user_id = ${buyer.userId}`,
    );
    expect(hold.rows[0]).toEqual({ hold_reason: 'bounced_payment', hold_note: 'NSF cheque' });
    expect((await queuedDeliveries(t, endpoint)).map((d) => d.data)).toContainEqual(
      expect.objectContaining({
        customer_id: buyer.userId,
        on_hold: true,
        reason: 'bounced_payment',
      }),
    );

    const twice = await bounce(paid.id, {
      reason: 'again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.reason.key).toBe('PAYMENT_ALREADY_BOUNCED');
  });

  it('leaves the account alone without hold_account; 404 for an unknown payment; 400 without a reason', async () => {
    const { buyer } = await customerWithInvoices([[5_000, '2026-10-01']]);
    const paid = await recordedPayment(buyer.userId, 5_000, '2026-11-01');
    const res = await bounce(paid.id, {
      reason: 'Stopped',
    });
    expect(res.statusCode, res.body).toBe(200);
    const hold = await db().execute<{ hold_reason: string | null }>(
      sql`select hold_reason from credit_accounts where user_id = ${buyer.userId}`,
    );
    expect(hold.rows[0].hold_reason).toBeNull();
    expect((await bounce(999_999, { reason: 'x' })).statusCode).toBe(404);
    const blank = await bounce(paid.id, { reason: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toHaveProperty(['reason']);
    const notBool = await bounce(paid.id, {
      reason: 'x',
      hold_account: 'yes',
    });
    expect(notBool.statusCode).toBe(400);
    expect(notBool.json().error.fields).toHaveProperty(['hold_account']);
  });
});
