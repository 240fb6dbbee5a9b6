import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/app-error';
import type { CacheStats } from './change-feed';
import { searchIndexBytes, searchIndexProducts } from '../modules/search';
import { isDirectLocalCaller } from './dev-access';

export const REQUEST_ID_HEADER = 'x-request-id';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: readiness answers 503 and every answer closes its connection. */
    draining: boolean;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read `/metrics` (docs/deploy.md "Observe"). With METRICS_TOKEN: only a scraper presenting
 * it (compared in constant time). Without: nobody in production, and elsewhere a caller on this
 * machine that came through no proxy. Never "any loopback socket": nginx on the same host is one.
 */
export function mayScrape(
  request: FastifyRequest,
  rule: { token?: string; production: boolean },
): boolean {
  if (rule.token) {
    // Digests have one length, so timingSafeEqual compares without revealing the token's length.
    const presented = digest(request.headers.authorization ?? '');
    return timingSafeEqual(presented, digest(`Bearer ${rule.token}`));
  }
  return !rule.production && isDirectLocalCaller(request);
}

/**
 * Operations surface of one API process (docs/deploy.md "Observe"): Prometheus metrics at
 * `/metrics`, the request id returned in `X-Request-Id` on every answer (the same id is in every
 * log line of the request, so a buyer's report can be found in the logs).
 */
export const observabilityPlugin = fp(
  async (app: FastifyInstance, opts: { metricsToken?: string; production: boolean }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });

    const pool = (app.db as unknown as { $client?: unknown }).$client;
    if (pool instanceof pg.Pool) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Database pool connections by state (total, idle, in_use, waiting requests)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }

    /** Rows of an outbox not yet done, by status (pending = backlog, failed = given up). */
    const backlogGauge = (name: string, help: string, table: string, doneStatus: string) =>
      new Gauge({
        name,
        help,
        labelNames: ['status'] as const,
        registers: [registry],
        async collect() {
          const rows = (await app.db.execute(
            sql`select status, count(*)::int as n from ${sql.identifier(table)} where status <> ${doneStatus} group by status`,
          )) as unknown as { rows: { status: string; n: number }[] };
          this.reset();
          this.set({ status: 'pending' }, 0);
          this.set({ status: 'failed' }, 0);
          for (const row of rows.rows) this.set({ status: row.status }, row.n);
        },
      });
    backlogGauge('mail_outbox_messages', 'Mails in the outbox by status', 'mail_outbox', 'sent');
    backlogGauge(
      'webhook_deliveries',
      'Webhook deliveries not yet delivered, by status',
      'webhook_deliveries',
      'delivered',
    );

    const replica = app.dbHandle.replica;
    if (replica) {
      new Gauge({
        name: 'db_read_replica_in_use',
        help: '1 while catalogue reads go to the read replica, 0 while they wait on the primary',
        registers: [registry],
        collect() {
          this.set(replica.router.state().inUse ? 1 : 0);
        },
      });
      new Gauge({
        name: 'db_read_replica_behind_bytes',
        help: 'WAL the read replica still has to replay before catalogue reads may use it again',
        registers: [registry],
        collect() {
          this.set(replica.router.state().behindBytes);
        },
      });
      new Gauge({
        name: 'db_read_replica_queries',
        help: 'Catalogue and search queries answered by the read replica, since start',
        registers: [registry],
        collect() {
          this.set(replica.replicaReads());
        },
      });
    }

    new Gauge({
      name: 'change_feed_live',
      help: '1 while the PostgreSQL change feed is followed (caches trusted), 0 while reconnecting',
      registers: [registry],
      collect() {
        this.set(app.changeFeed.isLive() ? 1 : 0);
      },
    });

    new Gauge({
      name: 'search_index_products',
      help: 'Products in the in-process search index; 0 while it builds (searches rank in PostgreSQL)',
      registers: [registry],
      collect() {
        this.set(searchIndexProducts(app));
      },
    });

    new Gauge({
      name: 'search_index_bytes',
      help: 'Bytes the in-process search index holds (its budget: SEARCH_INDEX_MEMORY_MB); 0 without one',
      registers: [registry],
      collect() {
        this.set(searchIndexBytes(app));
      },
    });

    const cacheGauge = (name: string, help: string, pick: (s: CacheStats) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['cache'] as const,
        registers: [registry],
        collect() {
          for (const [cache, stats] of Object.entries(app.caches.stats()))
            this.set({ cache }, pick(stats));
        },
      });
    cacheGauge('cache_hits', 'Lookups answered from a process cache, since start', (s) => s.hits);
    cacheGauge('cache_misses', 'Lookups a process cache had to load, since start', (s) => s.misses);
    cacheGauge('cache_hit_ratio', 'hits / (hits + misses) since start', (s) =>
      s.hits + s.misses === 0 ? 0 : s.hits / (s.hits + s.misses),
    );
    cacheGauge('cache_entries', 'Entries held by a process cache', (s) => s.size);

    app.decorate('draining', false);
    // NOTE: hooks of every request take `done` instead of being async: an async hook costs a promise
    // and a turn of the microtask queue per request (decision 025, 2026-11-26 update).
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      // A client keeping its connection alive would send its next request to a closing process.
      if (app.draining) reply.header('connection', 'close');
      done(null, payload);
    });

    app.addHook('onResponse', (request, reply, done) => {
      // The route pattern, never the raw URL: ids and search texts must not become label values.
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== '/metrics') {
        const labels = { route, method: request.method, status: String(reply.statusCode) };
        requests.inc(labels);
        duration.observe(labels, reply.elapsedTime / 1000);
      }
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Whoever may not scrape gets the answer of a path that does not exist: the network learns
      // nothing, whatever spelling of the path (/METRICS, /metrics/, %-escapes) a proxy let through.
      if (!mayScrape(request, { token: opts.metricsToken, production: opts.production }))
        throw new AppError('ROUTE_NOT_FOUND', `No such path: GET ${request.url.split('?')[0]}`);
      reply.header('content-type', registry.contentType);
      reply.header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
);
