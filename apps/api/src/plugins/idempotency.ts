import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_RETENTION_HOURS,
  IDEMPOTENT_REPLAY_HEADER,
  IdempotencyKey,
  idempotencyOutcome,
} from '@wholesale/contract';
import type { Tx } from '../db/client';
import { executeNamed } from '../db/prepared';
import { AppError, fieldError, reasonError } from '../lib/app-error';

/**
 * How a route uses the Idempotency-Key header (route option `config.idempotency`):
 * - 'store': the first request under a key stores its answer; a repeat gets that answer back and
 *   writes nothing; a repeat while the first still runs gets 409 (cart, favourites, opticon);
 * - 'verify': the route answers repeats itself, inside its own transaction (placing an order claims
 *   the key on the order row and waits for a concurrent twin): here only a key reused for another
 *   request is refused.
 */
type IdempotencyMode = 'store' | 'verify';

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: IdempotencyMode;
  }
  interface FastifyRequest {
    /** The key this request claimed, whose answer is stored when it is sent. */
    idempotencyClaim: { userId: number; key: string } | null;
  }
}

/** The key fields of a claim; rows of other users are never read. */
type Claim = { userId: number; key: string };

/** Some expired keys go with each claim, so the table holds about a retention period of writes. */
const EXPIRED_PER_CLAIM = 10;

/**
 * Claims `key` for this request: true when it is new (or its earlier use expired). One statement:
 * a twin sent at the same moment waits on the primary key until this insert commits, then finds
 * the key taken.
 * NOTE: the sweep is ordered by created_at so that it walks the created_at index from the oldest
 * key and stops at the first one still kept. Unordered, a table without fresh statistics (the bench
 * database: autovacuum off) was read whole on every claim (11,471 keys: 240 buffers, 0.5 to 4.6 ms
 * of PostgreSQL per order; ordered: 2 buffers, 0.05 ms).
 * NOTE: the claim commits without waiting for its WAL flush (synchronous_commit off, this statement
 * only): the write it guards commits after it, and WAL is flushed in order, so a write that
 * survives a crash has its claim with it; a claim lost with its write lets the retry in as new,
 * as it should. A keyed order waited for two flushes, the claim's and its own.
 */
async function claimKey(db: Tx, claim: Claim, requestHash: string): Promise<boolean> {
  const { rows } = await executeNamed<{ claimed: number }>(
    db,
    sql`
    with durability as materialized (
      select set_config('synchronous_commit', 'off', true)
    ), expired as (
      delete from idempotency_keys where ctid in (
        select ctid from idempotency_keys
        where created_at < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})
          and not (user_id = ${claim.userId} and key = ${claim.key})
        order by created_at
        limit ${EXPIRED_PER_CLAIM} for update skip locked))
    insert into idempotency_keys (user_id, key, request_hash)
    select ${claim.userId}, ${claim.key}, ${requestHash} from durability
    on conflict (user_id, key) do update
      set request_hash = excluded.request_hash, status_code = null, content_type = null,
          body = null, created_at = now()
      where idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})
    returning 1 as claimed`,
  );
  return rows.length > 0;
}

async function readKey(db: Tx, claim: Claim) {
  const { rows } = await executeNamed<{
    requestHash: string;
    statusCode: number | null;
    contentType: string | null;
    body: string | null;
  }>(
    db,
    sql`select request_hash as "requestHash", status_code as "statusCode",
               content_type as "contentType", body
        from idempotency_keys where user_id = ${claim.userId} and key = ${claim.key}`,
  );
  return rows[0];
}

async function storeAnswer(
  db: Tx,
  claim: Claim,
  answer: { statusCode: number; contentType: string | null; body: string | null },
): Promise<void> {
  await executeNamed(
    db,
    sql`update idempotency_keys
        set status_code = ${answer.statusCode}, content_type = ${answer.contentType}, body = ${answer.body}
        where user_id = ${claim.userId} and key = ${claim.key}`,
  );
}

/** A request that failed on our side wrote nothing (its transaction rolled back): free its key for the retry. */
async function releaseKey(db: Tx, claim: Claim): Promise<void> {
  await executeNamed(
    db,
    sql`delete from idempotency_keys where user_id = ${claim.userId} and key = ${claim.key} and status_code is null`,
  );
}

/** The request's fingerprint: the same key must come with the same route, query and body. */
export function requestFingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? request.url}\n`)
    .update(`${JSON.stringify(request.query ?? null)}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

function headerKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const parsed = IdempotencyKey.safeParse(Array.isArray(raw) ? raw.join(',') : raw);
  if (!parsed.success)
    throw fieldError({ 'Idempotency-Key': parsed.error.issues[0]?.message ?? 'Invalid' });
  return parsed.data;
}

/**
 * Idempotency keys of the buyer's writes (docs/deploy.md "Rolling restart"). A request without the
 * header is served as before. Registered before compression, so the answer stored is the JSON text.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotencyClaim', null);

  async function claimOrAnswer(request: FastifyRequest, reply: FastifyReply) {
    const mode = request.routeOptions.config.idempotency;
    const key = headerKey(request);
    const user = request.user;
    if (!mode || key === undefined || !user) return;
    const claim = { userId: user.id, key };
    const hash = requestFingerprint(request);
    if (await claimKey(app.db, claim, hash)) {
      if (mode === 'store') request.idempotencyClaim = claim;
      return;
    }
    const stored = await readKey(app.db, claim);
    // Gone between the two statements: it expired and another claim swept it; the caller retries.
    const outcome = stored ? idempotencyOutcome(stored, hash) : 'in-progress';
    if (outcome === 'mismatch')
      throw reasonError('UNPROCESSABLE', 'IDEMPOTENCY_KEY_REUSED', undefined, 'Idempotency-Key');
    if (mode === 'verify') return;
    if (outcome === 'in-progress') {
      const error = reasonError('CONFLICT', 'REQUEST_IN_PROGRESS');
      throw new AppError(error.code, error.message, {
        reason: error.reason,
        headers: { 'retry-after': '1' },
      });
    }
    reply.header(IDEMPOTENT_REPLAY_HEADER, 'true').code(stored!.statusCode!);
    if (stored!.contentType) reply.type(stored!.contentType);
    return reply.send(stored!.body ?? undefined);
  }

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotency) return;
    route.preHandler = [route.preHandler ?? []].flat().concat(claimOrAnswer);
  });

  // NOTE: `done`, not async: this hook runs on every request (decision 025).
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (!claim) return done(null, payload);
    request.idempotencyClaim = null;
    const work =
      reply.statusCode >= 500
        ? releaseKey(app.db, claim)
        : storeAnswer(app.db, claim, {
            statusCode: reply.statusCode,
            contentType: (reply.getHeader('content-type') as string | undefined) ?? null,
            body:
              typeof payload === 'string'
                ? payload
                : Buffer.isBuffer(payload)
                  ? payload.toString('utf8')
                  : null,
          });
    // The answer leaves once stored: a retry sent after it arrived always finds it.
    work.then(
      () => done(null, payload),
      (err: unknown) => {
        request.log.error({ err }, 'could not store the answer of an idempotent request');
        done(null, payload);
      },
    );
  });
});
