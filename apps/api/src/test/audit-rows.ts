import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditRow = {
  actor_user_id: number | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** The audit rows written about one thing, oldest first, as tests check them. */
export async function auditRowsFor(
  db: Database,
  entity: string,
  entityId: string | number,
): Promise<AuditRow[]> {
  const result = await db.execute<AuditRow>(
    sql`select actor_user_id, action, before, after from audit_log
        where subject_type = ${entity} and subject_id = ${String(entityId)} order by id`,
  );
  return result.rows;
}

/** The latest audit row written about one thing, every column of it. */
export async function lastAuditRow(db: Database, entity: string, entityId: string | number) {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, entity), eq(auditLog.subjectId, String(entityId))))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}
