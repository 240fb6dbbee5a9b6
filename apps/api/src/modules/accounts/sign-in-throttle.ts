/**
 * The sign-in throttle policy (docs/decisions/015-sign-in-throttle.md), as pure numbers: the
 * queries claim attempts with them in one statement.
 */

/** Failures of one account (or one known device) that cost nothing: typos. */
export const FREE_FAILURES = 5;
/** Longest wait between two attempts on one account. */
export const MAX_DELAY_SECONDS = 15 * 60;
/** An account's failure count starts again after this long without an attempt. */
export const ACCOUNT_MEMORY_SECONDS = 24 * 60 * 60;
/** Failed attempts one IP address may make per window, over all accounts (a whole office). */
export const IP_CEILING = 100;
export const IP_WINDOW_SECONDS = 15 * 60;

/**
 * Seconds to wait after the `failures`-th failure before the next attempt is evaluated: none for
 * the first FREE_FAILURES - 1, then 2, 4, 8 … seconds, capped at MAX_DELAY_SECONDS.
 */
export function delayAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES + 1), MAX_DELAY_SECONDS);
}

/** The throttle keys of an attempt: the account and the address, or the known device alone. */
export function throttleKeys(attempt: { email: string; ip: string; deviceHash: string | null }): {
  account: string;
  ip: string | null;
} {
  if (attempt.deviceHash) return { account: `device:${attempt.deviceHash}`, ip: null };
  return { account: `email:${attempt.email.trim().toLowerCase()}`, ip: `ip:${attempt.ip}` };
}
