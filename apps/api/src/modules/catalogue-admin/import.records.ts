import fs from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ERROR_REASONS, fillReason, type ErrorReasonKey } from '@wholesale/contract/errors';
import { restoreCsvCell } from '../../lib/csv-cells';

/**
 * Reading catalogue records without ever holding one whole in memory (docs/decisions/017): CSV through
 * csv-parse, XLSX through exceljs's streaming reader, the images ZIP through yauzl (central directory
 * first, one entry read when a row needs it). Every reader is bounded (docs/decisions/017): rows,
 * bytes per CSV row, and for a ZIP (a workbook is one) what its central directory says it inflates
 * to, checked before anything is inflated.
 *
 * NOTE: this file is what the parser's worker thread loads (import.parser-worker.ts), so it imports
 * little: no zod schemas, and exceljs only when a workbook is read.
 */

type RefusalStatus = 400 | 413 | 415;
/** The reason of a refusal the web shows in the staff member's language (ERROR_REASONS). */
export type RefusalReason = { key: ErrorReasonKey; params: Record<string, string | number> };

/** A whole file refused: nothing of it is applied. `status` is the HTTP answer at upload time. */
export class FileRefusal extends Error {
  constructor(
    message: string,
    readonly status: RefusalStatus = 400,
    readonly reason?: RefusalReason,
  ) {
    super(message);
  }
}

/** A refusal for what the file would cost to read, with its reason's English text as message. */
export function refusal(
  key: ErrorReasonKey,
  params: Record<string, string | number>,
  status: RefusalStatus = 413,
): FileRefusal {
  return new FileRefusal(fillReason(ERROR_REASONS[key], params), status, { key, params });
}

/** What reading one file may cost (config `importLimits`). */
export type ReadLimits = { maxRows: number; parserMemoryMb: number };
export const DEFAULT_READ_LIMITS: ReadLimits = { maxRows: 200_000, parserMemoryMb: 256 };
/** The longest CSV row, in characters: Excel's own cell limit (32,767) times the columns fits. */
const MAX_CSV_RECORD_CHARS = 1024 * 1024;
const MB = 1024 * 1024;

export type FileFormat = 'csv' | 'xlsx';
const HEAD_BYTES = 64 * 1024;

/** The first bytes of a file (its kind, a CSV's header line). */
export async function readHead(filePath: string): Promise<Buffer> {
  const handle = await openFile(filePath, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
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
    // A row that never ends (no newline, or an unclosed quote) is refused, not accumulated.
    max_record_size: MAX_CSV_RECORD_CHARS,
  });
  const fail = (error: Error) => parser.destroy(error);
  source.on('error', fail);
  guard.on('error', fail);
  source.pipe(guard).pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record;
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    const { code, lines } = error as { code?: string; lines?: number };
    if (code === 'CSV_MAX_RECORD_SIZE') throw refusal('IMPORT_ROW_TOO_LONG', { row: lines ?? 0 });
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

/**
 * Limits of a workbook's ZIP. NOTE: the shared strings are held in memory while the sheet is read
 * (exceljs caches them to resolve cells), so they may take at most a quarter of the parser's heap.
 */
function workbookLimits(limits: ReadLimits): ZipLimits {
  return {
    maxEntries: 1_000,
    maxTotalBytes: 512 * MB,
    // Spreadsheet XML compresses well (10 to 50 times is usual); a part past 200 is built to explode.
    maxRatio: 200,
    ratioFromBytes: MB,
    maxPartBytes: { 'xl/sharedStrings.xml': (limits.parserMemoryMb / 4) * MB },
  };
}

/**
 * The workbook's parts as a new ZIP stream, workbook parts first, stored: what exceljs's streaming
 * reader is given instead of the file. Two reasons. exceljs fails ("reading 'sheets'") on a workbook
 * whose first worksheet comes before xl/workbook.xml, an order writers (exceljs itself among them) do
 * produce. And it reads the local headers, which may disagree with the central directory that was
 * checked: here every part is inflated by yauzl, which stops a part that inflates past the size the
 * checked directory declares. Nothing is written to disk. Only XML parts are passed on.
 */
async function workbookStream(zip: yauzl.ZipFile, entries: yauzl.Entry[]): Promise<Readable> {
  const rank = (e: yauzl.Entry) => {
    const i = WORKBOOK_PARTS.indexOf(e.fileName);
    return i === -1 ? WORKBOOK_PARTS.length : i;
  };
  const parts = entries
    .filter((e) => /\.(xml|rels)$/.test(e.fileName))
    .sort((a, b) => rank(a) - rank(b));
  const out = new yazl.ZipFile();
  for (const entry of parts) {
    const stream = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(entry, (error, s) => (error || !s ? reject(error) : resolve(s))),
    );
    out.addReadStream(stream, entry.fileName, { compress: false });
  }
  out.end();
  return out.outputStream as Readable;
}

