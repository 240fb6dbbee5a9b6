import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { mailOutbox } from '../../db/schema';
import { retryStateAfter, type FailedAttempt } from '../../lib/outbox-worker';

export type MailRow = typeof mailOutbox.$inferSelect;

export async function insertMail(tx: Tx, values: typeof mailOutbox.$inferInsert): Promise<number> {
  const [row] = await tx.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  return row.id;
}

/**
 * The INSERT of one outbox row as a statement, for a caller batching it with its own writes (the
 * values, or placeholders for them).
 */
export function mailInsert(tx: Tx, values: PgInsertValue<typeof mailOutbox>): SQL {
  return tx.insert(mailOutbox).values(values).getSQL();
}

/** Newest first; the dev mailbox shows at most `limit`. */
export async function listMails(tx: Tx, limit: number): Promise<MailRow[]> {
  return tx
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

export async function findMail(tx: Tx, id: number): Promise<MailRow | undefined> {
  const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}

/**
 * Claims up to `limit` due pending mails for one worker: their next attempt is pushed `leaseMs`
 * ahead so another worker (another API process) skips them while this one sends.
 * NOTE: FOR UPDATE SKIP LOCKED keeps two processes from claiming the same row.
 */
export async function claimDueMails(tx: Tx, limit: number, leaseMs: number): Promise<MailRow[]> {
  // NOTE: the database clock decides what is due: rows get `now()` (microseconds) on insert, and a
  // JavaScript Date (milliseconds) could be a fraction of a millisecond behind it.
  const result = await tx.execute<{ id: number }>(sql`
    update ${mailOutbox} set next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (
      select id from ${mailOutbox}
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = result.rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(mailOutbox.id);
}

export async function markSent(tx: Tx, id: number, attempts: number): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: new Date(), attempts, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markAttemptFailed(tx: Tx, id: number, failure: FailedAttempt): Promise<void> {
  await tx.update(mailOutbox).set(retryStateAfter(failure)).where(eq(mailOutbox.id, id));
}
