import type { Job } from 'pg-boss';
import type { Database } from '../../db/client';
import type { FieldCipher } from '../../lib/crypto';
import type { JobQueue } from '../../lib/job-queue';
import { exponentialBackoffMs, type OutboxLog as Log } from '../../lib/outbox-worker';
import {
  dueDeliveries,
  insertAttempt,
  markDeliveryFailed,
  noteEndpointFailure,
  recordDelivered,
  setEndpointStatus,
} from './webhooks.queries';
import { openSecret } from './webhooks.service';
import { signatureHeader } from './webhooks.signing';
import { postWebhook } from './webhooks.http';
import type { WebhookTargetRule } from './webhooks.url';
import type { HostResolver } from '../../lib/outbound-address';

/** Retry policy: exponential backoff from 30 s capped at one hour, for 24 hours. */
export const WEBHOOK_BACKOFF_BASE_MS = 30_000;
export const WEBHOOK_BACKOFF_MAX_MS = 60 * 60 * 1000;
/** A delivery is retried this long; an endpoint failing this long is paused (not dropped). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 10_000;

/** Delay before the next attempt after `attempts` failures (1 → 30 s, 2 → 60 s, …, ≤ 1 h). */
export function webhookBackoffMs(attempts: number): number {
  return exponentialBackoffMs(attempts, WEBHOOK_BACKOFF_BASE_MS, WEBHOOK_BACKOFF_MAX_MS);
}

/** `production` and `privateNetworks`: where deliveries may go (webhooks.url.ts). */
export type WebhookWorkerOptions = WebhookTargetRule & {
  cipher: FieldCipher;
  /** The DNS resolver deliveries connect through (tests inject one). */
  resolve?: HostResolver;
  /** The clock (tests move it forward instead of waiting). */
  now?: () => Date;
  batch?: number;
  /** How many deliveries are in flight at once. */
  concurrency?: number;
  log?: Log;
};

/** A webhook job names its delivery row (migration 0034 enqueues it). */
type WebhookJob = { delivery_id: number };
type Outcome = { delivered: number; retried: number; failed: number };

/**
 * Makes the deliveries `jobs` name, if still due: each is POSTed with its signature (only to an
 * address the webhook rule allows, checked at connect time), and its attempt logged. A failure
 * moves the delivery's next attempt by the backoff (its trigger enqueues that retry); a delivery
 * still failing 24 h after it was queued is marked failed (staff can redeliver it); an endpoint
 * whose failures have run for 24 h is paused, its pending deliveries kept for when it is resumed.
 */
async function deliverJobs(
  db: Database,
  jobs: Job<WebhookJob>[],
  options: WebhookWorkerOptions,
): Promise<Outcome> {
  const clock = options.now ?? (() => new Date());
  const result = { delivered: 0, retried: 0, failed: 0 };
  const due = await dueDeliveries(
    db,
    jobs.map((j) => j.data.delivery_id),
  );
  const deliverOne = async (d: (typeof due)[number]) => {
    const at = clock();
    const attempts = d.attempts + 1;
    const started = performance.now();
    const { statusCode, error, retry } = await postWebhook(
      d.url,
      {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'wholesale-webhooks/1',
          'x-webhook-event': d.event,
          'x-webhook-delivery': String(d.id),
          'x-signature': signatureHeader(
            openSecret(options.cipher, { id: d.endpointId, secretSealed: d.secretSealed }),
            Math.floor(at.getTime() / 1000),
            d.body,
          ),
        },
        body: d.body,
        timeoutMs: TIMEOUT_MS,
      },
      options,
    );
    const durationMs = Math.round(performance.now() - started);
    if (!error) {
      await recordDelivered(db, d, { attempts, at, statusCode, durationMs });
      result.delivered += 1;
      return;
    }
    await insertAttempt(db, { deliveryId: d.id, at, statusCode, error, durationMs });
    const failingSince = await noteEndpointFailure(db, d.endpointId, at);
    if (at.getTime() - failingSince.getTime() >= WEBHOOK_RETRY_WINDOW_MS) {
      await setEndpointStatus(db, d.endpointId, 'paused', 'failing for 24 hours');
      options.log?.warn(
        { endpointId: d.endpointId },
        'webhook endpoint paused after 24 h of failures',
      );
    }
    // A URL the address rule refuses fails at once: retrying cannot make it allowed.
    const giveUp = !retry || at.getTime() - d.createdAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
    await markDeliveryFailed(db, d.id, {
      attempts,
      lastError: error,
      nextAttemptAt: new Date(at.getTime() + webhookBackoffMs(attempts)),
      giveUp,
    });
    if (giveUp) result.failed += 1;
    else result.retried += 1;
  };
  const queue = [...due];
  const lanes = Array.from(
    { length: Math.min(options.concurrency ?? 8, queue.length) },
    async () => {
      for (let d = queue.shift(); d; d = queue.shift()) await deliverOne(d);
    },
  );
  await Promise.all(lanes);
  return result;
}

/**
 * Delivers the due webhook deliveries, one batch: takes up to `batch` webhook jobs from the queue
 * (another process never gets the same job), delivers them (deliverJobs) and completes the jobs.
 */
export async function processWebhookOutbox(
  { db, jobQueue }: { db: Database; jobQueue: JobQueue },
  options: WebhookWorkerOptions,
): Promise<Outcome> {
  const boss = await jobQueue.boss();
  const jobs = await boss.fetch<WebhookJob>('webhook', { batchSize: options.batch ?? 50 });
  const result = await deliverJobs(db, jobs, options);
  if (jobs.length)
    await boss.complete(
      'webhook',
      jobs.map((j) => j.id),
    );
  return result;
}

export type WebhookWorker = {
  /** A delivery was queued (WEBHOOKS_CHANNEL): fetch now instead of at the next poll. */
  wake: () => void;
  stop: () => Promise<void>;
};

/**
 * Works the webhook queue: at once (what was queued while no worker ran), on `wake`, and every
 * `intervalMs` for retries that come due and deliveries nobody announced (a writer that announces
 * after commit, deliveriesInsert, and crashed before it did).
 */
export function startWebhookWorker(
  options: WebhookWorkerOptions & {
    db: Database;
    jobQueue: JobQueue;
    log: Log;
    intervalMs?: number;
  },
): WebhookWorker {
  const worker = options.jobQueue.boss().then(async (boss) => ({
    boss,
    id: await boss.work<WebhookJob>(
      'webhook',
      {
        batchSize: options.batch ?? 50,
        // pg-boss polls at most every 0.5 s; a full batch is followed by the next at once.
        pollingIntervalSeconds: Math.max(0.5, (options.intervalMs ?? 2_000) / 1000),
        burstWhenBatchFull: true,
      },
      async (jobs) => {
        const result = await deliverJobs(options.db, jobs, options);
        if (Object.values(result).some(Boolean))
          options.log.info(result, 'webhook outbox processed');
      },
    ),
  }));
  worker.catch((error: unknown) =>
    options.log.warn({ err: (error as Error).message }, 'webhook worker did not start'),
  );
  return {
    wake: () => void worker.then(({ boss, id }) => boss.notifyWorker(id)).catch(() => undefined),
    stop: async () => {
      const { boss, id } = await worker;
      await boss.offWork('webhook', { id, wait: true });
    },
  };
}
