import { z } from 'zod';

/**
 * Idempotency keys on the buyer's writes (docs/deploy.md "Rolling restart"): the web sends one
 * `Idempotency-Key` per logical action, so a retry — by the browser, or by nginx passing a request
 * a closing process never answered to the other one — is answered from the first attempt instead
 * of adding to the cart twice.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Header replayed answers carry, so a client (and a test) can tell a replay from a first run. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

/** How long a key and its answer are kept: a retry comes within seconds; a day is plenty. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

/** The header's value: any visible text up to 200 characters (a UUID in practice). */
export const IdempotencyKey = z
  .string()
  .trim()
  .min(1, { message: 'Idempotency-Key must not be empty' })
  .max(200, { message: 'Idempotency-Key is too long' })
  .regex(/^[\x21-\x7e]+$/, { message: 'Idempotency-Key must be printable ASCII without spaces' });

/** What the store holds for a key already taken: the request's fingerprint and, once done, its answer. */
export type IdempotencyRecord = {
  requestHash: string;
  statusCode: number | null;
};

/**
 * What to do with a request whose key is already taken:
 * - `mismatch`: the key was used for a different request (another body or route) → 422;
 * - `replay`: the first request finished → answer what it answered, write nothing;
 * - `in-progress`: the first request is still running → 409, retry later.
 */
export function idempotencyOutcome(
  stored: IdempotencyRecord,
  requestHash: string,
): 'mismatch' | 'replay' | 'in-progress' {
  if (stored.requestHash !== requestHash) return 'mismatch';
  return stored.statusCode === null ? 'in-progress' : 'replay';
}
