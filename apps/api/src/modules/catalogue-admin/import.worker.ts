import fs from 'node:fs/promises';
import sharp from 'sharp';
import {
  IMPORT_FIELD_GROUPS,
  type ImportColumn,
  type ImportFieldGroup,
  type ImportRowError,
} from '@wholesale/contract';
import type { Database } from '../../db/client';
import type { FileStore } from '../../lib/file-store';
import { jobQueue } from '../../lib/job-queue';
import { recordAudit } from '../audit';
import { afterCatalogueWrite, type CatalogueWriter } from './catalogue-writes';
import { openImagesZip, parseHeader, type ImagesZip } from './import.files';
import { FileRefusal, type FileFormat, type ReadLimits } from './import.records';
import { openRecordParser, type RecordParser } from './import.parser';
import {
  buildPendingSearchDocuments,
  claimImportJob,
  selectImportReferences,
  updateImportJob,
  type ImportJobRow,
} from './import.queries';
import { rowContext, validateRow, type RowContext, type ValidRow } from './import.rows';
import { setFirstProductImage } from './product-images.service';
import { StructurePlan, structureItem } from './import.structure';
import {
  applyScope,
  applyStagedRows,
  diffStagedRows,
  stageRows,
  stagedJson,
  unstageRows,
  type RowDiff,
  type StagingOptions,
} from './staging.queries';

/*
 * The import worker (docs/decisions/017-catalogue-import.md): one import at a time, in batches. Each
 * batch is one transaction holding its catalogue writes AND the job's progress, so after a crash the
 * next run resumes after the last committed batch and every row is either old or new.
 */

export const IMPORT_BATCH_ROWS = 1000;
/** The most row errors kept with a job (and so in errors.csv); the count goes on. */
export const MAX_STORED_ERRORS = 10_000;

/** The app's database and listing caches (dropped after each batch), and where files are. */
export type ImportDeps = CatalogueWriter & {
  store: FileStore;
  filePath: (key: string) => string;
  /** The folder of uploads waiting for their import (filePath's). */
  dir: string;
  limits: ReadLimits;
};

/** The records of a job's file, read in the parser's worker thread. */
const jobRecords = (parser: RecordParser, deps: ImportDeps, job: ImportJobRow) =>
  parser.records(deps.filePath(job.fileKey), job.fileFormat as FileFormat);

export type ImportRunOptions = {
  /** Stops between batches, leaving the job as a crash would (tests; shutdown). */
  signal?: AbortSignal;
  /** Called after each committed batch. */
  onBatch?: (job: ImportJobRow, batch: number) => void;
  batchRows?: number;
  /** Receives the job's time per phase when it ends (docs/decisions/017-catalogue-import.md). */
  log?: ImportLog;
};

type ImportLog = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/**
 * Milliseconds spent per phase of one job, summed over its batches. NOTE: wall time; a batch is
 * validated while the one before it is written, so the write phases also hold some of that
 * validation's time (the event loop answers the database once it is done) and the sum exceeds the
 * job's duration.
 */
type PhaseTimes = Record<string, number>;

/** Adds the time synchronous `work` takes to `phase`. */
function timedSync<T>(times: PhaseTimes, phase: string, work: () => T): T {
  const started = performance.now();
  try {
    return work();
  } finally {
    times[phase] = (times[phase] ?? 0) + performance.now() - started;
  }
}

/** Adds the time `work` takes to `phase`. */
async function timed<T>(times: PhaseTimes, phase: string, work: () => Promise<T> | T) {
  const started = performance.now();
  try {
    return await work();
  } finally {
    times[phase] = (times[phase] ?? 0) + performance.now() - started;
  }
}

type Counts = Pick<
  ImportJobRow,
  'rowsDone' | 'created' | 'updated' | 'unchanged' | 'deactivated' | 'groups' | 'errorCount'
> & { errors: ImportRowError[]; structure: ImportJobRow['structure'] };

