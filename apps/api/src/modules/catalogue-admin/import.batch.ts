import { type ImportColumn, type ImportFieldGroup, type ImportRowError } from '@wholesale/contract';
import type { FileStore } from '../../lib/file-store';
import type { JobQueue } from '../../lib/job-queue';
import type { CatalogueWriter } from './catalogue-writes';
import type { ImagesZip } from './import.files';
import type { ReadLimits } from './import.records';
import { updateImportJob, type ImportJobRow } from './import.queries';
import { validateRow, type RowContext, type ValidRow } from './import.rows';
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
import { loadSharp } from '../../lib/pictures';

/*
 * One batch of an import (docs/decisions/017-catalogue-import.md): its rows validated and their
 * images decoded (prepareBatch), then written with the job's progress in ONE transaction
 * (writeBatch). The job that runs the batches in order is in import.worker.ts.
 */

/** The most row errors kept with a job (and so in errors.csv); the count goes on. */
export const MAX_STORED_ERRORS = 10_000;

/** The app's database and listing caches (dropped after each batch), and where files are. */
export type ImportDeps = CatalogueWriter & {
  store: FileStore;
  filePath: (key: string) => string;
  /** The folder of uploads waiting for their import (filePath's). */
  dir: string;
  limits: ReadLimits;
  /** The app's queue: imports come from its import queue, one active at a time across processes. */
  jobQueue: JobQueue;
};

/**
 * Milliseconds spent per phase of one job, summed over its batches. NOTE: wall time; a batch is
 * validated while the one before it is written, so the write phases also hold some of that
 * validation's time (the event loop answers the database once it is done) and the sum exceeds the
 * job's duration.
 */
export type PhaseTimes = Record<string, number>;

/** Adds the time synchronous `work` takes to `phase`. */
export function timedSync<T>(times: PhaseTimes, phase: string, work: () => T): T {
  const started = performance.now();
  try {
    return work();
  } finally {
    times[phase] = (times[phase] ?? 0) + performance.now() - started;
  }
}

/** Adds the time `work` takes to `phase`. */
export async function timed<T>(times: PhaseTimes, phase: string, work: () => Promise<T> | T) {
  const started = performance.now();
  try {
    return await work();
  } finally {
    times[phase] = (times[phase] ?? 0) + performance.now() - started;
  }
}

export type Counts = Pick<
  ImportJobRow,
  'rowsDone' | 'created' | 'updated' | 'unchanged' | 'deactivated' | 'groups' | 'errorCount'
> & { errors: ImportRowError[]; structure: ImportJobRow['structure'] };

export const GROUP_COLUMNS: Record<ImportFieldGroup, ImportColumn[]> = {
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

async function prepareImage(zip: ImagesZip, name: string): Promise<Buffer> {
  const data = await zip.read(name);
  const sharp = await loadSharp();
  return sharp(data).rotate().jpeg({ quality: 85 }).toBuffer();
}

export type BatchLine = { cells: string[]; rowNo: number };
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

/** Validates a batch's rows and decodes their images; nothing is written. */
export async function prepareBatch(
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
export async function writeBatch(
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
