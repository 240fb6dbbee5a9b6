import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

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
