import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEan13, isValidProductBarcode, isValidUpcA, toUpcA } from '../rules';
import { readMoneyCents, readSku, readWholeNumber, readYesNo } from './cells';

describe('import cells', () => {
  it('reads amounts as cents, refusing negatives and more than two decimals', () => {
    expect(readMoneyCents('12.5')).toEqual({ ok: true, value: 1250 });
    expect(readMoneyCents('12,50')).toEqual({ ok: true, value: 1250 });
    expect(readMoneyCents('$3')).toEqual({ ok: true, value: 300 });
    expect(readMoneyCents('-1').ok).toBe(false);
    expect(readMoneyCents('1.234').ok).toBe(false);
    expect(readMoneyCents('abc').ok).toBe(false);
  });

  it('round-trips every cent amount written with two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
        const written = (cents / 100).toFixed(2);
        expect(readMoneyCents(written)).toEqual({ ok: true, value: cents });
      }),
    );
  });

  it('reads whole numbers with a minimum, yes/no and SKUs', () => {
    expect(readWholeNumber('0', 1).ok).toBe(false);
    expect(readWholeNumber('-3', 0).ok).toBe(false);
    expect(readWholeNumber('2.5', 0).ok).toBe(false);
    expect(readWholeNumber(' 12 ', 1)).toEqual({ ok: true, value: 12 });
    expect(readYesNo('YES')).toEqual({ ok: true, value: true });
    expect(readYesNo('no')).toEqual({ ok: true, value: false });
    expect(readYesNo('maybe').ok).toBe(false);
    expect(readSku(' BT-1 ')).toEqual({ ok: true, value: 'BT-1' });
    expect(readSku('../etc').ok).toBe(false);
    expect(readSku('').ok).toBe(false);
  });

  it('accepts UPC-A and EAN-13 with the right check digit only', () => {
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidEan13('4006381333932')).toBe(false);
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11}$/), (first11) => {
        const upc = toUpcA(first11);
        expect(isValidProductBarcode(upc)).toBe(true);
        // A UPC-A is an EAN-13 with a leading zero.
        expect(isValidEan13(`0${upc}`)).toBe(true);
        const wrong = `${upc.slice(0, 11)}${(Number(upc[11]) + 1) % 10}`;
        expect(isValidUpcA(wrong)).toBe(false);
      }),
    );
  });
});
