import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
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
 * The mail a job names, if it is still due: pending, its next attempt come (the database's clock,
 * which set the job's time). A job finding its mail sent, failed, or moved later (a retry was
 * scheduled since) has nothing to do.
 */
export async function dueMail(tx: Tx, id: number): Promise<MailRow | undefined> {
  const [row] = await tx
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.id, id),
        eq(mailOutbox.status, 'pending'),
        sql`${mailOutbox.nextAttemptAt} <= now()`,
      ),
    );
  return row;
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