async function* xlsxRecords(filePath: string, limits: ReadLimits): AsyncGenerator<string[]> {
  const zip = await openZipOrRefuse(filePath, 'The workbook cannot be read');
  let source: Readable | null = null;
  try {
    const entries = await checkedEntries(zip, workbookLimits(limits));
    source = await workbookStream(zip, entries);
    yield* xlsxRecordsOf(source);
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal(`The workbook cannot be read: ${(error as Error).message}`);
  } finally {
    source?.destroy();
    zip.close();
  }
}

async function* xlsxRecordsOf(source: Readable): AsyncGenerator<string[]> {
  // Loaded here: a CSV import's worker thread starts without it (it is most of a start's time).
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
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
}

/** Passes the header and at most `maxRows` rows after it; refuses a file with more. */
async function* boundedRows(
  records: AsyncGenerator<string[]>,
  maxRows: number,
): AsyncGenerator<string[]> {
  let count = -1;
  for await (const record of records) {
    count += 1;
    if (count > maxRows) throw refusal('IMPORT_TOO_MANY_ROWS', { limit: maxRows });
    yield record;
  }
}

/**
 * The file's records, header first, each as its cells' text. NOTE: runs in the parser's worker
 * thread (import.parser.ts), where a file that still needs too much memory kills the thread only.
 * The `'` our exports put before a formula-like cell (lib/csv-cells.ts) is dropped here, in CSV and
 * XLSX alike (a spreadsheet that opened the export and saved it as a workbook keeps it), so an
 * export imports back unchanged.
 */
export async function* readRecords(
  filePath: string,
  format: FileFormat,
  limits: ReadLimits = DEFAULT_READ_LIMITS,
): AsyncGenerator<string[]> {
  const records = format === 'csv' ? csvRecords(filePath) : xlsxRecords(filePath, limits);
  for await (const cells of boundedRows(records, limits.maxRows)) yield cells.map(restoreCsvCell);
}

/**
 * Limits of a ZIP (an images ZIP, a workbook), against archives built to explode when unpacked: entry
 * count, total unpacked size, compression ratio of each entry that unpacks to `ratioFromBytes` or
 * more (a small part is no bomb, and tiny XML parts compress very well), size of named parts.
 */
export type ZipLimits = {
  maxEntries: number;
  maxTotalBytes: number;
  maxRatio: number;
  ratioFromBytes?: number;
  maxPartBytes?: Record<string, number>;
};
export function openZip(filePath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      filePath,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (error, zip) => (error || !zip ? reject(error) : resolve(zip)),
    ),
  );
}

export async function openZipOrRefuse(filePath: string, what: string): Promise<yauzl.ZipFile> {
  try {
    return await openZip(filePath);
  } catch (error) {
    throw new FileRefusal(`${what}: ${(error as Error).message}`);
  }
}

/** Why an entry of the central directory breaks `limits`, if it does; `total` includes it. */
function entryRefusal(entry: yauzl.Entry, total: number, limits: ZipLimits): FileRefusal | null {
  if (total > limits.maxTotalBytes)
    return refusal('IMPORT_UNPACKED_TOO_LARGE', { limit: Math.round(limits.maxTotalBytes / MB) });
  const partLimit = limits.maxPartBytes?.[entry.fileName];
  if (partLimit !== undefined && entry.uncompressedSize > partLimit)
    return refusal('IMPORT_SHARED_STRINGS', { limit: Math.round(partLimit / MB) });
  const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
  if (entry.uncompressedSize >= (limits.ratioFromBytes ?? 0) && ratio > limits.maxRatio)
    return refusal('IMPORT_ZIP_BOMB', { part: entry.fileName, ratio: Math.round(ratio) });
  return null;
}

/**
 * Reads a ZIP's central directory, refusing it against `limits` before any entry is inflated; answers
 * the entries. yauzl (validateEntrySizes) then stops any entry that inflates past its declared size,
 * so what was checked here bounds what can be read.
 */
export async function checkedEntries(
  zip: yauzl.ZipFile,
  limits: ZipLimits,
): Promise<yauzl.Entry[]> {
  if (zip.entryCount > limits.maxEntries)
    throw refusal('IMPORT_TOO_MANY_PARTS', { found: zip.entryCount, limit: limits.maxEntries });
  const entries: yauzl.Entry[] = [];
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      total += entry.uncompressedSize;
      const refused = entryRefusal(entry, total, limits);
      if (refused) return reject(refused);
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}
