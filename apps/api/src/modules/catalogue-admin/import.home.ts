import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { importJobs } from '../../db/schema';

export type ImportsSummary = {
  running: number;
  failed: number;
  latest: Array<{
    id: number;
    status: 'queued' | 'running' | 'done' | 'failed';
    fileName: string;
    createdAt: Date;
    failure: string | null;
  }>;
};

/**
 * The back-office home's content part: imports queued or running, and imports that failed since
 * the last one that finished (an older failure that a later import made good no longer matters).
 * Every probe reads import_jobs_status_idx (status, id).
 */
export async function importsSummary(tx: Tx, limit: number): Promise<ImportsSummary> {
  const lastDone = sql`coalesce((select max(${importJobs.id}) from ${importJobs} where ${importJobs.status} = 'done'), 0)`;
  const needsEye = or(
    inArray(importJobs.status, ['queued', 'running']),
    and(eq(importJobs.status, 'failed'), gt(importJobs.id, lastDone)),
  );
  const [counts, latest] = await Promise.all([
    tx
      .select({
        running: sql<number>`count(*) filter (where ${importJobs.status} <> 'failed')::int`,
        failed: sql<number>`count(*) filter (where ${importJobs.status} = 'failed')::int`,
      })
      .from(importJobs)
      .where(needsEye),
    tx
      .select({
        id: importJobs.id,
        status: importJobs.status,
        fileName: importJobs.fileName,
        createdAt: importJobs.createdAt,
        failure: importJobs.failure,
      })
      .from(importJobs)
      .where(needsEye)
      .orderBy(desc(importJobs.id))
      .limit(limit),
  ]);
  return {
    running: Number(counts[0]?.running ?? 0),
    failed: Number(counts[0]?.failed ?? 0),
    latest,
  };
}
