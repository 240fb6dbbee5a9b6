/**
 * What both outbox workers (mail, webhooks) share: their retry policy's backoff and the retry
 * state a failed attempt leaves on the row. Claiming, scheduling and crash recovery are the job
 * queue's (lib/job-queue.ts, pg-boss).
 */

export type OutboxLog = {
  info: (o: object | string, m?: string) => void;
  warn: (o: object | string, m?: string) => void;
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
