import { describe, expect, it } from 'vitest';
import { importErrorLang, refusalColumns, refusalKey } from './import-refusals';

describe('an import’s refused rows', () => {
  it('speak the screen’s language when the messages know it, English otherwise', () => {
    for (const [screen, lang] of [
      ['fr-CA', 'fr'],
      ['es', 'es'],
      ['en-US', 'en'],
      ['de', 'en'],
    ] as const)
      expect(importErrorLang(screen), screen).toBe(lang);
  });

  it('show the row, the column, the refused cell and the reason in that language', () => {
    const refusal = { row: 7, column: 'price_ca', value: '-1', message: 'must not be negative' };
    const columns = refusalColumns('en');
    expect(columns.map((c) => c.id)).toEqual(['row', 'column', 'value', 'message']);
    expect(columns.slice(0, 3).map((c) => c.cell(refusal))).toEqual([7, 'price_ca', '-1']);
    expect(typeof columns[3]!.cell(refusal)).toBe('string');
  });

  it('are told apart by row, column and message', () => {
    const twice = [
      { row: 3, column: 'sku', message: 'is required' },
      { row: 3, column: 'barcode', message: 'is not a UPC-A' },
    ];
    expect(new Set(twice.map(refusalKey)).size).toBe(2);
  });
});
