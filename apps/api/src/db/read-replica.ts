import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type pg from 'pg';

/*
 * Read scaling with a PostgreSQL streaming replica (DATABASE_READ_URL, docs/scaling.md "Read
 * replicas"). Only code running inside `onReadReplica` may be answered by the replica: the
 * catalogue and search GET routes. Everything else (sessions, carts, orders, favourites, anything
 * read after its own write) stays on the primary.
 *
 * The catch is freshness. The process caches catalogue answers and drops them when the primary's
 * change feed says something changed; if the reload that follows were answered by a replica that
 * has not replayed the change yet, the stale answer would be cached until the next change. So every
 * notification raises a fence: the primary's WAL position at the moment it arrived. Until the replica
 * has replayed past the fence (polled every few milliseconds while it is behind) reads go to the
 * primary. They also go to the primary while the change feed is down (notifications may be lost)
 * and while the replica does not answer.
 */

const replicaScope = new AsyncLocalStorage<true>();

/** Runs `fn` in a scope whose plain queries may be answered by the read replica. */
export function onReadReplica<T>(fn: () => T): T {
  return replicaScope.run(true, fn);
}

/**
 * A route-scope `preHandler` hook: GET and HEAD handlers of the plugin that adds it read from the
 * replica. Callback style, so the handler runs inside the scope (an async hook would leave it).
 */
export function readFromReplicaHook(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (request.method === 'GET' || request.method === 'HEAD') onReadReplica(() => done());
  else done();
}

/** '16/B374D848' → a comparable number; null (not a standby) stays null. */
export function parseLsn(lsn: string | null): bigint | null {
  if (lsn === null) return null;
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export type ReplicaState = {
  /** Whether plain reads in a replica scope go to the replica now. */
  inUse: boolean;
  feedLive: boolean;
  healthy: boolean;
  /** Bytes of WAL the replica still has to replay to pass the fence (0 when caught up). */
  behindBytes: number;
};

export type ReplicaRouter = {
  /** Whether a read in a replica scope may go to the replica at this moment. */
  usable(): boolean;
  /** A change was committed on the primary: reads wait for the replica to replay it. */
  fence(): void;
  /** The change feed went live (raises a fence: changes may have been missed) or broke. */
  setFeedLive(live: boolean): void;
  state(): ReplicaState;
  close(): void;
};

type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/**
 * The routing decision, apart from any driver: `primaryLsn` reads the primary's current WAL
 * position, `replicaLsn` the replica's replay position (null when the server is not a standby,
 * which is then always current).
 */
export function createReplicaRouter(options: {
  primaryLsn: () => Promise<string>;
  replicaLsn: () => Promise<string | null>;
  /** How often a replica that is behind is asked again. */
  pollMs?: number;
  /** How long to wait after a failed check before the next one. */
  retryMs?: number;
  onError?: (error: Error) => void;
  timers?: Timers;
}): ReplicaRouter {
  const pollMs = options.pollMs ?? 5;
  const retryMs = options.retryMs ?? 1000;
  const timers: Timers = options.timers ?? {
    setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
    clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  };
  let feedLive = false;
  let healthy = true;
  let fenceLsn = 0n;
  let replayedLsn = 0n;
  let fencesAsked = 0;
  let fencesSettled = 0;
  let polling = false;
  let closed = false;
  const pending = new Set<unknown>();

  const later = (fn: () => void, ms: number) => {
    const handle = timers.setTimeout(() => {
      pending.delete(handle);
      fn();
    }, ms);
    pending.add(handle);
  };
  const failed = (error: unknown) => {
    if (healthy) options.onError?.(error as Error);
    healthy = false;
  };

  const poll = () => {
    if (closed || polling) return;
    polling = true;
    options
      .replicaLsn()
      .then((lsn) => {
        healthy = true;
        const replayed = parseLsn(lsn);
        // Not a standby: whatever it answers is current.
        replayedLsn = replayed ?? fenceLsn;
      })
      .catch(failed)
      .finally(() => {
        polling = false;
        if (closed) return;
        if (!healthy) later(poll, retryMs);
        else if (replayedLsn < fenceLsn) later(poll, pollMs);
      });
  };

  const askFence = () => {
    const asked = ++fencesAsked;
    options
      .primaryLsn()
      .then((lsn) => {
        const position = parseLsn(lsn) as bigint;
        if (position > fenceLsn) fenceLsn = position;
        // A fence asked for later settles the reads; this one no longer does.
        if (asked === fencesAsked) fencesSettled = asked;
        poll();
      })
      .catch((error: unknown) => {
        options.onError?.(error as Error);
        if (!closed && asked === fencesAsked) later(askFence, retryMs);
      });
  };

  const usable = () =>
    !closed && feedLive && healthy && fencesSettled === fencesAsked && replayedLsn >= fenceLsn;
  return {
    usable,
    fence: askFence,
    setFeedLive(live) {
      feedLive = live;
      if (live) askFence();
    },
    state: () => ({
      inUse: usable(),
      feedLive,
      healthy,
      behindBytes: Number(fenceLsn > replayedLsn ? fenceLsn - replayedLsn : 0n),
    }),
    close() {
      closed = true;
      for (const handle of pending) timers.clearTimeout(handle);
      pending.clear();
    },
  };
}

/**
 * Sends the primary pool's plain queries made in a replica scope to `replica` while the router
 * allows it. Transactions (`pool.connect()`) always stay on the primary.
 */
export function routeReadsToReplica(primary: pg.Pool, replica: pg.Pool, router: ReplicaRouter) {
  const primaryQuery = primary.query.bind(primary) as (...args: unknown[]) => unknown;
  const replicaQuery = replica.query.bind(replica) as (...args: unknown[]) => unknown;
  let replicaReads = 0;
  primary.query = ((...args: unknown[]) => {
    if (replicaScope.getStore() && router.usable()) {
      replicaReads++;
      return replicaQuery(...args);
    }
    return primaryQuery(...args);
  }) as typeof primary.query;
  return { replicaReads: () => replicaReads };
}
