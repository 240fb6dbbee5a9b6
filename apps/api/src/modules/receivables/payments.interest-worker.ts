import { shopToday } from '@wholesale/contract';
import type { Database } from '../../db/client';
import { startOutboxLoop, type OutboxLog, type OutboxLoop } from '../../lib/outbox-worker';
import { chargeMonthlyInterest } from './payments.interest';

/** Once a day is enough: the charge is per month, and a second run the same month writes nothing. */
export const INTEREST_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Runs the monthly interest (chargeMonthlyInterest for the last month that ended on the shop's
 * today) at start and then every `intervalMs`, like the mail and webhook workers
 * (lib/outbox-worker.ts). A small self-contained periodic call: easy to move onto a job queue.
 * `now` is injected so tests move the clock.
 */
export function startInterestWorker(options: {
  db: Database;
  log: OutboxLog;
  now?: () => Date;
  intervalMs?: number;
}): OutboxLoop {
  const now = options.now ?? (() => new Date());
  return startOutboxLoop({
    name: 'interest',
    log: options.log,
    intervalMs: options.intervalMs ?? INTEREST_INTERVAL_MS,
    runBatch: async () => {
      const { charged } = await chargeMonthlyInterest(options.db, { asOf: shopToday(now()) });
      return { charged: charged.length };
    },
  });
}
