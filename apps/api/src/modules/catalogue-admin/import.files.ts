import fs from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { restoreCsvCell } from '../../lib/csv-cells';
import { fileTypeFromBuffer } from 'file-type';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { IMPORT_COLUMNS, type ImportColumn } from '@wholesale/contract';

/**
 * Reading catalogue files without ever holding one whole in memory (docs/decisions/017): CSV through
 * csv-parse, XLSX through exceljs's streaming reader, the images ZIP through yauzl (central directory
 * first, one entry read when a row needs it).
 */

/** A whole file refused: nothing of it is applied. `status` is the HTTP answer at upload time. */
export class FileRefusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 = 400,
  ) {
    super(message);
  }
}

export type FileFormat = 'csv' | 'xlsx';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEAD_BYTES = 64 * 1024;

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await openFile(filePath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The format a file name claims; anything else is refused (415). */
export function formatOfName(fileName: string): FileFormat {
  const ext = path.extname(fileName).toLowerCase();
  if (ext === '.csv' || ext === '.txt') return 'csv';
  if (ext === '.xlsx') return 'xlsx';
  throw new FileRefusal(
    `The file "${fileName}" must be a .csv or .xlsx file (as the template)`,
    415,
  );
}

/**
 * Checks a stored upload by its bytes, not its name: empty, a binary file named .csv, something that
 * is not a workbook named .xlsx are refused before any job exists.
 */
export async function checkFileKind(filePath: string, format: FileFormat, fileName: string) {
  const head = await readHead(filePath);
  if (head.length === 0) throw new FileRefusal('The file is empty');
  const found = await fileTypeFromBuffer(head);
  if (format === 'csv') {
    if (found || head.includes(0))
      throw new FileRefusal(
        `"${fileName}" is not CSV text: it holds ${found ? `${found.mime} content` : 'binary data'}`,
        415,
      );
  } else if (found?.mime !== XLSX_MIME) {
    throw new FileRefusal(`"${fileName}" is not an Excel workbook (.xlsx)`, 415);
  }
}

/** Comma or semicolon, whichever the header line holds more of (spreadsheets in French write ;). */
export async function detectDelimiter(filePath: string): Promise<',' | ';'> {
  const head = (await readHead(filePath)).toString('utf8');
  const firstLine = head.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Passes bytes through unchanged while checking they are UTF-8 without NUL bytes: a file saved as
 * Latin-1 or mixing encodings is refused (its accents would be stored wrong), never guessed at.
 */
function utf8Guard(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  const refuse = () =>
    new FileRefusal(
      `The file is not UTF-8 text (an invalid byte after byte ${offset} or soon after); save it as "CSV UTF-8"`,
    );
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        callback(refuse());
        return;
      }
      if (chunk.includes(0)) {
        callback(new FileRefusal('The file holds binary data (a NUL byte), not CSV text', 415));
        return;
      }
      offset += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      try {
        decoder.decode();
        callback();
      } catch {
        callback(refuse());
      }
    },
  });
}

async function* csvRecords(filePath: string): AsyncGenerator<string[]> {
  const delimiter = await detectDelimiter(filePath);
  const source = fs.createReadStream(filePath);
  const guard = utf8Guard();
  const parser = parse({
    bom: true,
    delimiter,
    relax_column_count: true,
    skip_empty_lines: true,
  });
  const fail = (error: Error) => parser.destroy(error);
  source.on('error', fail);
  guard.on('error', fail);
  source.pipe(guard).pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal(`The CSV cannot be read: ${(error as Error).message}`);
  } finally {
    source.destroy();
  }
}

function columnLetter(index: number): string {
  let n = index;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * One XLSX cell as text. NOTE: formulas are refused, never evaluated and their cached result never
 * used: a cached value may be stale (the file saved by a program that does not recalculate), so the
 * sheet must hold values.
 */
function cellText(value: ExcelJS.CellValue, ref: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value)
    throw new FileRefusal(
      `Cell ${ref} holds a formula; formulas are not read: paste the sheet as values and upload again`,
    );
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('error' in value) throw new FileRefusal(`Cell ${ref} holds an error value (${value.error})`);
  if ('text' in value) return String(value.text);
  return '';
}

/** What exceljs's streaming reader must have read before the first worksheet. */
const WORKBOOK_PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml'];
const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * exceljs's streaming reader fails ("reading 'sheets'") on a workbook whose first worksheet comes
 * after the shared strings but before xl/workbook.xml in the ZIP: writers (exceljs itself among
 * them) do not fix the order of parts. Such a file is copied, part by part and uncompressed, with the
 * workbook parts first; a file already in order is read as it is. Returns the path to read.
 */
async function workbookInReadingOrder(filePath: string): Promise<string> {
  const zip = await openZip(filePath);
  try {
    const entries: yauzl.Entry[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', resolve);
      zip.on('error', reject);
      zip.readEntry();
    });
    const firstSheet = entries.findIndex((e) => WORKSHEET.test(e.fileName));
    const partAfterSheet = entries.some(
      (e, i) => WORKBOOK_PARTS.includes(e.fileName) && firstSheet !== -1 && i > firstSheet,
    );
    if (!partAfterSheet) return filePath;
    const rank = (e: yauzl.Entry) => {
      const i = WORKBOOK_PARTS.indexOf(e.fileName);
      return i === -1 ? WORKBOOK_PARTS.length : i;
    };
    const ordered = [...entries].sort((a, b) => rank(a) - rank(b));
    const out = new yazl.ZipFile();
    const target = `${filePath}.ordered.xlsx`;
    const written = new Promise<void>((resolve, reject) => {
      const file = fs.createWriteStream(target);
      file.on('finish', resolve);
      file.on('error', reject);
      out.outputStream.pipe(file);
    });
    for (const entry of ordered) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, s) => (error || !s ? reject(error) : resolve(s))),
      );
      out.addReadStream(stream, entry.fileName, { compress: false });
    }
    out.end();
    await written;
    return target;
  } finally {
    zip.close();
  }
}

