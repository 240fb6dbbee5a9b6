import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecords } from './import.records';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-files-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The parts of an XLSX file, by name, in their ZIP order. */
async function parts(file: string): Promise<Array<[string, Buffer]>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (e, z) => (e || !z ? reject(e) : resolve(z))),
  );
  const out: Array<[string, Buffer]> = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          out.push([entry.fileName, Buffer.concat(chunks)]);
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.readEntry();
  });
  return out;
}

/** Writes the parts again in the given order of names (the rest after). */
async function repack(list: Array<[string, Buffer]>, first: string[], file: string) {
  const rank = (name: string) => (first.includes(name) ? first.indexOf(name) : first.length);
  const zip = new yazl.ZipFile();
  for (const [name, data] of [...list].sort((a, b) => rank(a[0]) - rank(b[0])))
    zip.addBuffer(data, name);
  zip.end();
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(fs.createWriteStream(file)).on('finish', resolve).on('error', reject),
  );
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
