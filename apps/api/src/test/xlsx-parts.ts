import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';

/** The parts of an XLSX file, by name, in their ZIP order. */
export async function xlsxParts(data: Buffer): Promise<Array<[string, Buffer]>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (e, z) => (e || !z ? reject(e) : resolve(z))),
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

/**
 * A part's content: bytes, or a stream (a part too big to hold, deflated as it is zipped, or stored
 * as it is when `stored`: random text gains nothing from deflating, which is slow).
 */
type PartData = Buffer | (() => Readable) | { stored: () => Readable };

/**
 * Zips parts again, those named in `first` first in that order, then the rest; `replace` swaps
 * (or adds) parts by name.
 */
export async function repackXlsx(
  list: Array<[string, Buffer]>,
  options: { first?: string[]; replace?: Record<string, PartData> } = {},
): Promise<Buffer> {
  const first = options.first ?? [
    '[Content_Types].xml',
    '_rels/.rels',
    'xl/_rels/workbook.xml.rels',
    'xl/workbook.xml',
    'xl/sharedStrings.xml',
  ];
  const replace = options.replace ?? {};
  const names = [...new Set([...list.map(([n]) => n), ...Object.keys(replace)])];
  const rank = (name: string) => (first.includes(name) ? first.indexOf(name) : first.length);
  const byName = new Map<string, PartData>(list);
  const zip = new yazl.ZipFile();
  for (const name of names.sort((a, b) => rank(a) - rank(b))) {
    const data = replace[name] ?? byName.get(name);
    if (!data) continue;
    if (Buffer.isBuffer(data)) zip.addBuffer(data, name);
    else if (typeof data === 'function') zip.addReadStream(data(), name);
    else zip.addReadStream(data.stored(), name, { compress: false });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The parts of a one-sheet workbook holding `rows` (exceljs writes it). */
export async function workbookParts(rows: (string | number)[][]): Promise<Array<[string, Buffer]>> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('catalogue');
  for (const row of rows) sheet.addRow(row);
  return xlsxParts(Buffer.from(await book.xlsx.writeBuffer()));
}

/** Writes `size` bytes of `unit` repeated, without ever holding them. */
export function repeated(unit: string, size: number): Readable {
  const block = Buffer.from(unit.repeat(Math.ceil((1 << 20) / unit.length))).subarray(0, 1 << 20);
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(left, block.length);
      left -= n;
      this.push(block.subarray(0, n));
    },
  });
}

/** A worksheet whose rows are inline strings, `giant` streamed into cell B2. */
export function sheetWithGiantCell(header: string[], sku: string, giant: () => Readable) {
  const cell = (ref: string, text: string) =>
    `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      `<row r="1">${header.map((h, i) => cell(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>` +
      `<row r="2">${cell('A2', sku)}<c r="B2" t="inlineStr"><is><t>`,
  );
  const tail = Buffer.from('</t></is></c></row></sheetData></worksheet>');
  return () =>
    Readable.from(
      (async function* () {
        yield head;
        for await (const chunk of giant()) yield chunk as Buffer;
        yield tail;
      })(),
    );
}
