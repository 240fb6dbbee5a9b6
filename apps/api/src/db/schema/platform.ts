import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import {
  instant,
  createdAt,
  rowId,
  optionalLink,
  happenedAt,
  lifecycle,
  retryState,
} from './columns';
import { users } from './users';

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