const GROUP_COLUMNS: Record<ImportFieldGroup, ImportColumn[]> = {
  product: ['barcode', 'category', 'subcategory', 'brand', 'class', 'ship_pack', 'active'],
  texts: ['name_en', 'name_fr', 'name_es', 'description_en', 'description_fr', 'description_es'],
  prices_ca: ['price_ca', 'sale_price_ca', 'retail_ca'],
  stock_ca: ['stock_ca'],
  prices_us: ['price_us', 'sale_price_us', 'retail_us'],
  stock_us: ['stock_us'],
  image: ['image'],
};

/** The outcome of one row per field group the file carries. */
function groupOutcomes(
  d: RowDiff,
  imageChanged: boolean | undefined,
  groups: ImportFieldGroup[],
): Partial<Record<ImportFieldGroup, 'created' | 'updated' | 'unchanged'>> {
  const out: Partial<Record<ImportFieldGroup, 'created' | 'updated' | 'unchanged'>> = {};
  const pick = (created: boolean, updated: boolean) =>
    created ? 'created' : updated ? 'updated' : 'unchanged';
  for (const g of groups) {
    if (g === 'product') out[g] = pick(d.is_new, d.product_changed);
    else if (g === 'texts') out[g] = pick(d.is_new, d.texts_changed);
    else if (g === 'prices_ca') out[g] = pick(d.ca_price_created, d.ca_prices_changed);
    else if (g === 'prices_us') out[g] = pick(d.us_price_created, d.us_prices_changed);
    // Stock lives on the country's price row: a new product's (or a newly priced country's) stock
    // is created with it, not "updated".
    else if (g === 'stock_ca') out[g] = pick(d.ca_price_created, d.ca_stock_changed);
    else if (g === 'stock_us') out[g] = pick(d.us_price_created, d.us_stock_changed);
    else if (imageChanged !== undefined) out[g] = pick(false, imageChanged);
  }
  return out;
}

async function scanFile(job: ImportJobRow, deps: ImportDeps, parser: RecordParser) {
  let columns: ImportColumn[] | null = null;
  const firstRowOfSku = new Map<string, number>();
  let rows = 0;
  for await (const cells of jobRecords(parser, deps, job)) {
    if (!columns) {
      columns = parseHeader(cells);
      continue;
    }
    rows += 1;
    const sku = (cells[columns.indexOf('sku')] ?? '').trim();
    if (sku && !firstRowOfSku.has(sku)) firstRowOfSku.set(sku, rows + 1);
  }
  if (!columns) throw new FileRefusal('The file is empty');
  if (rows === 0) throw new FileRefusal('The file has a header but no rows');
  return { columns, firstRowOfSku, rows };
}

async function prepareImage(zip: ImagesZip, name: string): Promise<Buffer> {
  const data = await zip.read(name);
  return sharp(data).rotate().jpeg({ quality: 85 }).toBuffer();
}

/** Products whose search documents one transaction of the builder writes. */
const SEARCH_DOCUMENT_BATCH = 1000;

/**
 * Builds the search documents the import's batches queue (migration 0023) on a connection of its
 * own, while the next batch is written: the two use both of the database's cores. `kick` after a
 * batch commits; `settled` waits until everything queued so far is built (and throws what failed).
 */
function searchDocumentBuilder(db: Database, times?: PhaseTimes) {
  let tail: Promise<void> = Promise.resolve();
  let waiting = false;
  const buildAll = async () => {
    const started = performance.now();
    while (
      (await buildPendingSearchDocuments(db, SEARCH_DOCUMENT_BATCH)) === SEARCH_DOCUMENT_BATCH
    );
    if (times) times.search_documents = (times.search_documents ?? 0) + performance.now() - started;
  };
  const kick = () => {
    if (waiting) return;
    waiting = true;
    // A failed build leaves its products queued; `settled` builds again and reports the failure.
    tail = tail
      .catch(() => undefined)
      .then(() => {
        waiting = false;
        return buildAll();
      });
    tail.catch(() => undefined);
  };
  return {
    kick,
    /** Waits for the build in flight, if any, without starting another (a stop between batches). */
    idle: () => tail.catch(() => undefined),
    settled: async () => {
      await tail.catch(() => undefined);
      await buildAll();
    },
  };
}

