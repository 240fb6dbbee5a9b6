import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney } from '../rules/money';
import { ERROR_REASONS, fillReason, reasonValues } from './errors';

describe('error reasons', () => {
  it('formats …Cents params as money under the shorter name and keeps the others', () => {
    expect(
      reasonValues(
        { minimumCents: 50_000, totalCents: 15_050, product: 'A1' },
        formatMoney('en', 'ca'),
      ),
    ).toEqual({ minimum: 'CA$500.00', total: 'CA$150.50', product: 'A1' });
    expect(reasonValues(undefined, formatMoney('en', 'ca'))).toEqual({});
  });

  it('fills every placeholder of every reason it has a value for, and leaves the others visible', () => {
    expect(
      fillReason(ERROR_REASONS.OPENING_MINIMUM, { minimum: '$500.00', total: '$150.00' }),
    ).toBe('Your opening order must reach $500.00; this order comes to $150.00');
    expect(fillReason('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(ERROR_REASONS)),
        fc.string().filter((v) => !v.includes('{')),
        (text, value) => {
          const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
          const filled = fillReason(text, Object.fromEntries(names.map((n) => [n, value])));
          expect(filled).not.toMatch(/\{\{\w+\}\}/);
          if (names.length > 0) expect(filled).toContain(value);
        },
      ),
    );
  });
});
