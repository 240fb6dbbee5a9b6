import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translateImportError } from '../imports/error-messages';
import { dollarsText, percentText, readPercentBasisPoints, readPriceRow } from './file-rows';

const row = (over: Record<string, string> = {}) => ({
  target: 'product',
  code: 'BT-1',
  min_packs: '',
  fixed_price: '1.99',
  percent_off: '',
  starts_on: '',
  ends_on: '',
  ...over,
});

describe('a price list file row', () => {
  it('refuses a cell holding a text-direction control or a NUL, naming it, shown as code points', () => {
    expect(readPriceRow(row({ code: 'BT\u202E-1', starts_on: '2026\u0000' }))).toEqual({
      ok: false,
      refusals: [
        {
          column: 'code',
          value: 'BT[U+202E]-1',
          message:
            'code must not contain text-direction control characters (U+202A–U+202E, U+2066–U+2069)',
        },
        {
          column: 'starts_on',
          value: '2026[U+0000]',
          message: 'starts_on must not contain a NUL character',
        },
      ],
    });
    expect(readPriceRow(row({ code: 'زر\u200F-1' })).ok).toBe(true);
  });

  it('reads a fixed price, a percent off, packs and dates', () => {
    expect(readPriceRow(row())).toEqual({
      ok: true,
      entry: {
        target: 'product',
        code: 'BT-1',
        min_packs: 1,
        kind: 'fixed',
        unit_cents: 199,
        starts_on: undefined,
        ends_on: undefined,
      },
    });
    expect(
      readPriceRow(
        row({
          target: ' Brand ',
          code: 'Maple Notions',
          min_packs: '12',
          fixed_price: '',
          percent_off: '12,5 %',
          starts_on: '2026-01-01',
          ends_on: '2026-01-01',
        }),
      ),
    ).toMatchObject({
      ok: true,
      entry: { target: 'brand', min_packs: 12, kind: 'percent_off', basis_points: 1250 },
    });
  });

  it('names the column of each refusal, in words the import translates', () => {
    const result = readPriceRow(
      row({
        target: 'shelf',
        code: ' ',
        min_packs: '0',
        fixed_price: '2',
        percent_off: '5',
        starts_on: '2026-02-30',
        ends_on: '2026-01-01',
      }),
    );
    expect(result.ok).toBe(false);
    const refusals = result.ok ? [] : result.refusals;
    expect(refusals.map((r) => r.column)).toEqual([
      'target',
      'code',
      'min_packs',
      'percent_off',
      'starts_on',
    ]);
    for (const r of refusals)
      expect(translateImportError(r.message, 'fr'), r.message).not.toBe(r.message);
    const reversed = readPriceRow(row({ starts_on: '2026-05-02', ends_on: '2026-05-01' }));
    expect(reversed).toMatchObject({ ok: false, refusals: [{ column: 'ends_on' }] });
    for (const percent of ['0', '100.01', '-5', 'abc', '12.345'])
      expect(readPriceRow(row({ fixed_price: '', percent_off: percent })).ok, percent).toBe(false);
    expect(readPriceRow(row({ fixed_price: '' })).ok).toBe(false);
    expect(readPriceRow(row({ min_packs: '100001' })).ok).toBe(false);
  });

  it('writes amounts and percents that read back the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (basisPoints) => {
        expect(readPercentBasisPoints(percentText(basisPoints))).toBe(basisPoints);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => {
        const read = readPriceRow(row({ fixed_price: dollarsText(cents) }));
        expect(read.ok && read.entry.unit_cents).toBe(cents);
      }),
    );
  });
});
