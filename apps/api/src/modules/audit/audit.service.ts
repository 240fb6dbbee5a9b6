import {
  auditDiff,
  type AdminAuditQuery,
  type AdminAuditResponse,
  type AuditEntity,
} from '@wholesale/contract';
import type { SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { rowPart, type StatementPart } from '../../db/prepared';
import { auditRowInsert, insertAuditRow, selectAuditPage, type AuditInsert } from './audit.queries';

/** One staff action as the audit log keeps it (docs/product/back-office-staff-and-customers.md). */
export type AuditEvent = {
  /** The staff member (or, for a command-line action, null). */
  actorId: number | null;
  /** Their e-mail at the time, kept beside the id. */
  actorEmail?: string | null;
  /** `<entity>.<verb>`, e.g. `customer.deactivate`, `order.status`, `staff.roles`. */
  action: string;
  /** What was acted on (contract AUDIT_ENTITIES: the audit screen's filter lists each one). */
  entity: AuditEntity;
  entityId: string | number;
  /** The fields as they were and as they are; only differing ones are kept, secrets redacted. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * Who acted, as services receive it from the route: the signed-in staff member, or (no user) an
 * integration token, named by `email`.
 */
export type AuditActor = { id: number | null; email?: string | null };

/**
 * Writes one audit row in the caller's transaction, so the record and the change commit or roll
 * back together. Never pass secrets on purpose: fields named like passwords, tokens, secrets or
 * keys are replaced by "[redacted]" anyway.
 */
export async function recordAudit(tx: Tx, event: AuditEvent): Promise<void> {
  await insertAuditRow(tx, auditRow(event));
}

/**
 * recordAudit's INSERT as a statement the caller runs in its own statement batch (a data-modifying
 * CTE beside its change, one round trip); the same row, the same rules.
 */
export function auditInsert(tx: Tx, event: AuditEvent): SQL {
  return auditRowInsert(tx, auditRow(event));
}

/**
 * auditInsert as a part of a statement built once per shape (db/prepared.ts composedStatement):
 * the INSERT with placeholders, the row's values apart; the same row, the same rules.
 */
export function auditInsertPart(event: AuditEvent): StatementPart {
  return rowPart('audit', auditRow(event), auditRowInsert);
}

function auditRow(event: AuditEvent): AuditInsert {
  const { before, after } = auditDiff(event.before, event.after);
  return {
    actorUserId: event.actorId,
    actorEmail: event.actorEmail ?? null,
    action: event.action.slice(0, 100),
    subjectType: event.entity.slice(0, 100),
    subjectId: String(event.entityId).slice(0, 100),
    before,
    after,
  };
}

/**
 * recordAudit for a staff member acting through a route (the usual case), or whoever `actor` names
 * (id null: an integration token or the command line).
 */
export function recordAuditBy(
  tx: Tx,
  actor: { id: number | null; email?: string | null },
  event: Omit<AuditEvent, 'actorId' | 'actorEmail'>,
): Promise<void> {
  return recordAudit(tx, { ...event, actorId: actor.id, actorEmail: actor.email });
}

/** The start of the day after `date` (YYYY-MM-DD), so a "to" date includes that whole day. */
function endOfDay(date: string): Date {
  const parsed = new Date(date);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(parsed.getTime() + 86_400_000) : parsed;
}

/** GET /api/admin/audit: the log, newest first, filtered. */
export async function listAudit(db: Database, query: AdminAuditQuery): Promise<AdminAuditResponse> {
  const { rows, total } = await selectAuditPage(
    db,
    {
      actor: query.actor,
      action: query.action,
      entity: query.entity,
      entityId: query.entity_id,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? endOfDay(query.to) : undefined,
    },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    status: true,
    data: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor_id: row.actorId,
      actor_email: row.actorEmail,
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId,
      before: (row.before as Record<string, unknown> | null) ?? null,
      // Rows written before before/after existed keep their details (e.g. an application viewed).
      after:
        (row.after as Record<string, unknown> | null) ??
        (row.details as Record<string, unknown> | null) ??
        null,
    })),
    total,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    per_page: query.per_page,
  };
}
