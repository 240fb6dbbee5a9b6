import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify';
import pick from 'lodash-es/pick.js';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { IMPORT_COLUMNS, type AdminImportJob, type ImportColumn } from '@wholesale/contract';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { safeCsvOptions } from '../../lib/csv-cells';
import { createFileStore } from '../../lib/file-store';
import type { JobQueue } from '../../lib/job-queue';
import { recordAuditBy } from '../audit';
import {
  insertImportJob,
  selectImportJob,
  selectImportJobsOfFiles,
  selectImportReferences,
  selectRecentImportJobs,
  type ImportJobWithAuthor,
} from './import.queries';
import { catalogueRecordMapper, selectCatalogueRows } from './catalogue-rows';
import { checkFileKind, formatOfName, openImagesZip, parseHeader } from './import.files';
import { openRecordParser } from './import.parser';
import { FileRefusal, readRecords, type FileFormat } from './import.records';
import type { ImportDeps } from './import.batch';
import type { CatalogueWriter } from './catalogue-writes';

/** Where uploaded import files wait for the worker (removed when their import ends). */
export function importDeps(app: {
  config: Pick<Config, 'dataDir' | 'importLimits'>;
  catalogue: CatalogueWriter;
  jobQueue: JobQueue;
}): ImportDeps {
  const { config } = app;
  const dir = path.join(config.dataDir, 'imports');
  return {
    db: app.catalogue.db,
    caches: app.catalogue.caches,
    jobQueue: app.jobQueue,
    store: createFileStore(config),
    filePath: (key) => path.join(dir, path.basename(key)),
    dir,
    limits: config.importLimits,
  };
}

/** An upload still arriving has no job yet: its file is left alone this long. */
const UPLOAD_GRACE_MS = 60 * 60 * 1000;

/**
 * Removes from the imports folder every file no queued or running import needs: files of finished
 * jobs, copies an older version made, and uploads whose job never came (older than an hour, so an
 * upload another process is receiving right now stays). Run at start-up: a process that died
 * mid-import removed nothing.
 */
export async function sweepImportFiles(deps: ImportDeps, now = Date.now()): Promise<string[]> {
  const names = await readdir(deps.dir).catch(() => [] as string[]);
  if (names.length === 0) return [];
  const jobs = await selectImportJobsOfFiles(deps.db, names);
  const live = new Set(jobs.filter((j) => j.live).map((j) => j.key));
  const known = new Set(jobs.map((j) => j.key));
  const removed: string[] = [];
  for (const name of names) {
    if (live.has(name)) continue;
    const file = path.join(deps.dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    const arriving = UPLOAD_KEY.test(name) && !known.has(name);
    if (arriving && now - info.mtimeMs < UPLOAD_GRACE_MS) continue;
    await rm(file, { force: true });
    removed.push(name);
  }
  return removed;
}

/** A fresh, unguessable key for an uploaded file. */
export function newUploadKey(ext: string): string {
  return `${randomUUID()}.${ext}`;
}
const UPLOAD_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(csv|xlsx|zip)$/;

/** Queues an import of a stored file; the worker runs it. The audit row commits with the job. */
export function queueImport(
  db: Database,
  input: {
    fileName: string;
    fileKey: string;
    format: FileFormat;
    imagesKey: string | null;
    dryRun: boolean;
    /** Create the categories, classes and brands the file names and the store lacks. */
    createMissing?: boolean;
    createdBy: { id: number; email: string };
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const job = await insertImportJob(tx, {
      fileName: input.fileName.slice(0, 255),
      fileKey: input.fileKey,
      fileFormat: input.format,
      imagesKey: input.imagesKey,
      dryRun: input.dryRun,
      createMissing: input.createMissing ?? false,
      createdBy: input.createdBy.id,
    });
    await recordAuditBy(tx, input.createdBy, {
      action: 'import.queue',
      entity: 'import',
      entityId: job.id,
      after: {
        file_name: job.fileName,
        dry_run: job.dryRun,
        images: input.imagesKey !== null,
        create_missing: job.createMissing,
      },
    });
    return job.id;
  });
}

/** How many errors the status answer carries (errors.csv has all that were kept). */
const ERRORS_IN_STATUS = 200;

function toDto(job: ImportJobWithAuthor): AdminImportJob {
  return {
    ...pick(job, 'id', 'status', 'created', 'updated', 'unchanged', 'deactivated', 'groups'),
    dry_run: job.dryRun,
    file_name: job.fileName,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
    created_by: job.author,
    rows_total: job.rowsTotal,
    rows_done: job.rowsDone,
    error_count: job.errorCount,
    errors: job.errors.slice(0, ERRORS_IN_STATUS),
    failure: job.failure,
    create_missing: job.createMissing,
    structure: job.structure,
  };
}

export async function getImport(tx: Tx, id: number): Promise<AdminImportJob> {
  const job = await selectImportJob(tx, id);
  if (!job) throw new AppError('NOT_FOUND', 'There is no such import');
  return toDto(job);
}

/** The history of imports, newest first. */
export async function listImports(tx: Tx): Promise<AdminImportJob[]> {
  return (await selectRecentImportJobs(tx, 50)).map(toDto);
}

/** template.csv: the header row with every column, in the order the export writes them. */
export function importTemplateCsv(): string {
  return stringifySync([[...IMPORT_COLUMNS]], safeCsvOptions());
}

const EXPORT_PAGE = 2000;

/**
 * export.csv: the whole catalogue in the import format, read page by page and streamed, so a round
 * trip (export, edit, import) changes exactly what was edited.
 */
