import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, PgBoss, type ConstructorOptions, type Queue } from 'pg-boss';
import type { Database } from '../db/client';

/*
 * The one queue background work goes through (docs/decisions/035-jobs-on-a-kept-queue.md): pg-boss,
 * on PGlite (its `fromPglite` adapter) and on PostgreSQL (a small pool of its own). pg-boss claims
 * jobs with SKIP LOCKED (one worker per job across processes), schedules them (a retry's time), and
 * retries a job whose worker died once it expires (its supervisor).
 *
 * A job never carries the work itself: it names a row (a mail, a webhook delivery) that stays the
 * record staff see. Rows enqueue their own jobs: triggers call `enqueue_job` (migration 0034) when a
 * row is written as pending or its next attempt moves, so every writer (enqueueMail, a CTE batching
 * enqueueMailInsert, a prepared part, a staff "send again") enqueues in its own transaction.
 */

/**
 * Per queue: how long a claimed job may run before it counts as abandoned (its worker died: the
 * old outbox leases, 5 min for a slow SMTP server, 60 s for a webhook's 10 s timeout). NOTE: the
 * retries here only cover a job whose worker died or threw unexpectedly; a mail SMTP refused or a
 * delivery that failed is retried through its row, on its module's policy (mail.worker.ts,
 * webhooks.worker.ts). `notify` stays off: PostgreSQL serialises the commits of notifying
 * transactions, and an order's commit must not queue behind others for a wake-up (the webhook
 * worker is woken after commit through the change feed, the mail worker polls).
 */
const CRASH_RETRIES = { retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 300 };
export const JOB_QUEUES = {
  mail: { expireInSeconds: 300, ...CRASH_RETRIES, notify: false },
  webhook: { expireInSeconds: 60, ...CRASH_RETRIES, notify: false },
  // One import at a time (singleton: one active job). An import runs for minutes: its worker beats
  // after each batch, and a job that has not beaten for a minute is taken over (its process died).
  import: {
    policy: 'singleton',
    heartbeatSeconds: 60,
    expireInSeconds: 24 * 60 * 60,
    ...CRASH_RETRIES,
    retryDelay: 1,
    notify: false,
  },
} as const satisfies Record<string, Omit<Queue, 'name'>>;

/** pg-boss's database for `db`: PGlite's own instance, or PostgreSQL at the pool's URL. */
function connection(db: Database): ConstructorOptions {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool)
    return { connectionString: client.options.connectionString, max: 3 };
  return { db: fromPglite(client as PGlite), backend: 'pglite' };
}

function newBoss(db: Database, options: Partial<ConstructorOptions>): PgBoss {
  const boss = new PgBoss({
    ...connection(db),
    schedule: false,
    // The statements pg-boss sends are its own: none of them belongs in the app's query log.
    openTelemetry: { enabled: false },
    ...options,
  } as ConstructorOptions);
  boss.on('error', (error) => console.warn(`[jobs] ${error.message}`));
  return boss;
}

/**
 * Installs or upgrades pg-boss's schema and our queues. runMigrations calls it before the SQL
 * migrations (migration 0034's triggers enqueue into these queues).
 */
export async function installJobQueue(db: Database): Promise<void> {
  const boss = newBoss(db, { supervise: false, migrate: true, max: 1 });
  await boss.start();
  try {
    for (const [name, queue] of Object.entries(JOB_QUEUES)) {
      // NOTE: a queue's policy and heartbeat are set when it is created; updateQueue keeps them.
      if (await boss.getQueue(name)) {
        const { policy: _policy, heartbeatSeconds: _heartbeat, ...rest } = queue as Queue;
        await boss.updateQueue(name, rest);
      } else await boss.createQueue(name, queue);
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}

/**
 * A database's queue as one app (or one standalone worker) owns it: pg-boss, started on first use
 * and stopped once. Two apps on one database (two processes, or a test's second app) each have
 * their own, as two processes would.
 */
export type JobQueue = {
  /** The started pg-boss (started by the first call). Refused once the queue is stopped. */
  boss: () => Promise<PgBoss>;
  /** Stops pg-boss if it was started, letting running jobs finish (before the pool closes). */
  stop: () => Promise<void>;
};

/**
 * The job queue of `db`. `supervise` (the API server and standalone workers) also runs pg-boss's
 * supervisor: expired jobs are retried, old ones removed. Tests leave it off, so nothing runs that
 * they did not ask for.
 */
export function createJobQueue(db: Database, options: { supervise?: boolean } = {}): JobQueue {
  let started: Promise<PgBoss> | null = null;
  let stopped = false;
  return {
    boss: () => {
      if (stopped) return Promise.reject(new Error('The job queue is stopped'));
      started ??= (async () => {
        const boss = newBoss(db, { supervise: options.supervise ?? false, migrate: false });
        await boss.start();
        return boss;
      })();
      return started;
    },
    stop: async () => {
      stopped = true;
      const boss = await started?.catch(() => null);
      started = null;
      await boss?.stop({ graceful: true, timeout: 5_000 });
    },
  };
}
