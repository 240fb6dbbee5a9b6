import { shopToday } from '@wholesale/contract';
import type { Database } from '../../db/client';
import type { OutboxLog } from '../../lib/outbox-worker';
import { chargeMonthlyInterest } from './payments.interest';

/** Once a day is enough: the charge is per month, and a second run the same month writes nothing. */
export const INTEREST_INTERVAL_MS = 24 * 60 * 60 * 1000;

export type InterestWorker = { runOnce: () => Promise<void>; stop: () => Promise<void> };

/**
 * Runs the monthly interest (chargeMonthlyInterest for the last month that ended on the shop's
 * today) on `runOnce` and every `intervalMs`. Idempotent per customer and month (a unique row), so
 * two processes running it the same day charge once; it needs no job queue. `now` is injected so
 * tests move the clock.
 */
export function startInterestWorker(options: {
  db: Database;
  log: OutboxLog;
  now?: () => Date;
  intervalMs?: number;
}): InterestWorker {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | null = null;
  let stopped = false;
  const runOnce = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        const { charged } = await chargeMonthlyInterest(options.db, { asOf: shopToday(now()) });
        if (charged.length) options.log.info({ charged: charged.length }, 'interest charged');
      } catch (error) {
        options.log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'interest worker run failed',
        );
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.intervalMs ?? INTEREST_INTERVAL_MS);
  timer.unref();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
