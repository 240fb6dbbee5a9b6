import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import {
  instant,
  createdAt,
  rowId,
  optionalLink,
  happenedAt,
  lifecycle,
  updatedAt,
  retryState,
} from './columns';
import { users } from './users';
import { ownedByUser } from './user-columns';

/** Transactional e-mail outbox: a worker sends pending mails through SMTP when configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: rowId(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template').notNull(),
    lang: text('lang').notNull().default('en'),
    status: lifecycle(['pending', 'sent', 'failed'], 'pending'),
    ...retryState(),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Who did what and when: every staff action and each read of sensitive data, append-only (a trigger
 * refuses UPDATE and DELETE). Write it through the audit module's recordAudit, in the transaction
 * of the change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: rowId(),
    actorUserId: optionalLink('actor_user_id', () => users.id),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    details: jsonb('details'),
    at: happenedAt('at'),
    /** The actor's e-mail when they acted (kept if the account changes later). */
    actorEmail: text('actor_email'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorUserId, t.at.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
  ],
);

/**
 * Idempotency keys of the buyer's writes (plugins/idempotency.ts): the first request under a key
 * claims it (status_code null while it runs) and stores its answer; a repeat within
 * IDEMPOTENCY_RETENTION_HOURS gets that answer back without writing again. Scoped to the user, so
 * one buyer's key never answers another's request.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ownedByUser(),
    key: text('key').notNull(),
    /** sha256 of the method, route, query and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * The store's identity as the admin set it (one row, id 1; migration 0028). `settings` follows the
 * contract's store identity schema. No row: a fresh store whose identity is not set yet.
 */
export const storeIdentity = pgTable(
  'store_identity',
  {
    id: smallint('id').primaryKey().default(1),
    settings: jsonb('settings').notNull(),
    updatedAt: updatedAt(),
    updatedBy: optionalLink('updated_by', () => users.id, 'set null'),
  },
  () => [check('store_identity_single_row', sql`"id" = 1`)],
);
