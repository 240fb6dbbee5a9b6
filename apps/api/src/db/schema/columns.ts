import { integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column builders the tables share, so a link or a creation time is declared one way everywhere.
 * Not exported from the schema index: they are not tables.
 */

/** A required link to the row this one belongs to: deleting that row deletes this one too. */
export function belongsTo<N extends string>(name: N, parent: () => AnyPgColumn) {
  return integer(name).notNull().references(parent, { onDelete: 'cascade' });
}

/** A point in time, with its time zone (`timestamp with time zone`): every time the schema keeps. */
export function instant<N extends string>(name: N) {
  return timestamp(name, { withTimezone: true });
}

/** When the row was written, set by the database. */
export function createdAt() {
  return instant('created_at').notNull().defaultNow();
}

/** When the row last changed: set by the database on insert, by the writer on each update. */
export function updatedAt() {
  return instant('updated_at').notNull().defaultNow();
}

/**
 * The retry state of an outbox row (mails, webhook deliveries): a worker takes the pending rows
 * that are due, and on a failure counts the attempt, keeps the error and pushes the next try back.
 */
export function retryState() {
  return {
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
  };
}
