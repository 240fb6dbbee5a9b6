import fs from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify';
import {
  dollarsText,
  percentText,
  PRICE_FILE_COLUMNS,
  PRICE_IMPORT_LISTED,
  readPriceRow,
  type AdminPriceImportResult,
  type ImportErrorLang,
  type ImportRowError,
  type PriceFileColumn,
} from '@wholesale/contract';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { recordAuditBy } from '../audit';
import { AppError } from '../../lib/app-error';
import { safeCsvOptions } from '../../lib/csv-cells';
import {
  checkFileKind,
  FileRefusal,
  fileRefusalError,
  formatOfName,
  headerColumns,
  newUploadKey,
  openRecordParser,
  refusedRowsCsv,
  type FileFormat,
} from '../catalogue-admin';
import type { EntryCandidate } from './price-entries.upsert';
import { upsertEntries } from './price-entries.upsert';
import { selectEntriesAfter, type EntryRow } from './price-lists.queries';
import { lockedList, type PricingActor } from './price-lists.service';

/*
 * A price list's file (docs/product/pricing.md "Importing and exporting a list"): CSV or XLSX with
 * the columns of PRICE_FILE_COLUMNS, read as catalogue files are (the same kind check, worker-thread
 * reader with its row, size and ZIP limits, formula refusal and csv-cells restore), then written in
 * one transaction by the set-based upsert. A dry run answers the same counts and writes nothing. The
 * file is small enough to answer at once: 100,000 entries take seconds, not a background job.
 */

export type PriceFileOptions = Pick<Config, 'dataDir' | 'importLimits' | 'importMaxBytes'>;

/** Form field values that turn an upload's flag on (as the catalogue import reads them). */
const TRUE_VALUES: ReadonlySet<string> = new Set(['true', '1', 'yes', 'on']);

/** The header row: known column names, each once, `target` and `code` among them. */
export const parsePriceHeader = (cells: string[]): PriceFileColumn[] =>
  headerColumns(cells, PRICE_FILE_COLUMNS, ['target', 'code']);

type Upload = {
  filePath: string;
  format: FileFormat;
  dryRun: boolean;
  replace: boolean;
  errorsFile: boolean;
};

/** Streams the multipart upload (`file`, `dry_run`, `replace`, `errors_file`) to disk. */
async function receive(request: FastifyRequest, options: PriceFileOptions): Promise<Upload> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data', {
      fields: { file: 'Send the file as multipart/form-data' },
    });
  const dir = path.join(options.dataDir, 'imports');
  await mkdir(dir, { recursive: true });
  const flags = { dry_run: false, replace: false, errors_file: false };
  let upload: Pick<Upload, 'filePath' | 'format'> | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname in flags)
          flags[part.fieldname as keyof typeof flags] = TRUE_VALUES.has(String(part.value));
        continue;
      }
      if (part.fieldname !== 'file' || upload) {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', `Unexpected file field ${part.fieldname}`, {
          fields: { [part.fieldname]: 'Send one price list file as file' },
        });
      }
      let format: FileFormat;
      try {
        format = formatOfName(part.filename);
      } catch (error) {
        part.file.resume();
        throw fileRefusalError(error as FileRefusal, 'file');
      }
      upload = { filePath: path.join(dir, newUploadKey(format)), format };
      await pipeline(part.file, fs.createWriteStream(upload.filePath));
      await checkFileKind(upload.filePath, format, part.filename);
    }
  } catch (error) {
    if (upload) await rm(upload.filePath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `The file is larger than ${Math.round(options.importMaxBytes / 1048576)} MB, the limit of an import`;
      throw new AppError('PAYLOAD_TOO_LARGE', message, { fields: { file: message } });
    }
    if (error instanceof FileRefusal) throw fileRefusalError(error, 'file');
    throw error;
  }
  if (!upload)
    throw new AppError('VALIDATION_FAILED', 'Choose the price list file to import', {
      fields: { file: 'Choose the price list file to import' },
    });
  return {
    ...upload,
    dryRun: flags.dry_run,
    replace: flags.replace,
    errorsFile: flags.errors_file,
  };
}

/** The file's rows as entries to write and the rows refused while reading them. */
async function readPriceFile(upload: Upload, options: PriceFileOptions) {
  const parser = openRecordParser(options.importLimits);
  const candidates: EntryCandidate[] = [];
  const refusals: ImportRowError[] = [];
  let columns: PriceFileColumn[] | null = null;
  let rowNo = 0;
  try {
    for await (const cells of parser.records(upload.filePath, upload.format)) {
      rowNo += 1;
      if (!columns) {
        columns = parsePriceHeader(cells);
        continue;
      }
      if (cells.slice(columns.length).some((c) => c.trim() !== '')) {
        refusals.push({
          row: rowNo,
          column: '',
          message: `The row has more cells (${cells.length}) than the header`,
        });
        continue;
      }
      const byColumn = Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
      const result = readPriceRow(byColumn);
      if (result.ok) candidates.push({ row: rowNo, entry: result.entry });
      else for (const r of result.refusals) refusals.push({ row: rowNo, ...r });
    }
  } finally {
    await parser.close();
  }
  if (!columns) throw new FileRefusal('The first row must be the header row');
  return { candidates, refusals, rows: Math.max(0, rowNo - 1) };
}

