import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column builders the tables share, so a link or a creation time is declared one way everywhere.
 * Not exported from the schema index: they are not tables.
 */

/** A required link to the row this one belongs to: deleting that row deletes this one too. */
export function belongsTo<N extends string>(name: N, parent: () => AnyPgColumn) {
  return integer(name).notNull().references(parent, { onDelete: 'cascade' });
}

/** When the row was written, set by the database. */
export function createdAt() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}
