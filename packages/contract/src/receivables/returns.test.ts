import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RETURN_STATUSES } from './terms';
import {
  allowedReturnSteps,
  canMoveReturn,
  creditNoteAmounts,
  creditSettlementCents,
  lineReturnable,
  returnablePacks,
} from './returns';

describe('return workflow', () => {
  it('moves requested → authorised | refused and authorised → received, nothing else', () => {
    const allowed = RETURN_STATUSES.flatMap((from) =>
      RETURN_STATUSES.filter((to) => canMoveReturn(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual(['requested→authorised', 'requested→refused', 'authorised→received']);
    expect(allowedReturnSteps('received')).toEqual([]);
  });
});

describe('what may be returned', () => {
  it('accepts a line up to 60 days after its shipment day, inclusive', () => {
    expect(lineReturnable('2029-12-31', '2030-03-01')).toBe(true);
    expect(lineReturnable('2029-12-31', '2030-03-02')).toBe(false);
  });

  it('never offers more packs than shipped less already asked, nor fewer than none', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(2000), (shipped, asked) => {
        const left = returnablePacks(shipped, asked);
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left + Math.min(asked, shipped)).toBe(shipped);
      }),
    );
  });
});

describe('credit note amounts', () => {
  it('credits packs at the frozen unit prices and each tax at its rate, rounded half up', () => {
    const amounts = creditNoteAmounts(
      [{ quantity: 3, shipPack: 2, unitPriceCents: 1000 }],
      [
        { kind: 'GST', rate: 5000 },
        { kind: 'QST', rate: 9975 },
      ],
    );
    expect(amounts).toEqual({
      subtotalCents: 6000,
      taxes: [
        { kind: 'GST', rate: 5000, amountCents: 300 },
        { kind: 'QST', rate: 9975, amountCents: 599 },
      ],
      taxCents: 899,
      totalCents: 6899,
    });
  });

  it('always adds up: total = subtotal + the taxes, in whole cents', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 500 }),
      shipPack: fc.integer({ min: 1, max: 48 }),
      unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
    });
    const rate = fc.record({
      kind: fc.constantFrom('GST' as const, 'PST' as const, 'QST' as const, 'HST' as const),
      rate: fc.integer({ min: 0, max: 15_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), fc.array(rate, { maxLength: 2 }), (l, r) => {
        const a = creditNoteAmounts(l, r);
        expect(Number.isInteger(a.totalCents)).toBe(true);
        expect(a.totalCents).toBe(a.subtotalCents + a.taxCents);
        expect(a.taxCents).toBe(a.taxes.reduce((s, t) => s + t.amountCents, 0));
      }),
    );
  });

  it('never settles more than the invoice still owes nor more than the credit', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(1_000_000),
        fc.nat(1_000_000),
        (credit, total, settled) => {
          const applied = creditSettlementCents(credit, total, settled);
          expect(applied).toBeGreaterThanOrEqual(0);
          expect(applied).toBeLessThanOrEqual(credit);
          expect(applied).toBeLessThanOrEqual(Math.max(0, total - settled));
          expect(applied).toBe(Math.max(0, Math.min(credit, total - settled)));
        },
      ),
    );
  });
});
