import { describe, expect, it } from 'vitest';
import { dollarsToCents, typedCents } from './typed-dollars';

describe('amounts typed in dollars', () => {
  it.each([
    ['12', 1200],
    ['12,5', 1250],
    ['1 234.56', 123_456],
  ])('reads %s strictly as %i cents', (text, cents) => expect(dollarsToCents(text)).toBe(cents));

  it.each(['', '0', '-3', '1.234', 'abc'])('refuses %j', (bad) =>
    expect(dollarsToCents(bad)).toBeNull(),
  );

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
