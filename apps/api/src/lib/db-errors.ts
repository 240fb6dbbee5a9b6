/**
 * Errors that mean "the database connection went away" rather than "this request is wrong": the
 * server ended it (restart, failover, `pg_terminate_backend`), the network dropped it, or no new one
 * could be opened. The request is answered 503 with a retry hint; the pool drops the broken client and
 * opens a fresh one for the next request, so the server recovers by itself (docs/product/operations.md).
 */

/** SQLSTATEs of a lost or refused connection: class 08 (connection exception) and the 57P0x shutdowns. */
const LOST_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of Node under a database driver. */
const LOST_SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** Messages node-postgres and pg-pool use for a connection that ended or cannot be had. */
const LOST_MESSAGE =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly/i;

/** True when `error` (or an error it wraps, such as a Drizzle query error) is a lost connection. */
export function isConnectionLoss(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string') {
      if (LOST_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || LOST_SOCKET_CODES.has(code))
        return true;
    }
    if (typeof message === 'string' && LOST_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

/** Seconds a client should wait before retrying after a lost connection. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

const PG_UNIQUE_VIOLATION = '23505';

/** True when `error` (or an error it wraps, such as a Drizzle query error) has SQLSTATE `code`. */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** True when `error` (or an error it wraps) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, PG_UNIQUE_VIOLATION);
}
