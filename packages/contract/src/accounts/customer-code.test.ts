import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CUSTOMER_CODE_FORMAT, formatCustomerCode, parseCustomerCode } from './index';

describe('customer codes (docs/product/back-office-staff-and-customers.md)', () => {
  it('is the country prefix and 100000 + the user id', () => {
    expect(formatCustomerCode('ca', 8)).toBe('CA100008');
    expect(formatCustomerCode('us', 40)).toBe('US100040');
    expect(formatCustomerCode('ca', 1_234_567)).toBe('CA1334567');
  });

  it('refuses a user id that is not a positive whole number', () => {
    for (const id of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2])
      expect(() => formatCustomerCode('ca', id)).toThrow(RangeError);
  });

  it('does not take the older shapes for a generated code', () => {
    for (const code of [
      'C10001',
      'U20001',
      'B000001',
      'D000042',
      'CA10001',
      'ca100001',
      'CA100001 ',
    ])
      expect({ code, ok: CUSTOMER_CODE_FORMAT.test(code) }).toEqual({ code, ok: false });
    expect(parseCustomerCode('C10001')).toBeNull();
    expect(parseCustomerCode('CA100000')).toBeNull();
  });

  it('property: every code has the format and gives back its country and id; distinct customers, distinct codes', () => {
    const country = fc.constantFrom('ca' as const, 'us' as const);
    const id = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER - 100_000 });
    fc.assert(
      fc.property(country, id, (c, n) => {
        const code = formatCustomerCode(c, n);
        expect(code).toMatch(CUSTOMER_CODE_FORMAT);
        expect(parseCustomerCode(code)).toEqual({ country: c, userId: n });
      }),
    );
    fc.assert(
      fc.property(country, id, country, id, (c1, n1, c2, n2) => {
        fc.pre(c1 !== c2 || n1 !== n2);
        expect(formatCustomerCode(c1, n1)).not.toBe(formatCustomerCode(c2, n2));
      }),
    );
  });
});