/** Runs one claimed job to its end (or until `signal` stops it between batches). */
export async function runImportJob(
  deps: ImportDeps,
  job: ImportJobRow,
  options: ImportRunOptions = {},
): Promise<void> {
  const batchRows = options.batchRows ?? IMPORT_BATCH_ROWS;
  let zip: ImagesZip | null = null;
  const times: PhaseTimes = {};
  const searchDocuments = searchDocumentBuilder(deps.db, times);
  // Both passes over the file in one worker thread (import.parser.ts).
  const parser = openRecordParser(deps.limits);
  try {
    const scanStarted = performance.now();
    const scan = await scanFile(job, deps, parser);
    times.scan = performance.now() - scanStarted;
    if (job.imagesKey) zip = await openImagesZip(deps.filePath(job.imagesKey));
    await updateImportJob(deps.db, job.id, { rowsTotal: scan.rows });

    const ctx = rowContext(
      await selectImportReferences(deps.db),
      { columns: scan.columns, images: zip?.names ?? null, firstRowOfSku: scan.firstRowOfSku },
      job.createMissing ? (refs) => new StructurePlan(refs) : undefined,
    );
    const groups = IMPORT_FIELD_GROUPS.filter((g) =>
      GROUP_COLUMNS[g].some((c) => scan.columns.includes(c)),
    );
    const staging: StagingOptions = {
      barcodeSent: scan.columns.includes('barcode'),
      brandSent: scan.columns.includes('brand'),
    };
    const counts: Counts = {
      rowsDone: job.rowsDone,
      created: job.created,
      updated: job.updated,
      unchanged: job.unchanged,
      deactivated: job.deactivated,
      groups: structuredClone(job.groups),
      errorCount: job.errorCount,
      errors: [...job.errors],
      structure: [...job.structure],
    };

    // One batch is validated while the one before it is written: the JavaScript work (parsing,
    // sanitising) overlaps the database's, and writes still commit one batch at a time, in order.
    const state = { groups, staging, counts, zip, times };
    /** The batch being written; resolves to whether it wrote to the catalogue. */
    let writing: Promise<boolean> | null = null;
    let batchNo = 0;
    /** Waits for the batch in flight; answers true when the job must stop after it. */
    const settle = async () => {
      if (!writing) return false;
      const pending = writing;
      writing = null;
      if (await pending) searchDocuments.kick();
      batchNo += 1;
      options.onBatch?.(job, batchNo);
      return options.signal?.aborted === true;
    };
    const flush = async (batch: BatchLine[]) => {
      const prepared = await prepareBatch(deps, ctx, batch, state);
      if (await settle()) return true;
      writing = writeBatch(deps, job, prepared, state, ctx.create);
      // Awaited by the next settle(); this only keeps a failure from being reported unhandled early.
      writing.catch(() => undefined);
      return false;
    };

    let batch: BatchLine[] = [];
    let dataRow = 0;
    let header = true;
    const records = jobRecords(parser, deps, job);
    for (;;) {
      const next = await timed(times, 'parse', () => records.next());
      if (next.done) break;
      if (header) {
        header = false;
        continue;
      }
      dataRow += 1;
      if (dataRow <= job.rowsDone) continue;
      batch.push({ cells: next.value, rowNo: dataRow + 1 });
      if (batch.length >= batchRows) {
        const stop = await flush(batch);
        batch = [];
        if (stop) {
          await records.return?.(undefined);
          return;
        }
      }
    }
    if (batch.length && (await flush(batch))) return;
    if (await settle()) return;
    // Done means searchable: every document the batches queued is built before the job ends.
    await searchDocuments.settled();
    options.log?.info(
      {
        import_id: job.id,
        rows: counts.rowsDone,
        batch_rows: batchRows,
        phases_ms: rounded(times),
      },
      'catalogue import timings',
    );
    // The batches' notifications drop the listing caches of every process, at most once per
    // window (LISTING_DROP_WINDOW_MS), so the storefront keeps its caches while a big file runs;
    // the job's end drops this process's at once, before anyone can read that it is done.
    afterCatalogueWrite(deps);
    await finishJob(deps.db, job, { status: 'done' });
    await removeFiles(deps, job);
  } catch (error) {
    const failure =
      error instanceof FileRefusal
        ? error.message
        : `The import stopped: ${(error as Error).message}`;
    afterCatalogueWrite(deps);
    await finishJob(deps.db, job, { status: 'failed', failure });
    await removeFiles(deps, job);
    if (!(error instanceof FileRefusal)) throw error;
  } finally {
    zip?.close();
    await parser.close();
    // A stop or failure between batches leaves no build running against a pool about to close.
    await searchDocuments.idle();
  }
}

