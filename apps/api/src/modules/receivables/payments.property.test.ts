import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { accountPosition, bouncePayment, recordPayment } from '.';
import { openInvoices } from './payments.queries';
import { insertCreditNote, insertInvoice } from './receivables.fixtures';
import { creditStaff, t, useReceivablesTestApp } from './receivables.test-app';

// The rules the issue asks to hold, on the database (docs/product/accounts-receivable.md):
// a customer's balance ALWAYS equals invoices − received payments − credit notes + interest; the
// settlements of an invoice never exceed its total; a buyer never reads another customer's data.

useReceivablesTestApp();

const who = fc.integer({ min: 0, max: 1 });
const day = fc.integer({ min: 0, max: 120 }).map((d) => {
  const date = new Date(Date.UTC(2026, 5, 1) + d * 86_400_000);
  return date.toISOString().slice(0, 10);
});
const step = fc.oneof(
  fc.record({
    kind: fc.constant('invoice' as const),
    who,
    total: fc.integer({ min: 1, max: 100_000 }),
    day,
  }),
  fc.record({
    kind: fc.constant('payment' as const),
    who,
    amount: fc.integer({ min: 1, max: 150_000 }),
    day,
    explicit: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('bounce' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('credit_note' as const),
    who,
    total: fc.integer({ min: 1, max: 50_000 }),
    day,
    settle: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('interest' as const),
    who,
    amount: fc.integer({ min: 1, max: 5_000 }),
  }),
);

describe('the balance of an account (property, on the database)', () => {
  it('always equals invoices − received payments − credit notes + interest; settlements never exceed an invoice; each buyer reads only their own', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const db = t.handle.db;
        const buyers = [await t.signIn(), await t.signIn()];
        const expected = [0, 0];
        const invoicesOf: number[][] = [[], []];
        const paymentsMade: { id: number; who: number; amount: number; bounced: boolean }[] = [];
        let period = 0;
        for (const s of steps) {
          if (s.kind === 'invoice') {
            const inv = await insertInvoice(db, {
              userId: buyers[s.who].userId,
              totalCents: s.total,
              issuedOn: s.day,
              dueOn: s.day,
            });
            invoicesOf[s.who].push(inv.id);
            expected[s.who] += s.total;
          } else if (s.kind === 'payment') {
            const userId = buyers[s.who].userId;
            const open = await openInvoices(db, userId);
            const allocations =
              s.explicit && open[0]
                ? [{ invoiceId: open[0].id, amountCents: Math.min(open[0].openCents, s.amount) }]
                : undefined;
            const { payment } = await recordPayment(
              db,
              {
                customerId: userId,
                amountCents: s.amount,
                method: 'cheque',
                receivedOn: s.day,
                allocations,
              },
              { kind: 'staff', id: creditStaff.userId },
            );
            paymentsMade.push({ id: payment.id, who: s.who, amount: s.amount, bounced: false });
            expected[s.who] -= s.amount;
          } else if (s.kind === 'bounce') {
            const live = paymentsMade.filter((p) => !p.bounced);
            if (live.length === 0) continue;
            const p = live[s.pick % live.length];
            await bouncePayment(
              db,
              p.id,
              { reason: 'NSF', holdAccount: s.pick % 2 === 0 },
              { id: creditStaff.userId },
            );
            p.bounced = true;
            expected[p.who] += p.amount;
          } else if (s.kind === 'credit_note') {
            const userId = buyers[s.who].userId;
            const open = await openInvoices(db, userId);
            const target = s.settle ? open[0] : undefined;
            await insertCreditNote(db, {
              userId,
              totalCents: s.total,
              issuedOn: s.day,
              invoiceId: target?.id,
              settlesCents: target ? Math.min(target.openCents, s.total) : undefined,
            });
            expected[s.who] -= s.total;
          } else {
            period += 1;
            await db.execute(sql`
              insert into interest_charges (user_id, period, charged_on, overdue_cents, basis_points, amount_cents)
              values (${buyers[s.who].userId}, ${`${1900 + period}-01`}, '2026-06-30', 1, 150, ${s.amount})`);
            expected[s.who] += s.amount;
          }
        }
        for (const [i, buyer] of buyers.entries()) {
          const position = await db.transaction((tx) => accountPosition(tx, buyer.userId));
          expect(position.balanceCents).toBe(expected[i]);
          const over = await db.execute<{ id: number }>(sql`
            select i.id from invoices i
             where i.user_id = ${buyer.userId}
               and i.total_cents < (select coalesce(sum(amount_cents), 0) from settlements s where s.invoice_id = i.id)`);
          expect(over.rows).toEqual([]);
          // What the buyer reads is theirs only.
          const read = (await t.get('/api/account/credit', buyer.headers)).json().data;
          expect(read.balance_cents).toBe(expected[i]);
          const others = new Set(invoicesOf[1 - i]);
          for (const inv of read.open_invoices) {
            expect(others.has(inv.id)).toBe(false);
            expect(invoicesOf[i]).toContain(inv.id);
          }
          const mine = new Set(paymentsMade.filter((p) => p.who === i).map((p) => p.id));
          for (const p of read.payments) {
            expect(p.customer_id).toBe(buyer.userId);
            expect(mine.has(p.id)).toBe(true);
            for (const s of p.settlements) expect(invoicesOf[i]).toContain(s.invoice_id);
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
