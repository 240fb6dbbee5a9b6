import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accountPosition, lockCreditAccount, nextDocumentNumber } from '.';
import { t, useReceivablesTestApp } from './receivables.test-app';

// The account's position is derived from its documents (docs/product/accounts-receivable.md).

useReceivablesTestApp();

describe('account position', () => {
  it('opens a missing credit account with the country defaults, and locks it', async () => {
    const buyer = await t.signIn({ email: 'position-us@test.example', country: 'us' });
    const account = await t.handle.db.transaction((tx) =>
      lockCreditAccount(tx, buyer.userId, 'us'),
    );
    expect(account).toMatchObject({ creditLimitCents: 300_000, netDays: 30, holdReason: null });
  });

  it('is invoices − received payments − credit notes + interest, and open orders less what they billed', async () => {
    const buyer = await t.signIn({ email: 'position-ca@test.example', country: 'ca' });
    const db = t.handle.db;
    const position = await db.transaction(async (tx) => {
      const order = await tx.execute<{ id: number }>(sql`
        insert into orders (user_id, country, status, total_cents, tax_cents)
        values (${buyer.userId}, 'ca', 'partially_shipped', 10000, 1300) returning id`);
      const orderId = order.rows[0].id;
      const number = await nextDocumentNumber(tx, 'invoice', 'ca');
      await tx.execute(sql`
        insert into invoices (number, user_id, order_id, country, lang, issued_on, due_on, subtotal_cents, tax_cents, total_cents)
        values (${number}, ${buyer.userId}, ${orderId}, 'ca', 'en', '2026-10-01', '2026-10-31', 4000, 520, 4520)`);
      await tx.execute(sql`
        insert into payments (user_id, amount_cents, method, received_on) values
          (${buyer.userId}, 1000, 'cheque', '2026-10-05')`);
      await tx.execute(sql`
        insert into payments (user_id, amount_cents, method, received_on, bounced_at) values
          (${buyer.userId}, 999, 'cheque', '2026-10-06', now())`);
      const note = await nextDocumentNumber(tx, 'credit_note', 'ca');
      await tx.execute(sql`
        insert into credit_notes (number, user_id, country, issued_on, subtotal_cents, total_cents)
        values (${note}, ${buyer.userId}, 'ca', '2026-10-07', 500, 500)`);
      await tx.execute(sql`
        insert into interest_charges (user_id, period, charged_on, overdue_cents, basis_points, amount_cents)
        values (${buyer.userId}, '2026-11', '2026-11-30', 3020, 150, 45)`);
      return accountPosition(tx, buyer.userId);
    });
    expect(position).toEqual({
      balanceCents: 4520 - 1000 - 500 + 45,
      uninvoicedOpenOrdersCents: 11300 - 4520,
    });
  });

  it('numbers documents per kind and country without gaps', async () => {
    const numbers = await t.handle.db.transaction(async (tx) => [
      await nextDocumentNumber(tx, 'invoice', 'us'),
      await nextDocumentNumber(tx, 'invoice', 'us'),
      await nextDocumentNumber(tx, 'credit_note', 'us'),
    ]);
    expect(numbers).toEqual(['US-000001', 'US-000002', 'CN-US-000001']);
  });
});