/** Ends a job and writes its audit row (who, file, dry run, counts) in the same transaction. */
async function finishJob(
  db: Database,
  job: ImportJobRow,
  end: { status: 'done' } | { status: 'failed'; failure: string },
) {
  await db.transaction(async (tx) => {
    const finished = await updateImportJob(tx, job.id, {
      status: end.status,
      failure: end.status === 'failed' ? end.failure : null,
      finishedAt: new Date(),
    });
    await recordAudit(tx, {
      actorId: job.createdBy,
      action: `import.${end.status}`,
      entity: 'import',
      entityId: job.id,
      after: {
        file_name: job.fileName,
        dry_run: job.dryRun,
        rows_total: finished?.rowsTotal ?? job.rowsTotal,
        rows_done: finished?.rowsDone ?? job.rowsDone,
        created: finished?.created ?? 0,
        updated: finished?.updated ?? 0,
        unchanged: finished?.unchanged ?? 0,
        deactivated: finished?.deactivated ?? 0,
        errors: finished?.errorCount ?? 0,
        ...(job.createMissing ? { structure: finished?.structure.length ?? 0 } : {}),
        ...(end.status === 'failed' ? { failure: end.failure } : {}),
      },
    });
  });
}

async function removeFiles(deps: ImportDeps, job: ImportJobRow) {
  for (const key of [job.fileKey, job.imagesKey])
    if (key) await fs.rm(deps.filePath(key), { force: true });
}

type BatchLine = { cells: string[]; rowNo: number };
type BatchState = {
  groups: ImportFieldGroup[];
  staging: StagingOptions;
  counts: Counts;
  zip: ImagesZip | null;
  times: PhaseTimes;
};
type PreparedBatch = {
  lines: number;
  errors: ImportRowError[];
  staged: number;
  /** The staged rows, serialised while the batch before is written (stagedJson). */
  json: string;
  images: Map<number, { sku: string; key: string; data: Buffer; changed: boolean }>;
  /** What its accepted rows first name and the store lacks (create_missing). */
  structure: ReturnType<StructurePlan['keepUsedBy']>;
};

/** Rows validated between two turns of the event loop (validateRow). */
const VALIDATE_SLICE_ROWS = 100;

const rounded = (times: PhaseTimes) =>
  Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(v)]));

