import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { insertRow } from '../../db/insert-row';
import { brands, categories, classCodes, importJobs, users } from '../../db/schema';

export type ImportJobRow = typeof importJobs.$inferSelect;
export type ImportJobWithAuthor = ImportJobRow & { author: string | null };

export function insertImportJob(
  tx: Tx,
  values: typeof importJobs.$inferInsert,
): Promise<ImportJobRow> {
  return insertRow(tx, importJobs, values);
}

const withAuthor = {
  job: importJobs,
  author: users.ownerName,
};

/** The jobs pointing at any of these files (upload or images), and whether each is still to run. */
export async function selectImportJobsOfFiles(
  tx: Tx,
  names: string[],
): Promise<{ key: string; live: boolean }[]> {
  const rows = await tx
    .select({ file: importJobs.fileKey, images: importJobs.imagesKey, status: importJobs.status })
    .from(importJobs)
    .where(or(inArray(importJobs.fileKey, names), inArray(importJobs.imagesKey, names)));
  return rows.flatMap((r) => {
    const live = r.status === 'queued' || r.status === 'running';
    return [r.file, r.images].filter((k): k is string => k !== null).map((key) => ({ key, live }));
  });
}

export async function selectImportJob(tx: Tx, id: number): Promise<ImportJobWithAuthor | null> {
  const [row] = await tx
    .select(withAuthor)
    .from(importJobs)
    .leftJoin(users, eq(users.id, importJobs.createdBy))
    .where(eq(importJobs.id, id));
  return row ? { ...row.job, author: row.author } : null;
}

export async function selectRecentImportJobs(
  tx: Tx,
  limit: number,
): Promise<ImportJobWithAuthor[]> {
  const rows = await tx
    .select(withAuthor)
    .from(importJobs)
    .leftJoin(users, eq(users.id, importJobs.createdBy))
    .orderBy(desc(importJobs.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.job, author: r.author }));
}

/**
 * Marks the import a job names running (resumed when it was running already: its worker died) and
 * answers it; null for one that ended (done or failed). One import runs at a time: the import
 * queue lets one job be active (lib/job-queue.ts, policy singleton).
 */
export async function claimImportJob(tx: Tx, id: number): Promise<ImportJobRow | null> {
  const [claimed] = await tx
    .update(importJobs)
    .set({
      status: 'running',
      startedAt: sql`coalesce(${importJobs.startedAt}, now())`,
      heartbeatAt: sql`now()`,
    })
    .where(sql`${importJobs.id} = ${id} AND ${importJobs.status} IN ('queued', 'running')`)
    .returning();
  return claimed ?? null;
}

export async function updateImportJob(
  tx: Tx,
  id: number,
  values: Partial<typeof importJobs.$inferInsert>,
): Promise<ImportJobRow | null> {
  const [row] = await tx.update(importJobs).set(values).where(eq(importJobs.id, id)).returning();
  return row ?? null;
}

/** What row validation needs to know of the catalogue: category, class and brand codes. */
export async function selectImportReferences(tx: Tx) {
  const [cats, classes, brandRows] = await Promise.all([
    tx
      .select({
        id: categories.id,
        parentId: categories.parentId,
        level: categories.level,
        code: categories.catCode,
      })
      .from(categories),
    tx.select({ code: classCodes.code }).from(classCodes),
    tx.select({ code: brands.code, name: brands.name }).from(brands),
  ]);
  return { categories: cats, classes: classes.map((c) => c.code.trim()), brands: brandRows };
}

/**
 * Builds the search documents of up to `maxProducts` products an import queued (migration 0023) in
 * one transaction of its own; answers how many it built (fewer than asked: the queue is empty, or
 * another builder holds the rest).
 */
export async function buildPendingSearchDocuments(db: Database, maxProducts: number) {
  const result = await db.execute(
    sql`SELECT ws_build_pending_search_documents(${maxProducts})::int AS built`,
  );
  return (result.rows[0] as { built: number }).built;
}

/**
 * One page of a job's kept refusals, in file order (the slice is cut in the database, so a page
 * never carries the others), and how many were kept; null for an unknown job.
 */
export async function selectImportErrorsPage(
  tx: Tx,
  id: number,
  page: { offset: number; limit: number },
): Promise<{ total: number; errors: ImportJobRow['errors'] } | null> {
  const result = await tx.execute<{ total: number; errors: ImportJobRow['errors'] }>(sql`
    select jsonb_array_length(j.errors) as total,
           coalesce((select jsonb_agg(e.value order by e.n)
                     from jsonb_array_elements(j.errors) with ordinality as e(value, n)
                     where e.n > ${page.offset} and e.n <= ${page.offset + page.limit}), '[]'::jsonb) as errors
    from ${importJobs} j where j.id = ${id}`);
  const row = result.rows[0];
  return row ? { total: Number(row.total), errors: row.errors } : null;
}
