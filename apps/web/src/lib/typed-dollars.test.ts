import { describe, expect, it } from 'vitest';
import { dollarsToCents, typedCents } from './typed-dollars';

describe('amounts typed in dollars', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['1 234.56', 123_456],
    // Copied from a screen: grouped thousands with the other separator, a currency mark.
    ['2,085.20', 208_520],
    ['2.085,20', 208_520],
    ['1,234,567.8', 123_456_780],
    ['2\u202f085,20\u00a0$\u00a0CA', 208_520],
    ['CA$2,085.20', 208_520],
    ['US$ 12', 1200],
  ])('reads %s strictly as %i cents', (text, cents) => expect(dollarsToCents(text)).toBe(cents));

  it.each([
    '',
    '0',
    '-3',
    '1.234',
    'abc',
    '2,085',
    '2,085,20',
    '2.085.20',
    '20,85.20',
    '$',
    '12 $ EUR',
  ])('refuses %j', (bad) => expect(dollarsToCents(bad)).toBeNull());

  it.each([
    ['7500', 750_000],
    ['0', 0],
    ['12,5', 1250],
    ['0.5', 50],
  ])('reads the number field %s as %i cents', (text, cents) =>
    expect(typedCents(text)).toBe(cents),
  );

  it('reads what is not a number as NaN', () => expect(typedCents('abc')).toBeNaN());
});