/** Validates a batch's rows and decodes their images; nothing is written. */
async function prepareBatch(
  deps: ImportDeps,
  ctx: RowContext,
  batch: BatchLine[],
  state: BatchState,
): Promise<PreparedBatch> {
  const errors: ImportRowError[] = [];
  const valid: ValidRow[] = [];
  // NOTE: in slices, letting the event loop send the batch being written its next statement in
  // between: validating 1,000 rows at once kept PostgreSQL waiting for it.
  for (let start = 0; start < batch.length; start += VALIDATE_SLICE_ROWS) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    timedSync(state.times, 'validate', () => {
      for (const { cells, rowNo } of batch.slice(start, start + VALIDATE_SLICE_ROWS)) {
        const result = validateRow(cells, rowNo, ctx);
        errors.push(...result.errors);
        if (result.row) valid.push(result.row);
      }
    });
  }
  // Images are decoded before anything is written, so a broken one refuses its row only.
  const images = new Map<number, { sku: string; key: string; data: Buffer; changed: boolean }>();
  for (const row of valid) {
    if (!row.image || !state.zip) continue;
    try {
      const data = await prepareImage(state.zip, row.image);
      const key = `images/products/${row.sku}.jpg`;
      const current = await deps.store.get(key);
      images.set(row.row_no, {
        sku: row.sku,
        key,
        data,
        changed: !current || !current.equals(data),
      });
    } catch {
      errors.push({
        row: row.row_no,
        column: 'image',
        message: `image ${row.image} is not a readable JPEG, PNG or WebP image`,
      });
    }
  }
  const failed = new Set(errors.map((e) => e.row));
  const staged = valid.filter((r) => !failed.has(r.row_no));
  return {
    lines: batch.length,
    errors,
    staged: staged.length,
    json: timedSync(state.times, 'validate', () => stagedJson(staged)),
    images,
    structure: ctx.create?.keepUsedBy(staged) ?? [],
  };
}

/**
 * Writes one prepared batch and the job's progress in one transaction; answers whether it wrote to
 * the catalogue (a batch of unchanged rows writes only its progress).
 */
async function writeBatch(
  deps: ImportDeps,
  job: ImportJobRow,
  batch: PreparedBatch,
  state: BatchState,
  plan: StructurePlan | null,
): Promise<boolean> {
  const { counts, times } = state;
  const { staged, images } = batch;
  const errors = [...batch.errors];
  const next: Counts = structuredClone(counts);
  let commitStarted = 0;
  let wrote = false;
  await deps.db.transaction(async (tx) => {
    if (staged)
      await timed(times, 'stage', () =>
        stageRows(tx, batch.json, { asyncCommit: true, deferSearchDocuments: true }),
      );
    // Created before the rows are compared and written, in their transaction (a real run).
    if (plan && staged && !job.dryRun) {
      await plan.create(tx, batch.structure, job.createdBy, job.id);
      await plan.resolve(tx);
    }
    // A dry run resumed after a crash plans again what its earlier batches listed: listed once.
    const listed = new Set(next.structure.map((i) => `${i.kind}:${i.code}`));
    next.structure.push(
      ...batch.structure.map(structureItem).filter((i) => !listed.has(`${i.kind}:${i.code}`)),
    );
    const diffs = staged ? await timed(times, 'diff', () => diffStagedRows(tx, state.staging)) : [];
    const refused = new Set<number>();
    for (const d of diffs) {
      const refuse = (column: string, message: string) => {
        errors.push({ row: d.row_no, column, message });
        refused.add(d.row_no);
      };
      if (d.new_lacks) refuse(d.new_lacks, `${d.new_lacks} is required for a new product`);
      else if (d.ca_needs_price)
        refuse('price_ca', 'price_ca is required: the product has no Canadian price yet');
      else if (d.us_needs_price)
        refuse('price_us', 'price_us is required: the product has no US price yet');
    }
    await unstageRows(tx, [...refused]);
    for (const d of diffs) {
      if (refused.has(d.row_no)) continue;
      const image = images.get(d.row_no);
      const outcomes = groupOutcomes(d, image?.changed, state.groups);
      for (const [group, outcome] of Object.entries(outcomes)) {
        next.groups[group] ??= { created: 0, updated: 0, unchanged: 0 };
        next.groups[group][outcome] += 1;
      }
      if (d.is_new) next.created += 1;
      else if (Object.values(outcomes).some((o) => o !== 'unchanged')) next.updated += 1;
      else next.unchanged += 1;
      if (d.deactivating) next.deactivated += 1;
    }
    if (!job.dryRun) {
      // Only the statements the diff finds work for: a batch of unchanged rows writes nothing
      // but its progress.
      const scope = applyScope(diffs.filter((d) => !refused.has(d.row_no)));
      wrote = Object.values(scope).some(Boolean);
      if (wrote) await applyStagedRows(tx, state.staging, { scope, times });
      // Stored before the batch commits: a crash here makes the next run write them again. The
      // picture becomes the product's first (docs/decisions/022-product-images.md).
      for (const [rowNo, image] of images)
        if (image.changed && !refused.has(rowNo)) {
          await setFirstProductImage(tx, deps.store, image.sku, image.data);
          await deps.store.put(image.key, image.data, 'image/jpeg');
        }
    }
    errors.sort((a, b) => a.row - b.row);
    next.rowsDone += batch.lines;
    next.errorCount += errors.length;
    const room = Math.max(0, MAX_STORED_ERRORS - next.errors.length);
    next.errors.push(...errors.slice(0, room));
    await timed(times, 'progress', () =>
      updateImportJob(tx, job.id, {
        rowsDone: next.rowsDone,
        created: next.created,
        updated: next.updated,
        unchanged: next.unchanged,
        deactivated: next.deactivated,
        groups: next.groups,
        errorCount: next.errorCount,
        // The stored errors are rewritten only when this batch adds some.
        ...(errors.length && room ? { errors: next.errors } : {}),
        ...(batch.structure.length ? { structure: next.structure } : {}),
        heartbeatAt: new Date(),
      }),
    );
    commitStarted = performance.now();
  });
  times.commit = (times.commit ?? 0) + performance.now() - commitStarted;
  Object.assign(counts, next);
  return wrote;
}

