import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseScannerExport } from './parse';

describe('parseScannerExport', () => {
  it('reads one code per line as one pack each, adding repeated scans', () => {
    const r = parseScannerExport('012345678905\nABC-1\n012345678905\n');
    expect(r.errors).toEqual([]);
    expect(r.lines).toEqual([
      { code: '012345678905', quantity: 2, lines: [1, 3] },
      { code: 'ABC-1', quantity: 1, lines: [2] },
    ]);
  });

  it('reads code,qty / code;qty / tab separated, with CRLF', () => {
    const r = parseScannerExport('A1,3\r\nB2;4\r\nC3\t5\r\nA1, 2');
    expect(r.lines.map((l) => [l.code, l.quantity])).toEqual([
      ['A1', 5],
      ['B2', 4],
      ['C3', 5],
    ]);
  });

  it('drops date and time columns wherever they stand', () => {
    const r = parseScannerExport(
      '012345678905,2,2024/03/01,13:45:10\n2024-03-01;12:00;A1;7\n"B2","3","03/01/2024"',
    );
    expect(r.lines.map((l) => [l.code, l.quantity])).toEqual([
      ['012345678905', 2],
      ['A1', 7],
      ['B2', 3],
    ]);
  });

  it('skips a header line and blank lines, reports bad quantities and codes by line', () => {
    const r = parseScannerExport('code,qty\n\nA1,0\nA2,x\n!!!,2\nA3,-1\nA4,2');
    expect(r.lines).toEqual([{ code: 'A4', quantity: 2, lines: [7] }]);
    expect(r.errors.map((e) => [e.line, e.reason])).toEqual([
      [3, 'quantity'],
      [4, 'quantity'],
      [5, 'code'],
      [6, 'quantity'],
    ]);
  });

  const code = fc
    .stringMatching(/^[A-Z0-9][A-Z0-9-]{0,11}$/)
    .filter((c) => !/^\d{1,2}-\d{1,2}-\d{2,4}$/.test(c) && !/^\d{4}-\d{1,2}-\d{1,2}$/.test(c));
  const entry = fc.tuple(code, fc.integer({ min: 1, max: 999 }));
  const sep = fc.constantFrom(',', ';', '\t');

  function expected(entries: Array<[string, number]>): Map<string, number> {
    const m = new Map<string, number>();
    for (const [c, q] of entries) m.set(c, (m.get(c) ?? 0) + q);
    return m;
  }
  const asMap = (lines: Array<{ code: string; quantity: number }>) =>
    new Map(lines.map((l) => [l.code, l.quantity]));

  it('sums quantities per code for any separator (property)', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), sep, (entries, s) => {
        const r = parseScannerExport(entries.map(([c, q]) => `${c}${s}${q}`).join('\n'));
        return (
          r.errors.length === 0 &&
          JSON.stringify([...asMap(r.lines)]) === JSON.stringify([...expected(entries)])
        );
      }),
    );
  });

  it('a code scanned n times equals one line with quantity n (property)', () => {
    fc.assert(
      fc.property(code, fc.integer({ min: 1, max: 60 }), (c, n) => {
        const scans = parseScannerExport(Array.from({ length: n }, () => c).join('\n'));
        const single = parseScannerExport(`${c},${n}`);
        return (
          scans.lines.length === 1 &&
          scans.lines[0].quantity === n &&
          single.lines[0].quantity === n
        );
      }),
    );
  });

  it('extra date/time columns never change the result (property)', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), sep, (entries, s) => {
        const plain = parseScannerExport(entries.map(([c, q]) => `${c}${s}${q}`).join('\n'));
        const dated = parseScannerExport(
          entries.map(([c, q]) => `${c}${s}${q}${s}2025/11/22${s}09:15:00`).join('\n'),
        );
        return (
          JSON.stringify(plain.lines.map((l) => [l.code, l.quantity])) ===
          JSON.stringify(dated.lines.map((l) => [l.code, l.quantity]))
        );
      }),
    );
  });

  it('never throws on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (t) => Array.isArray(parseScannerExport(t).lines)),
    );
  });
});
