import fs from 'node:fs/promises';
import { IMPORT_FIELD_GROUPS, type ImportColumn } from '@wholesale/contract';
import type { Database } from '../../db/client';
import { recordAudit } from '../audit';
import { afterCatalogueWrite } from './catalogue-writes';
import { openImagesZip, parseHeader, type ImagesZip } from './import.files';
import { FileRefusal, type FileFormat } from './import.records';
import {
  GROUP_COLUMNS,
  prepareBatch,
  timed,
  writeBatch,
  type BatchLine,
  type Counts,
  type ImportDeps,
  type PhaseTimes,
} from './import.batch';
import { openRecordParser, type RecordParser } from './import.parser';
import {
  buildPendingSearchDocuments,
  claimImportJob,
  selectImportReferences,
  updateImportJob,
  type ImportJobRow,
} from './import.queries';
import { rowContext } from './import.rows';
import { StructurePlan } from './import.structure';
import type { StagingOptions } from './staging.queries';

/*
 * The import worker (docs/decisions/017-catalogue-import.md): one import at a time, in batches. Each
 * batch is one transaction holding its catalogue writes AND the job's progress, so after a crash the
 * next run resumes after the last committed batch and every row is either old or new.
 */

export const IMPORT_BATCH_ROWS = 1000;

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

/** Products whose search documents one transaction of the builder writes. */
const SEARCH_DOCUMENT_BATCH = 1000;

/**
 * Connections that build the documents still queued once the batches are written (the import's
 * last wait): each takes its own products off the queue (SKIP LOCKED), so they share the work and
 * the database's cores instead of one of them building the rest while the others idle. While
 * batches are written, one builder runs beside them (the batch writer uses the other core).
 */
const SEARCH_DOCUMENT_BUILDERS = 3;

/**
 * Builds the search documents the import's batches queue (migration 0023) on a connection of its
 * own, while the next batch is written: the two use both of the database's cores. `kick` after a
 * batch commits; `settled` waits until everything queued so far is built (and throws what failed),
 * on SEARCH_DOCUMENT_BUILDERS connections.
 */
function searchDocumentBuilder(db: Database, times?: PhaseTimes) {
  let tail: Promise<void> = Promise.resolve();
  let waiting = false;
  const buildAll = async () => {
    while (
      (await buildPendingSearchDocuments(db, SEARCH_DOCUMENT_BATCH)) === SEARCH_DOCUMENT_BATCH
    );
  };
  const timedBuild = async (phase: string, builders: number) => {
    const started = performance.now();
    try {
      // Each stops when it finds fewer products than it asked for: the queue is empty, or the
      // others hold the rest.
      // All of them are waited for (none left running against a pool about to close), then the
      // first failure is thrown.
      const ends = await Promise.allSettled(Array.from({ length: builders }, buildAll));
      const failed = ends.find((end) => end.status === 'rejected');
      if (failed) throw failed.reason;
    } finally {
      if (times) times[phase] = (times[phase] ?? 0) + performance.now() - started;
    }
  };
  const kick = () => {
    if (waiting) return;
    waiting = true;
    // A failed build leaves its products queued; `settled` builds again and reports the failure.
    tail = tail
      .catch(() => undefined)
      .then(() => {
        waiting = false;
        return timedBuild('search_documents', 1);
      });
    tail.catch(() => undefined);
  };
  return {
    kick,
    /** Waits for the build in flight, if any, without starting another (a stop between batches). */
    idle: () => tail.catch(() => undefined),
    settled: async () => {
      await tail.catch(() => undefined);
      await timedBuild('search_documents_after_batches', SEARCH_DOCUMENT_BUILDERS);
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

const rounded = (times: PhaseTimes) =>
  Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(v)]));

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
  const boss = await deps.jobQueue.boss();
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