export async function exportCatalogueCsv(db: Database): Promise<Readable> {
  const toRecord = catalogueRecordMapper(await selectImportReferences(db));
  const out = stringify({ header: true, columns: [...IMPORT_COLUMNS], ...safeCsvOptions() });
  async function* rows(): AsyncGenerator<Record<ImportColumn, string | number>> {
    let after = 0;
    for (;;) {
      const page = await selectCatalogueRows(db, { afterId: after, limit: EXPORT_PAGE });
      if (page.length === 0) return;
      for (const r of page) yield toRecord(r);
      after = Number(page[page.length - 1].id);
    }
  }
  const source = Readable.from(rows());
  source.on('error', (error) => out.destroy(error));
  source.pipe(out);
  return out;
}

// --- Upload (POST /api/admin/imports) ---------------------------------------------------------

/** Form field values that turn an upload's flag (dry_run, create_missing) on. */
const TRUE_VALUES: ReadonlySet<string> = new Set(['true', '1', 'yes', 'on']);

/** A refused file as the answer's error, naming the form field it came in. */
export function asAppError(refusal: FileRefusal, field: string): AppError {
  const code =
    refusal.status === 413
      ? 'PAYLOAD_TOO_LARGE'
      : refusal.status === 415
        ? 'UNSUPPORTED_MEDIA_TYPE'
        : 'VALIDATION_FAILED';
  return new AppError(code, refusal.message, {
    fields: { [field]: refusal.message },
    ...(refusal.reason ? { reason: refusal.reason } : {}),
  });
}

/** Streams the upload's files to disk (never into memory); 413 past `maxBytes`. */
async function receiveUpload(deps: ImportDeps, request: FastifyRequest, maxBytes: number) {
  const stored: string[] = [];
  let file: { name: string; key: string; format: FileFormat } | null = null;
  let imagesKey: string | null = null;
  let dryRun = false;
  let createMissing = false;
  try {
    await mkdir(deps.filePath('x').replace(/x$/, ''), { recursive: true });
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'dry_run') dryRun = TRUE_VALUES.has(String(part.value));
        if (part.fieldname === 'create_missing')
          createMissing = TRUE_VALUES.has(String(part.value));
        continue;
      }
      if (part.fieldname !== 'file' && part.fieldname !== 'images') {
        part.file.resume();
        throw new AppError('VALIDATION_FAILED', `Unexpected file field ${part.fieldname}`, {
          fields: { [part.fieldname]: 'Send the catalogue as file and the images as images' },
        });
      }
      const isFile = part.fieldname === 'file';
      let format: FileFormat = 'csv';
      if (isFile) {
        try {
          format = formatOfName(part.filename);
        } catch (error) {
          part.file.resume();
          throw asAppError(error as FileRefusal, 'file');
        }
      }
      const key = newUploadKey(isFile ? format : 'zip');
      stored.push(key);
      await pipeline(part.file, fs.createWriteStream(deps.filePath(key)));
      if (isFile) file = { name: part.filename, key, format };
      else imagesKey = key;
    }
    if (!file)
      throw new AppError('VALIDATION_FAILED', 'Choose the catalogue file to import', {
        fields: { file: 'Choose the catalogue file to import' },
      });
    const filePath = deps.filePath(file.key);
    try {
      await checkFileKind(filePath, file.format, file.name);
      // The header is read now, so a wrong one is refused before any job exists. A workbook's
      // is read in the parser's thread: exceljs reads all shared strings before the first row. A
      // CSV's first row is read here (at most 1 MB).
      const parser = file.format === 'xlsx' ? openRecordParser(deps.limits) : null;
      try {
        const records = parser
          ? parser.records(filePath, file.format)
          : readRecords(filePath, file.format, deps.limits);
        for await (const cells of records) {
          parseHeader(cells);
          break;
        }
      } finally {
        await parser?.close();
      }
    } catch (error) {
      if (error instanceof FileRefusal) throw asAppError(error, 'file');
      throw error;
    }
    if (imagesKey) {
      try {
        (await openImagesZip(deps.filePath(imagesKey))).close();
      } catch (error) {
        if (error instanceof FileRefusal) throw asAppError(error, 'images');
        throw error;
      }
    }
    return { file, imagesKey, dryRun, createMissing };
  } catch (error) {
    for (const key of stored) await rm(deps.filePath(key), { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `The file is larger than ${Math.round(maxBytes / 1048576)} MB, the limit of an import`;
      throw new AppError('PAYLOAD_TOO_LARGE', message, { fields: { file: message } });
    }
    throw error;
  }
}

/**
 * Receives a catalogue upload (multipart: `file`, optional `images` ZIP, `dry_run`,
 * `create_missing`; docs/product/back-office-catalogue.md) and queues its import as `staff`. The
 * files are streamed to disk; the catalogue file's kind and header and the ZIP are checked before
 * any job exists, and a refused upload leaves no file behind. Answers the queued job's id; the
 * caller wakes the worker.
 */
export async function acceptImportUpload(
  deps: ImportDeps,
  request: FastifyRequest,
  staff: { id: number; email: string },
  maxBytes: number,
): Promise<number> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data', {
      fields: { file: 'Send the file as multipart/form-data' },
    });
  const upload = await receiveUpload(deps, request, maxBytes);
  return queueImport(deps.db, {
    fileName: upload.file.name,
    fileKey: upload.file.key,
    format: upload.file.format,
    imagesKey: upload.imagesKey,
    dryRun: upload.dryRun,
    createMissing: upload.createMissing,
    createdBy: staff,
  });
}
