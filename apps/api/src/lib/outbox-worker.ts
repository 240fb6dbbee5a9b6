/**
 * The loop both outbox workers (mail, webhooks) run: a timer that processes one batch at a time,
 * never two at once in a process, logs what happened, survives a failing run and stops cleanly.
 * Claiming rows (`FOR UPDATE SKIP LOCKED`) and what "processing" means stay with each worker.
 */

export type OutboxLog = {
  info: (o: object | string, m?: string) => void;
  warn: (o: object | string, m?: string) => void;
};

export type OutboxLoop = {
  runOnce: () => Promise<void>;
  /**
   * Something was queued (a NOTIFY): runs a batch now, or, when one is running, one more pass
   * right after it (what was queued may have committed after that batch claimed its rows).
   */
  wake: () => void;
  stop: () => Promise<void>;
};

/** Exponential backoff after `attempts` failures: base, 2 × base, 4 × base, … capped at `maxMs`. */
export function exponentialBackoffMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** A failed attempt as a worker decided it: counted, its error, when to try next, or give up. */
export type FailedAttempt = {
  attempts: number;
  lastError: string;
  nextAttemptAt: Date;
  giveUp: boolean;
};

/**
 * The retry state of an outbox row (db/schema/columns.ts `retryState`, with its status) after a
 * failed attempt: pending again, or failed for good; the error is kept to 1,000 characters.
 */
export function retryStateAfter(failure: FailedAttempt) {
  return {
    attempts: failure.attempts,
    lastError: failure.lastError.slice(0, 1000),
    nextAttemptAt: failure.nextAttemptAt,
    status: failure.giveUp ? ('failed' as const) : ('pending' as const),
  };
}

/**
 * Runs `runBatch` every `intervalMs` (and on `runOnce` and `wake`). The batch answers counts (sent,
 * retried, …); a batch that handled nothing is not logged. With `drainBatchSize`, batches run back
 * to back while one handles that many rows, so a backlog drains without waiting for the timer.
 */
export function startOutboxLoop(options: {
  name: string;
  log: OutboxLog;
  intervalMs: number;
  runBatch: () => Promise<Record<string, number>>;
  drainBatchSize?: number;
}): OutboxLoop {
  let running: Promise<void> | null = null;
  let stopped = false;
  let woken = false;
  const runOnce = async () => {
    if (running || stopped) return running ?? undefined;
    running = (async () => {
      try {
        for (;;) {
          const r = await options.runBatch();
          const handled = Object.values(r).reduce((a, b) => a + b, 0);
          if (handled) options.log.info(r, `${options.name} outbox processed`);
          const full = !!options.drainBatchSize && handled >= options.drainBatchSize;
          if (stopped || !(full || woken)) break;
          woken = false;
        }
      } catch (error) {
        options.log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          `${options.name} worker run failed`,
        );
      } finally {
        running = null;
        woken = false;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.intervalMs);
  timer.unref();
  return {
    runOnce,
    wake: () => {
      if (running) woken = true;
      else void runOnce();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
