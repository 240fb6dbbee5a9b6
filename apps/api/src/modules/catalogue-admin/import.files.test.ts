import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { repackXlsx, xlsxParts } from '../../test/xlsx-parts';
import { readRecords } from './import.records';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-files-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const parts = (file: string) => xlsxParts(fs.readFileSync(file));

/** Writes the parts again in the given order of names (the rest after). */
async function repack(list: Array<[string, Buffer]>, first: string[], file: string) {
  fs.writeFileSync(file, await repackXlsx(list, { first }));
}

async function records(file: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readRecords(file, 'xlsx')) rows.push(row);
  return rows;
}

describe('reading an XLSX file whose parts come in any order', () => {
  it('reads a workbook whose first sheet comes after the shared strings but before workbook.xml', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('catalogue');
    sheet.addRow(['sku', 'name_en', 'stock_ca']);
    sheet.addRow(['ORD-1', 'Shared string text', 41]);
    const original = path.join(dir, 'original.xlsx');
    fs.writeFileSync(original, Buffer.from(await book.xlsx.writeBuffer()));
    const list = await parts(original);

    // The order exceljs's own writer produces on a busy machine, which its streaming reader refused.
    const awkward = path.join(dir, 'awkward.xlsx');
    await repack(
      list,
      ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml'],
      awkward,
    );
    expect((await parts(awkward)).map(([name]) => name).indexOf('xl/workbook.xml')).toBeGreaterThan(
      2,
    );
    const expected = [
      ['sku', 'name_en', 'stock_ca'],
      ['ORD-1', 'Shared string text', '41'],
    ];
    expect(await records(awkward)).toEqual(expected);
    // The reordered copy is gone once read.
    expect(fs.readdirSync(dir).filter((f) => f.includes('.ordered'))).toEqual([]);

    const tidy = path.join(dir, 'tidy.xlsx');
    await repack(
      list,
      ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml'],
      tidy,
    );
    expect(await records(tidy)).toEqual(expected);
  });
});
