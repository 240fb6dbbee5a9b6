import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidUpcA, toUpcA, upcCheckDigit } from './index';

describe('UPC-A barcode', () => {
  it('computes the check digit of known codes', () => {
    // Published examples: 036000291452 (Wrigley's), 012345678905.
    expect(upcCheckDigit('03600029145')).toBe(2);
    expect(upcCheckDigit('01234567890')).toBe(5);
    expect(isValidUpcA('036000291452')).toBe(true);
    expect(isValidUpcA('036000291453')).toBe(false);
  });

  it('rejects anything that is not 12 digits', () => {
    expect(isValidUpcA('03600029145')).toBe(false);
    expect(isValidUpcA('03600029145a')).toBe(false);
    expect(isValidUpcA('0360002914520')).toBe(false);
    expect(() => upcCheckDigit('123')).toThrow();
  });

  const elevenDigits = fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 11, maxLength: 11 })
    .map((d) => d.join(''));

  it('a generated code is always valid', () => {
    fc.assert(fc.property(elevenDigits, (d) => isValidUpcA(toUpcA(d))));
  });

  it('changing any single digit makes the code invalid', () => {
    fc.assert(
      fc.property(
        elevenDigits,
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 9 }),
        (d, pos, delta) => {
          const code = toUpcA(d);
          const changed =
            code.slice(0, pos) + ((Number(code[pos]) + delta) % 10) + code.slice(pos + 1);
          return !isValidUpcA(changed);
        },
      ),
    );
  });
});
