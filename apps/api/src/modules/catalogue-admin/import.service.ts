import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { IMPORT_COLUMNS, type AdminImportJob, type ImportColumn } from '@wholesale/contract';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { createFileStore } from '../../lib/file-store';
import { recordAudit } from '../audit';
import {
  insertImportJob,
  selectImportJob,
  selectImportReferences,
  selectRecentImportJobs,
  type ImportJobWithAuthor,
} from './import.queries';
import type { FileFormat } from './import.files';
import type { ImportDeps } from './import.worker';

/** Where uploaded import files wait for the worker (removed when their import ends). */
export function importDeps(config: Pick<Config, 'dataDir'>, db: Database): ImportDeps {
  const dir = path.join(config.dataDir, 'imports');
  return {
    db,
    store: createFileStore(config),
    filePath: (key) => path.join(dir, path.basename(key)),
  };
}

/** A fresh, unguessable key for an uploaded file. */
export function newUploadKey(ext: string): string {
  return `${randomUUID()}.${ext}`;
}

/** Queues an import of a stored file; the worker runs it. The audit row commits with the job. */
export function queueImport(
  db: Database,
  input: {
    fileName: string;
    fileKey: string;
    format: FileFormat;
    imagesKey: string | null;
    dryRun: boolean;
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
      createdBy: input.createdBy.id,
    });
    await recordAudit(tx, {
      actorId: input.createdBy.id,
      actorEmail: input.createdBy.email,
      action: 'import.queue',
      entity: 'import',
      entityId: job.id,
      after: { file_name: job.fileName, dry_run: job.dryRun, images: input.imagesKey !== null },
    });
    return job.id;
  });
}

/** How many errors the status answer carries (errors.csv has all that were kept). */
const ERRORS_IN_STATUS = 200;

function toDto(job: ImportJobWithAuthor): AdminImportJob {
  return {
    id: job.id,
    status: job.status,
    dry_run: job.dryRun,
    file_name: job.fileName,
    created_at: job.createdAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
    created_by: job.author,
    rows_total: job.rowsTotal,
    rows_done: job.rowsDone,
    created: job.created,
    updated: job.updated,
    unchanged: job.unchanged,
    deactivated: job.deactivated,
    groups: job.groups,
    error_count: job.errorCount,
    errors: job.errors.slice(0, ERRORS_IN_STATUS),
    failure: job.failure,
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

/** errors.csv: one line per refused cell (row, column, reason), or the refusal of the whole file. */
export async function importErrorsCsv(tx: Tx, id: number): Promise<string> {
  const job = await selectImportJob(tx, id);
  if (!job) throw new AppError('NOT_FOUND', 'There is no such import');
  const lines: (string | number)[][] = [['row', 'column', 'message']];
  if (job.failure) lines.push(['', '', job.failure]);
  for (const e of job.errors) lines.push([e.row, e.column, e.message]);
  return stringifySync(lines);
}

/** template.csv: the header row with every column, in the order the export writes them. */
export function importTemplateCsv(): string {
  return stringifySync([[...IMPORT_COLUMNS]]);
}

const EXPORT_PAGE = 2000;
const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

type ExportRow = {
  id: number;
  product_id: string;
  barcode: string | null;
  category_id: number;
  brand: string | null;
  class_code: string;
  ship_pack: number;
  active: boolean;
  name_en: string | null;
  name_fr: string | null;
  name_es: string | null;
  desc_en: string | null;
  desc_fr: string | null;
  desc_es: string | null;
  price_ca: number | null;
  sale_ca: number | null;
  retail_ca: number | null;
  stock_ca: number | null;
  price_us: number | null;
  sale_us: number | null;
  retail_us: number | null;
  stock_us: number | null;
};

async function selectExportPage(tx: Tx, afterId: number): Promise<ExportRow[]> {
  const result = (await tx.execute(sql`
    SELECT p.id, p.product_id, p.barcode, p.category_id, p.brand, p.class_code, p.ship_pack, p.active,
      en.name AS name_en, fr.name AS name_fr, es.name AS name_es,
      en.description AS desc_en, fr.description AS desc_fr, es.description AS desc_es,
      ca.selling_price_cents AS price_ca, ca.selling_price_2_cents AS sale_ca,
      ca.retail_price_cents AS retail_ca, ca.available AS stock_ca,
      us.selling_price_cents AS price_us, us.selling_price_2_cents AS sale_us,
      us.retail_price_cents AS retail_us, us.available AS stock_us
    FROM products p
    LEFT JOIN product_translations en ON en.product_id = p.id AND en.lang = 'en'
    LEFT JOIN product_translations fr ON fr.product_id = p.id AND fr.lang = 'fr'
    LEFT JOIN product_translations es ON es.product_id = p.id AND es.lang = 'es'
    LEFT JOIN product_prices ca ON ca.product_id = p.id AND ca.country = 'ca'
    LEFT JOIN product_prices us ON us.product_id = p.id AND us.country = 'us'
    WHERE p.id > ${afterId}
    ORDER BY p.id
    LIMIT ${EXPORT_PAGE}`)) as unknown as { rows: ExportRow[] };
  return result.rows;
}

/**
 * export.csv: the whole catalogue in the import format, read page by page and streamed, so a round
 * trip (export, edit, import) changes exactly what was edited.
 */
export async function exportCatalogueCsv(db: Database): Promise<Readable> {
  const refs = await selectImportReferences(db);
  const byId = new Map(refs.categories.map((c) => [c.id, c]));
  const rootCode = (id: number) => {
    let node = byId.get(id);
    while (node?.parentId != null) node = byId.get(node.parentId);
    return node?.code.trim() ?? '';
  };
  const out = stringify({ header: true, columns: [...IMPORT_COLUMNS] });
  async function* rows(): AsyncGenerator<Record<ImportColumn, string | number>> {
    let after = 0;
    for (;;) {
      const page = await selectExportPage(db, after);
      if (page.length === 0) return;
      for (const r of page) {
        const own = byId.get(r.category_id);
        yield {
          sku: r.product_id.trim(),
          barcode: r.barcode ?? '',
          category: rootCode(r.category_id),
          subcategory: own && own.level > 1 ? own.code.trim() : '',
          brand: r.brand ?? '',
          class: r.class_code.trim(),
          ship_pack: r.ship_pack,
          name_en: r.name_en ?? '',
          name_fr: r.name_fr ?? '',
          name_es: r.name_es ?? '',
          description_en: r.desc_en ?? '',
          description_fr: r.desc_fr ?? '',
          description_es: r.desc_es ?? '',
          price_ca: money(r.price_ca),
          sale_price_ca: money(r.sale_ca),
          retail_ca: money(r.retail_ca),
          stock_ca: r.stock_ca ?? '',
          price_us: money(r.price_us),
          sale_price_us: money(r.sale_us),
          retail_us: money(r.retail_us),
          stock_us: r.stock_us ?? '',
          active: r.active ? 'yes' : 'no',
          image: '',
        };
      }
      after = Number(page[page.length - 1].id);
    }
  }
  const source = Readable.from(rows());
  source.on('error', (error) => out.destroy(error));
  source.pipe(out);
  return out;
}
