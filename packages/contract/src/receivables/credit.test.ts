import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { availableCreditCents, openingDepositCents } from './terms';
import { orderDepositCents, orderHoldReason, orderWaits } from './credit';

// The pure credit rules an order meets (docs/product/accounts-receivable.md).

const cents = fc.integer({ min: 0, max: 100_000_000 });
const country = fc.constantFrom('ca' as const, 'us' as const);

describe('opening deposit', () => {
  it('follows the terms at the boundaries', () => {
    expect(openingDepositCents(80_000, 'ca')).toBe(0);
    expect(openingDepositCents(80_001, 'ca')).toBe(52_001);
    expect(openingDepositCents(50_000, 'us')).toBe(50_000);
    expect(openingDepositCents(50_001, 'us')).toBe(32_501);
  });

  it('is owed only by a first order of an account that requires it, never more than the subtotal', () => {
    fc.assert(
      fc.property(cents, country, fc.boolean(), fc.boolean(), (subtotal, c, first, required) => {
        const deposit = orderDepositCents(subtotal, c, first, required);
        if (!first || !required) expect(deposit).toBe(0);
        else expect(deposit).toBe(openingDepositCents(subtotal, c));
        expect(deposit).toBeGreaterThanOrEqual(0);
        expect(deposit).toBeLessThanOrEqual(subtotal);
        expect(Number.isInteger(deposit)).toBe(true);
      }),
    );
  });

  it('is at least 65 % of the subtotal whenever it is owed', () => {
    fc.assert(
      fc.property(cents, country, (subtotal, c) => {
        const deposit = openingDepositCents(subtotal, c);
        if (deposit > 0) expect(deposit * 100).toBeGreaterThanOrEqual(subtotal * 65);
      }),
    );
  });
});

describe('available credit and the hold', () => {
  it('is never negative and never more than the limit (when nothing is owed back)', () => {
    fc.assert(
      fc.property(cents, cents, cents, (limit, balance, open) => {
        const available = availableCreditCents(limit, balance, open);
        expect(available).toBeGreaterThanOrEqual(0);
        expect(available).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('holds an order exactly when it passes the available credit, or the account is on hold', () => {
    fc.assert(
      fc.property(
        cents,
        cents,
        cents,
        cents,
        fc.constantFrom(null, 'overdue' as const, 'bounced_payment' as const, 'other' as const),
        (limit, balance, open, total, accountHold) => {
          const reason = orderHoldReason({
            creditLimitCents: limit,
            balanceCents: balance,
            uninvoicedOpenOrdersCents: open,
            accountHold,
            orderTotalCents: total,
          });
          if (accountHold) expect(reason).toBe('account_hold');
          else
            expect(reason).toBe(
              total > availableCreditCents(limit, balance, open) ? 'credit_limit' : null,
            );
        },
      ),
    );
  });

  it('lets orders placed one after the other pass only while together they fit the limit', () => {
    fc.assert(
      fc.property(cents, fc.array(cents, { maxLength: 20 }), (limit, totals) => {
        let open = 0;
        for (const total of totals) {
          const reason = orderHoldReason({
            creditLimitCents: limit,
            balanceCents: 0,
            uninvoicedOpenOrdersCents: open,
            accountHold: null,
            orderTotalCents: total,
          });
          if (reason === null) open += total;
        }
        expect(open).toBeLessThanOrEqual(limit);
      }),
    );
  });

  it('says what an order waits for', () => {
    expect(orderWaits({ holdReason: null, depositCents: 0, depositReceivedAt: null })).toEqual([]);
    expect(
      orderWaits({ holdReason: 'credit_limit', depositCents: 100, depositReceivedAt: null }),
    ).toEqual(['credit_review', 'deposit']);
    expect(
      orderWaits({ holdReason: null, depositCents: 100, depositReceivedAt: '2026-11-28' }),
    ).toEqual([]);
  });
});
