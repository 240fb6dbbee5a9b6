import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sampleCanadianApplication, sampleUsaApplication } from '@wholesale/contract';
import { auditRowsFor } from '../../test/audit-rows';
import { creditStaff, ordersStaff, t, useReceivablesTestApp } from './receivables.test-app';

// Credit at approval and on the customer's page (docs/product/accounts-receivable.md "Credit at
// approval, deposits and holds").

useReceivablesTestApp();
const creditOf = (id: number) => `/api/admin/customers/${id}/credit`;
const patchCredit = (id: number, body: object, headers = creditStaff.headers) =>
  t.patch(creditOf(id), headers, body);
const putHold = (id: number, body: object) =>
  t.put(`${creditOf(id)}/hold`, creditStaff.headers, body);

async function approved(country: 'ca' | 'us'): Promise<number> {
  const email = `credit-${country}-${Date.now()}@applicant.example`;
  const sample = country === 'ca' ? sampleCanadianApplication : sampleUsaApplication;
  expect((await t.post('/api/store/user', {}, sample({ email }))).statusCode).toBe(200);
  const app = await t.handle.db.execute<{ id: number }>(
    sql`select id from applications where email = ${email}`,
  );
  const res = await t.post(
    `/api/admin/applications/${app.rows[0].id}/approve`,
    creditStaff.headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.user_id as number;
}

describe('credit at approval', () => {
  it.each([
    ['ca', 500_000, 'CAD'],
    ['us', 300_000, 'USD'],
  ] as const)(
    'opens the %s account with its country defaults',
    async (country, limit, currency) => {
      const id = await approved(country);
      const row = await t.handle.db.execute<{ credit_limit_cents: number }>(
        sql`select credit_limit_cents from credit_accounts where user_id = ${id}`,
      );
      expect(row.rows.map((r) => Number(r.credit_limit_cents))).toEqual([limit]);
      const res = await t.get(creditOf(id), ordersStaff.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        customer_id: id,
        currency,
        credit_limit_cents: limit,
        net_days: 30,
        opening_deposit_required: true,
        hold: null,
        balance_cents: 0,
        open_orders_cents: 0,
        available_credit_cents: limit,
      });
    },
  );
});

describe('staff credit settings', () => {
  it('changes the limit, net days and deposit rule, audit-logged', async () => {
    const id = await approved('ca');
    const res = await patchCredit(id, {
      credit_limit_cents: 1_000_000,
      net_days: 45,
      opening_deposit_required: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      credit_limit_cents: 1_000_000,
      net_days: 45,
      opening_deposit_required: false,
      available_credit_cents: 1_000_000,
    });
    const audit = await auditRowsFor(t.handle.db, 'credit_account', id);
    expect(audit.find((r) => r.action === 'credit_account.update')).toMatchObject({
      before: { credit_limit_cents: 500_000, net_days: 30, opening_deposit_required: true },
      after: { credit_limit_cents: 1_000_000, net_days: 45, opening_deposit_required: false },
    });
    // Orders staff read, never change.
    expect((await patchCredit(id, { net_days: 10 }, ordersStaff.headers)).statusCode).toBe(403);
  });

  it('refuses bad values naming the field, with a reason the web translates', async () => {
    const id = await approved('us');
    for (const [field, value, reason] of [
      ['credit_limit_cents', -1, 'CREDIT_LIMIT_INVALID'],
      ['credit_limit_cents', 10.5, 'CREDIT_LIMIT_INVALID'],
      ['net_days', 366, 'NET_DAYS_INVALID'],
    ] as const) {
      const res = await patchCredit(id, { [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
      expect(res.json().error.reason).toEqual({ key: reason, params: { field } });
    }
    expect((await t.get(creditOf(999_999), creditStaff.headers)).statusCode).toBe(404);
  });

  it('puts the account on hold with a reason and note and lifts it, audited and told to the ERP', async () => {
    const id = await approved('ca');
    const bad = await putHold(id, { reason: 'late' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('reason');
    const held = await putHold(id, {
      reason: 'bounced_payment',
      note: 'Cheque 1042 returned',
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().data.hold).toMatchObject({
      reason: 'bounced_payment',
      note: 'Cheque 1042 returned',
      held_at: expect.any(String),
    });
    const lifted = await putHold(id, { reason: null });
    expect(lifted.json().data.hold).toBe(null);
    expect((await auditRowsFor(t.handle.db, 'credit_account', id)).map((r) => r.action)).toEqual(
      expect.arrayContaining(['credit_account.hold', 'credit_account.release']),
    );
  });
});