/** What the import answers: counts, the first refusals and changes; or, asked, the errors file. */
export type PriceImportAnswer =
  { kind: 'result'; result: AdminPriceImportResult } | { kind: 'errors'; csv: string };

/**
 * POST /api/admin/price-lists/:id/import: reads the uploaded file and writes its entries into the
 * list (or, as a dry run, counts what it would do). Refused rows are left out and listed; the
 * others are written. With `errors_file`, answers every refused row as CSV in `lang` instead.
 */
export async function importPriceFile(
  db: Database,
  options: PriceFileOptions,
  request: FastifyRequest,
  id: number,
  actor: PricingActor & { lang: ImportErrorLang },
): Promise<PriceImportAnswer> {
  const upload = await receive(request, options);
  try {
    let read: Awaited<ReturnType<typeof readPriceFile>>;
    try {
      read = await readPriceFile(upload, options);
    } catch (error) {
      if (error instanceof FileRefusal) throw fileRefusalError(error, 'file');
      throw error;
    }
    const dryRun = upload.dryRun || upload.errorsFile;
    const outcome = await db.transaction(async (tx) => {
      await lockedList(tx, id);
      const done = await upsertEntries(tx, id, read.candidates, {
        dryRun,
        replace: upload.replace && read.refusals.length === 0,
      });
      if (!dryRun)
        await recordAuditBy(tx, actor, {
          action: 'price_list.import',
          entity: 'price_list',
          entityId: id,
          after: {
            rows: read.rows,
            created: done.created,
            changed: done.changed,
            removed: done.removed,
            refused: read.refusals.length + done.refusals.length,
            replace: upload.replace,
          },
        });
      return done;
    });
    const refusals = [
      ...read.refusals,
      ...outcome.refusals.map(({ row, column, value, message }) => ({
        row,
        column,
        value,
        message,
      })),
    ].sort((a, b) => a.row - b.row);
    if (upload.errorsFile)
      return { kind: 'errors', csv: refusedRowsCsv(null, refusals, actor.lang) };
    return {
      kind: 'result',
      result: {
        dry_run: dryRun,
        rows: read.rows,
        created: outcome.created,
        changed: outcome.changed,
        unchanged: outcome.unchanged,
        removed: outcome.removed,
        refused: refusals.length,
        refusals: refusals.slice(0, PRICE_IMPORT_LISTED),
        changes: outcome.changes.slice(0, PRICE_IMPORT_LISTED),
      },
    };
  } finally {
    await rm(upload.filePath, { force: true });
  }
}

/** One entry as a row of the file, in PRICE_FILE_COLUMNS order. */
export function entryRecord(e: EntryRow): Record<PriceFileColumn, string | number> {
  return {
    target: e.target,
    code: e.code,
    min_packs: e.min_packs,
    fixed_price: e.unit_cents === null ? '' : dollarsText(e.unit_cents),
    percent_off: e.basis_points === null ? '' : percentText(e.basis_points),
    starts_on: e.starts_on ?? '',
    ends_on: e.ends_on ?? '',
  };
}

const EXPORT_PAGE = 5000;

/** Every entry of the list, page by page, as file rows. */
async function* entryRecords(db: Database, id: number) {
  let after = 0;
  for (;;) {
    const page = await selectEntriesAfter(db, id, after, EXPORT_PAGE);
    if (page.length === 0) return;
    for (const e of page) yield entryRecord(e);
    after = page[page.length - 1].id;
  }
}

/** The list's entries as CSV (streamed), each cell through csv-cells: it imports back unchanged. */
export function exportPriceListCsv(db: Database, id: number): Readable {
  const out = stringify({ header: true, columns: [...PRICE_FILE_COLUMNS], ...safeCsvOptions() });
  const source = Readable.from(entryRecords(db, id));
  source.on('error', (error) => out.destroy(error));
  source.pipe(out);
  return out;
}

/** The list's entries as an XLSX workbook (one sheet, the same columns; cells are values). */
export async function exportPriceListXlsx(db: Database, id: number): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('prices');
  sheet.addRow([...PRICE_FILE_COLUMNS]);
  for await (const record of entryRecords(db, id))
    sheet.addRow(PRICE_FILE_COLUMNS.map((c) => record[c]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