/** An import job names its import_jobs row (migration 0034 enqueues it). */
type ImportQueueJob = { import_id: number };

/**
 * Runs queued (and abandoned) imports one after another until none is left; returns how many ran.
 * Each comes from the import queue, which lets one job be active at a time across processes; its
 * heartbeat is beaten after each batch, so a job whose process died expires after
 * IMPORT_HEARTBEAT_SECONDS and is retried: the next run resumes after its last committed batch.
 */
export async function runImportQueue(
  deps: ImportDeps,
  options: ImportRunOptions = {},
): Promise<number> {
  let ran = 0;
  const boss = await jobQueue(deps.db);
  // Documents an earlier run queued and did not build (it crashed, or stopped between batches).
  await searchDocumentBuilder(deps.db).settled();
  for (;;) {
    if (options.signal?.aborted) return ran;
    const [queued] = await boss.fetch<ImportQueueJob>('import');
    if (!queued) return ran;
    const job = await claimImportJob(deps.db, queued.data.import_id);
    if (job) {
      const onBatch = (row: ImportJobRow, batch: number) => {
        void boss.touch('import', queued.id).catch(() => undefined);
        options.onBatch?.(row, batch);
      };
      try {
        await runImportJob(deps, job, { ...options, onBatch });
      } catch (error) {
        // The import is marked failed (runImportJob): nothing to retry.
        await boss.complete('import', queued.id);
        throw error;
      }
      // Stopped between batches: the job stays active, as after a crash, and is resumed once it expires.
      if (options.signal?.aborted) return ran;
      ran += 1;
    }
    await boss.complete('import', queued.id);
  }
}

/**
 * The in-process worker of an API server: woken when an import is queued, and every `pollMs` for
 * imports another process left behind (their job expired). `stop` ends it between batches.
 */
export function startImportWorker(deps: ImportDeps, log: ImportLog, pollMs = 15_000) {
  const controller = new AbortController();
  let running: Promise<void> | null = null;
  const wake = () => {
    if (running || controller.signal.aborted) return;
    running = runImportQueue(deps, { signal: controller.signal, log })
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'catalogue import failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();
  return {
    wake,
    stop: async () => {
      clearInterval(timer);
      controller.abort();
      await running;
    },
  };
}
