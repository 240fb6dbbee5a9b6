import { and, desc, eq, sql } from 'drizzle-orm';
import type { FailedMailDto } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { AppError, reasonError } from '../../lib/app-error';

/**
 * Mail as staff see it (docs/operations.md "Mail"): whether the server sends at all, what waits,
 * what failed, and "send again" for a failed mail (the admin-home module audits it). The counts read mail_outbox_pending_idx
 * (status, next_attempt_at).
 */

/** Mails waiting to be sent and mails the worker gave up on. */
export async function mailSummary(tx: Tx): Promise<{ waiting: number; failed: number }> {
  const [row] = await tx
    .select({
      waiting: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::int`,
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.status} in ('pending', 'failed')`);
  return { waiting: Number(row?.waiting ?? 0), failed: Number(row?.failed ?? 0) };
}

/** The latest failed mails (admin's list), newest first; the error kept short. */
export async function failedMails(tx: Tx, limit: number): Promise<FailedMailDto[]> {
  const rows = await tx
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      template: mailOutbox.template,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'failed'))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    template: r.template,
    attempts: r.attempts,
    last_error: r.lastError?.slice(0, 300) ?? null,
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Puts a failed mail back in the queue, due now, its attempts counted from zero, under a row lock;
 * returns its address. Only a failed mail (409 otherwise: a pending one is queued already, a sent
 * one would arrive twice); 404 for none. Call it inside the caller's transaction (it audits).
 */
export async function requeueFailedMail(tx: Tx, id: number): Promise<{ to: string }> {
  const [row] = await tx
    .select({ status: mailOutbox.status, to: mailOutbox.toAddress })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such mail');
  if (row.status !== 'failed')
    throw reasonError('CONFLICT', 'MAIL_NOT_FAILED', { status: row.status });
  await tx
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')));
  return { to: row.to };
}
