import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import {
  exponentialBackoffMs,
  startOutboxLoop,
  type OutboxLog as Log,
  type OutboxLoop,
} from '../../lib/outbox-worker';
import { claimDueMails, markAttemptFailed, markSent } from './mail.queries';

/** What the worker needs from a mail transport (nodemailer's Transporter fits). */
export type MailTransport = {
  sendMail: (mail: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
  }) => Promise<unknown>;
};

/** Retry policy: exponential backoff from 30 s, capped at one hour; give up after 8 attempts. */
export const MAIL_BACKOFF_BASE_MS = 30_000;
export const MAIL_BACKOFF_MAX_MS = 60 * 60 * 1000;
export const MAIL_MAX_ATTEMPTS = 8;
/** A claimed mail is invisible to other workers this long (covers a slow SMTP server). */
const LEASE_MS = 5 * 60 * 1000;

/** Delay before attempt number `attempts + 1`, after `attempts` failures (1 → 30 s, 2 → 60 s, …). */
export function backoffMs(attempts: number): number {
  return exponentialBackoffMs(attempts, MAIL_BACKOFF_BASE_MS, MAIL_BACKOFF_MAX_MS);
}

/**
 * Sends the mails that are due, one batch. Each mail is claimed first (so several API processes
 * can run the worker), then sent; a failure schedules the next attempt with backoff and, after
 * MAIL_MAX_ATTEMPTS, marks the mail failed. Returns what happened.
 */
export async function processOutbox(
  db: Database,
  transport: MailTransport,
  options: { from: string; batch?: number; log?: Log },
): Promise<{ sent: number; retried: number; failed: number }> {
  const result = { sent: 0, retried: 0, failed: 0 };
  const mails = await claimDueMails(db, options.batch ?? 20, LEASE_MS);
  for (const mail of mails) {
    const attempts = mail.attempts + 1;
    try {
      await transport.sendMail({
        from: options.from,
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
      await markSent(db, mail.id, attempts);
      result.sent += 1;
    } catch (error) {
      const giveUp = attempts >= MAIL_MAX_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      await markAttemptFailed(db, mail.id, {
        attempts,
        lastError: message,
        nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
        giveUp,
      });
      options.log?.warn({ mailId: mail.id, attempts, giveUp, err: message }, 'mail not sent');
      if (giveUp) result.failed += 1;
      else result.retried += 1;
    }
  }
  return result;
}

export type MailWorker = OutboxLoop;

/**
 * Runs processOutbox every `intervalMs` when SMTP_URL is set. Without it the worker does nothing:
 * mails stay pending, readable in the dev mailbox (README.md "Mail").
 */
export function startMailWorker(options: {
  db: Database;
  smtpUrl?: string;
  from: string;
  log: Log;
  intervalMs?: number;
  transport?: MailTransport;
}): MailWorker {
  const transport: MailTransport | null =
    options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null);
  if (!transport) {
    options.log.info(
      'SMTP_URL is not set: mails stay in the outbox (see /dev/mailbox outside production)',
    );
    return { runOnce: async () => {}, wake: () => {}, stop: async () => {} };
  }
  return startOutboxLoop({
    name: 'mail',
    log: options.log,
    intervalMs: options.intervalMs ?? 10_000,
    runBatch: () => processOutbox(options.db, transport, { from: options.from, log: options.log }),
  });
}
