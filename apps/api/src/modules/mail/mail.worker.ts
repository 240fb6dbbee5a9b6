import nodemailer from 'nodemailer';
import type { Job } from 'pg-boss';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../lib/job-queue';
import { exponentialBackoffMs, type OutboxLog as Log } from '../../lib/outbox-worker';
import { dueMail, markAttemptFailed, markSent } from './mail.queries';

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
/** Delay before attempt number `attempts + 1`, after `attempts` failures (1 → 30 s, 2 → 60 s, …). */
export function backoffMs(attempts: number): number {
  return exponentialBackoffMs(attempts, MAIL_BACKOFF_BASE_MS, MAIL_BACKOFF_MAX_MS);
}

/** The database and the queue the worker takes mail jobs from (an app has both). */
type Queued = { db: Database; jobQueue: JobQueue };

/** A mail job names its outbox row (migration 0034 enqueues it). */
type MailJob = { mail_id: number };
type Outcome = 'sent' | 'retried' | 'failed';
type SendOptions = { from: string; log?: Log };

/**
 * One job: sends its mail if still due. A refused attempt is counted on the row, and the row's
 * next attempt moves by the backoff (its trigger enqueues that retry, in the same statement), or,
 * after MAIL_MAX_ATTEMPTS, the mail is marked failed. Answers what happened, or null when the job
 * found nothing to do.
 */
async function sendMailJob(
  db: Database,
  transport: MailTransport,
  job: Job<MailJob>,
  options: SendOptions,
): Promise<Outcome | null> {
  const mail = await dueMail(db, job.data.mail_id);
  if (!mail) return null;
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
    return 'sent';
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
    return giveUp ? 'failed' : 'retried';
  }
}

async function sendMailJobs(
  db: Database,
  transport: MailTransport,
  jobs: Job<MailJob>[],
  options: SendOptions,
) {
  const result = { sent: 0, retried: 0, failed: 0 };
  for (const job of jobs) {
    const outcome = await sendMailJob(db, transport, job, options);
    if (outcome) result[outcome] += 1;
  }
  return result;
}

/**
 * Sends the mails that are due, one batch: takes up to `batch` mail jobs from the queue (another
 * process never gets the same job), sends each and completes them. Returns what happened.
 */
export async function processOutbox(
  { db, jobQueue }: Queued,
  transport: MailTransport,
  options: SendOptions & { batch?: number },
): Promise<{ sent: number; retried: number; failed: number }> {
  const boss = await jobQueue.boss();
  const jobs = await boss.fetch<MailJob>('mail', { batchSize: options.batch ?? 20 });
  const result = await sendMailJobs(db, transport, jobs, options);
  if (jobs.length)
    await boss.complete(
      'mail',
      jobs.map((j) => j.id),
    );
  return result;
}

export type MailWorker = {
  /** One batch now (the standalone worker at start; tests). */
  runOnce: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Works the mail queue when SMTP_URL is set, polling it every `intervalMs` (mails queued, retries
 * come due; lib/job-queue.ts says why no NOTIFY). Without SMTP_URL the worker does nothing:
 * mails stay pending, readable in the dev mailbox (README.md "Mail").
 */
export function startMailWorker(
  options: Queued & {
    smtpUrl?: string;
    from: string;
    log: Log;
    intervalMs?: number;
    transport?: MailTransport;
  },
): MailWorker {
  const transport: MailTransport | null =
    options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null);
  if (!transport) {
    options.log.info(
      'SMTP_URL is not set: mails stay in the outbox (see /dev/mailbox outside production)',
    );
    return { runOnce: async () => {}, stop: async () => {} };
  }
  const send = { from: options.from, log: options.log };
  const logged = (result: Record<string, number>) => {
    if (Object.values(result).some(Boolean)) options.log.info(result, 'mail outbox processed');
  };
  // pg-boss polls at most every 0.5 s.
  const pollingIntervalSeconds = Math.max(0.5, (options.intervalMs ?? 10_000) / 1000);
  const worker = options.jobQueue.boss().then(async (boss) => ({
    boss,
    id: await boss.work<MailJob>(
      'mail',
      { batchSize: 20, pollingIntervalSeconds, burstWhenBatchFull: true },
      async (jobs) => logged(await sendMailJobs(options.db, transport, jobs, send)),
    ),
  }));
  return {
    runOnce: async () => logged(await processOutbox(options, transport, send)),
    stop: async () => {
      const { boss, id } = await worker;
      await boss.offWork('mail', { id, wait: true });
    },
  };
}
