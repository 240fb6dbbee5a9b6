import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { auditLog, users } from '../../db/schema';

export type AuditInsert = typeof auditLog.$inferInsert;

/** Appends one row (the table refuses UPDATE and DELETE). */
export async function insertAuditRow(tx: Tx, row: AuditInsert): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/**
 * The INSERT of one row as a statement, for a caller batching it with its own writes (the values,
 * or placeholders for them).
 */
export function auditRowInsert(tx: Tx, row: PgInsertValue<typeof auditLog>): SQL {
  return tx.insert(auditLog).values(row).getSQL();
}

export type AuditFilter = {
  actor?: string;
  action?: string;
  entity?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
};

function whereOf(filter: AuditFilter): SQL | undefined {
  const escaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    filter.actor
      ? sql`coalesce(${auditLog.actorEmail}, ${users.email}) ilike ${`%${escaped(filter.actor)}%`}`
      : undefined,
    filter.action ? ilike(auditLog.action, `${escaped(filter.action)}%`) : undefined,
    filter.entity ? eq(auditLog.subjectType, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.subjectId, filter.entityId) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.to ? lt(auditLog.at, filter.to) : undefined,
  );
}

/** One page of the log, newest first, with the number of rows matching. */
export async function selectAuditPage(
  tx: Tx,
  filter: AuditFilter,
  page: { limit: number; offset: number },
) {
  const where = whereOf(filter);
  const [rows, [{ total }]] = await Promise.all([
    tx
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorId: auditLog.actorUserId,
        actorEmail: sql<string | null>`coalesce(${auditLog.actorEmail}, ${users.email})`,
        action: auditLog.action,
        entity: auditLog.subjectType,
        entityId: auditLog.subjectId,
        before: auditLog.before,
        after: auditLog.after,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    tx
      .select({ total: count() })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where),
  ]);
  return { rows, total };
}