async function* xlsxRecords(filePath: string): AsyncGenerator<string[]> {
  let readable: string;
  try {
    readable = await workbookInReadingOrder(filePath);
  } catch (error) {
    throw new FileRefusal(`The workbook cannot be read: ${(error as Error).message}`);
  }
  try {
    yield* xlsxRecordsInOrder(readable);
  } finally {
    if (readable !== filePath) await fs.promises.rm(readable, { force: true });
  }
}

async function* xlsxRecordsInOrder(filePath: string): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i += 1)
          cells.push(cellText(values[i], `${columnLetter(i)}${row.number}`));
        if (cells.some((c) => c.trim() !== '')) yield cells;
      }
      // Only the first sheet is the catalogue.
      break;
    }
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal(`The workbook cannot be read: ${(error as Error).message}`);
  }
}

/**
 * The file's records, header first, each as its cells' text. NOTE: the `'` our exports put before a
 * formula-like cell (lib/csv-cells.ts) is dropped here, in CSV and in XLSX alike (a spreadsheet
 * that opened the export and saved it as a workbook keeps it), so an export imports back unchanged.
 */
export async function* readRecords(filePath: string, format: FileFormat): AsyncGenerator<string[]> {
  const records = format === 'csv' ? csvRecords(filePath) : xlsxRecords(filePath);
  for await (const cells of records) yield cells.map(restoreCsvCell);
}

/** Reads the header row: known column names, each once, `sku` among them. */
export function parseHeader(cells: string[]): ImportColumn[] {
  const names = cells.map((c) => c.trim().toLowerCase());
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  if (names.length === 0) throw new FileRefusal('The first row must be the header row');
  const seen = new Set<string>();
  names.forEach((name, i) => {
    if (!(IMPORT_COLUMNS as readonly string[]).includes(name))
      throw new FileRefusal(
        `Unknown column "${cells[i].trim()}" in the header (column ${i + 1}); the columns are ${IMPORT_COLUMNS.join(', ')}`,
      );
    if (seen.has(name)) throw new FileRefusal(`The column ${name} appears twice in the header`);
    seen.add(name);
  });
  if (!seen.has('sku')) throw new FileRefusal('The header has no sku column');
  return names as ImportColumn[];
}

/** Limits of an images ZIP, against archives built to explode when unpacked. */
export type ZipLimits = { maxEntries: number; maxTotalBytes: number; maxRatio: number };
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
  maxRatio: 100,
};
/** Largest single image inside the ZIP. */
const MAX_ZIP_IMAGE_BYTES = 20 * 1024 * 1024;
const IMAGE_NAME = /\.(jpe?g|png|webp)$/i;

export type ImagesZip = {
  names: Set<string>;
  read: (name: string) => Promise<Buffer>;
  close: () => void;
};

function openZip(filePath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      filePath,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    ),
  );
}

/**
 * Opens an images ZIP after checking its central directory against the limits (entry count, total
 * unpacked size, compression ratio of each entry). yauzl also stops an entry that unpacks to more
 * than it declared. Images are found by file name, folders ignored.
 */
export async function openImagesZip(
  filePath: string,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ImagesZip> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(filePath);
  } catch (error) {
    throw new FileRefusal(`The images file is not a readable ZIP: ${(error as Error).message}`);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > limits.maxEntries)
      throw new FileRefusal(
        `The images ZIP holds ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted`,
        413,
      );
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (total > limits.maxTotalBytes) {
          reject(
            new FileRefusal(
              `The images ZIP unpacks to more than ${Math.round(limits.maxTotalBytes / 1048576)} MB`,
              413,
            ),
          );
          return;
        }
        if (ratio > limits.maxRatio) {
          reject(
            new FileRefusal(
              `The images ZIP entry "${entry.fileName}" is compressed ${Math.round(ratio)} times: refused as a ZIP bomb`,
              413,
            ),
          );
          return;
        }
        const name = path.posix.basename(entry.fileName);
        const isFile = !entry.fileName.endsWith('/');
        if (isFile && !entry.fileName.startsWith('__MACOSX/') && !name.startsWith('.')) {
          if (IMAGE_NAME.test(name)) entries.set(name, entry);
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal(`The images ZIP cannot be read: ${(error as Error).message}`);
  }
  return {
    names: new Set(entries.keys()),
    close: () => zip.close(),
    read: (name) =>
      new Promise((resolve, reject) => {
        const entry = entries.get(name);
        if (!entry) return reject(new FileRefusal(`No image named ${name} in the ZIP`));
        if (entry.uncompressedSize > MAX_ZIP_IMAGE_BYTES)
          return reject(new FileRefusal(`The image ${name} is larger than 20 MB`));
        zip.openReadStream(entry, (error, stream?: Readable) => {
          if (error || !stream) return reject(error);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => resolve(Buffer.concat(chunks)));
        });
      }),
  };
}
