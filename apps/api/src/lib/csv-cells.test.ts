import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseCsvCell, restoreCsvCell, safeCsvOptions } from './csv-cells';

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠'];

/** Texts that often start with a formula character or a quote. */
const hostileText = fc.oneof(
  fc.string(),
  fc.tuple(fc.constantFrom(...FORMULA_STARTS, "'", "''"), fc.string()).map(([a, b]) => a + b),
);

describe('neutraliseCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1+1', "'+1+1"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['＝1', "'＝1"],
    ["'=already", "''=already"],
    ["'plain", "''plain"],
    ['-5', '-5'],
    ['-12.50', '-12.50'],
    ['12.50', '12.50'],
    ['Ribbon = 5 m', 'Ribbon = 5 m'],
    ['', ''],
  ])('writes %j as %j', (text, written) => {
    expect(neutraliseCsvCell(text)).toBe(written);
    expect(restoreCsvCell(written)).toBe(text);
  });

  it('never writes a cell a spreadsheet reads as a formula, and the import gets the text back', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const written = neutraliseCsvCell(text);
        expect(restoreCsvCell(written)).toBe(text);
        if (!/^-?\d+(\.\d+)?$/.test(written))
          expect(FORMULA_STARTS).not.toContain(written[0] ?? '');
      }),
    );
  });

  it('quotes each neutralised field, keeps numbers plain, and parses back to the same rows', () => {
    expect(stringify([['=1+1', -5, 'ok', '-5']], safeCsvOptions())).toBe(`"'=1+1",-5,ok,-5\n`);
    fc.assert(
      fc.property(
        fc.array(fc.array(hostileText, { minLength: 1, maxLength: 4 }), { minLength: 1 }),
        (rows) => {
          const text = stringify(rows, safeCsvOptions());
          const back = (parse(text, { relax_column_count: true }) as string[][]).map((r) =>
            r.map(restoreCsvCell),
          );
          expect(back).toEqual(rows);
          for (const cell of rows.flat()) {
            const written = neutraliseCsvCell(cell);
            if (written !== cell) expect(text).toContain(`"${written.replaceAll('"', '""')}"`);
          }
        },
      ),
    );
  });
});
