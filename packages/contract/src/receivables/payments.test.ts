import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  agingTotals,
  allocateOldestFirst,
  allocationProblem,
  AdminRecordPaymentBody,
  lastEndedPeriod,
  overdueCents,
  periodEnd,
  previousPeriod,
  signedCents,
  statementLines,
  StatementPeriodParams,
  type StatementEntry,
} from './payments';
import { agingBucket } from './terms';

const day = fc
  .integer({ min: 0, max: 400 })
  .map((d) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10));
const openInvoice = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  dueOn: day,
  issuedOn: day,
  openCents: fc.integer({ min: 1, max: 100_000 }),
});

describe('allocating a payment oldest due first', () => {
  it('pays the oldest due first and keeps the rest as credit', () => {
    const result = allocateOldestFirst(15_000, [
      { id: 1, dueOn: '2026-10-31', issuedOn: '2026-10-01', openCents: 10_000 },
      { id: 2, dueOn: '2026-10-01', issuedOn: '2026-09-01', openCents: 4_000 },
    ]);
    expect(result).toEqual({
      allocations: [
        { invoiceId: 2, amountCents: 4_000 },
        { invoiceId: 1, amountCents: 10_000 },
      ],
      unappliedCents: 1_000,
    });
  });

  it('never settles more than an invoice is open nor more than the payment (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500_000 }),
        fc.uniqueArray(openInvoice, { selector: (i) => i.id, maxLength: 12 }),
        (amount, invoices) => {
          const { allocations, unappliedCents } = allocateOldestFirst(amount, invoices);
          const byId = new Map(invoices.map((i) => [i.id, i]));
          for (const a of allocations) {
            expect(a.amountCents).toBeGreaterThan(0);
            expect(a.amountCents).toBeLessThanOrEqual(byId.get(a.invoiceId)!.openCents);
          }
          const applied = allocations.reduce((s, a) => s + a.amountCents, 0);
          expect(applied + unappliedCents).toBe(amount);
          const open = invoices.reduce((s, i) => s + i.openCents, 0);
          expect(applied).toBe(Math.min(amount, open));
          // Only the last invoice paid may be paid in part, and none due later is paid before it.
          allocations
            .slice(0, -1)
            .forEach((a) => expect(a.amountCents).toBe(byId.get(a.invoiceId)!.openCents));
          expect(
            allocationProblem(
              amount,
              allocations,
              new Map(
                invoices.map((i) => [i.id, { openCents: i.openCents, number: String(i.id) }]),
              ),
            ),
          ).toBeNull();
        },
      ),
    );
  });

  it('refuses an unknown invoice, more than open, an invoice twice and more than the payment', () => {
    const open = new Map([[1, { openCents: 500, number: 'CA-000001' }]]);
    expect(allocationProblem(100, [{ invoiceId: 2, amountCents: 1 }], open)?.reason).toBe(
      'PAYMENT_INVOICE_UNKNOWN',
    );
    expect(allocationProblem(1_000, [{ invoiceId: 1, amountCents: 501 }], open)).toMatchObject({
      field: 'allocations.0.amount_cents',
      reason: 'PAYMENT_OVER_OPEN',
      params: { number: 'CA-000001', openCents: 500 },
    });
    expect(
      allocationProblem(
        100,
        [
          { invoiceId: 1, amountCents: 1 },
          { invoiceId: 1, amountCents: 1 },
        ],
        open,
      )?.field,
    ).toBe('allocations.1.invoice_id');
    expect(allocationProblem(100, [{ invoiceId: 1, amountCents: 101 }], open)?.reason).toBe(
      'PAYMENT_OVER_AMOUNT',
    );
  });
});

describe('periods', () => {
  it('knows month ends, leap years and the last month ended', () => {
    expect(periodEnd('2028-02')).toBe('2028-02-29');
    expect(periodEnd('2026-02')).toBe('2026-02-28');
    expect(periodEnd('2026-12')).toBe('2026-12-31');
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(lastEndedPeriod('2026-11-01')).toBe('2026-10');
    expect(lastEndedPeriod('2026-11-30')).toBe('2026-10');
  });

  it('reads a statement period as YYYY-MM only', () => {
    expect(StatementPeriodParams.safeParse({ period: '2026-09' }).success).toBe(true);
    for (const period of ['2026-13', '2026-9', '26-09', '2026-09-01', ''])
      expect(StatementPeriodParams.safeParse({ period }).success, period).toBe(false);
  });
});

describe('aging and statements', () => {
  it('sums open amounts per bucket, and the buckets add up to what is open (property)', () => {
    fc.assert(
      fc.property(fc.array(openInvoice, { maxLength: 20 }), day, (invoices, asOf) => {
        const totals = agingTotals(invoices, asOf);
        const sum = Object.values(totals).reduce((a, b) => a + b, 0);
        expect(sum).toBe(invoices.reduce((s, i) => s + i.openCents, 0));
        expect(sum - totals.current).toBe(overdueCents(invoices, asOf));
        for (const i of invoices)
          expect(totals[agingBucket(i.dueOn, asOf)]).toBeGreaterThanOrEqual(i.openCents);
      }),
    );
  });

  it('runs the balance from the opening one and closes on opening plus the month (property)', () => {
    const entry = fc.record({
      kind: fc.constantFrom('invoice', 'payment', 'credit_note', 'interest') as fc.Arbitrary<
        StatementEntry['kind']
      >,
      date: day,
      reference: fc.constant('x'),
      amountCents: fc.integer({ min: 1, max: 100_000 }),
      id: fc.nat(),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.array(entry, { maxLength: 20 }),
        (opening, entries) => {
          const { lines, closingCents } = statementLines(opening, entries);
          expect(closingCents).toBe(opening + entries.reduce((s, e) => s + signedCents(e), 0));
          let running = opening;
          for (const l of lines) {
            running += signedCents(l);
            expect(l.balanceCents).toBe(running);
          }
          for (let i = 1; i < lines.length; i++)
            expect(lines[i - 1].date <= lines[i].date).toBe(true);
        },
      ),
    );
  });
});

describe('the payment body', () => {
  it('names the field of each wrong input', () => {
    const ok = { amount_cents: 100, method: 'cheque', received_on: '2026-11-01' };
    expect(AdminRecordPaymentBody.safeParse(ok).success).toBe(true);
    const fieldOf = (body: unknown) =>
      AdminRecordPaymentBody.safeParse(body).error?.issues.map((i) => i.path.join('.'));
    expect(fieldOf({ ...ok, amount_cents: -1 })).toEqual(['amount_cents']);
    expect(fieldOf({ ...ok, method: 'cash' })).toEqual(['method']);
    expect(fieldOf({ ...ok, received_on: '2026-02-30' })).toEqual(['received_on']);
    expect(fieldOf({ ...ok, allocations: [{ invoice_id: 1, amount_cents: 0 }] })).toEqual([
      'allocations.0.amount_cents',
    ]);
  });
});
