import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { committedMigrationCount } from '../../db/client';
import { searchIndexReadiness } from '../search';

const LivenessResponse = z.object({
  status: z.literal(true),
  database: z.enum(['pglite', 'postgres']),
});

const ReadinessCheck = z.object({ ok: z.boolean(), detail: z.string().optional() });
const ReadinessResponse = z.object({
  status: z.boolean(),
  checks: z.object({
    accepting: ReadinessCheck,
    changeFeed: ReadinessCheck,
    database: ReadinessCheck,
    migrations: ReadinessCheck,
    /**
     * Not ready while the first search index since start builds (at most 90 s); ready, "degraded",
     * when searches rank in PostgreSQL instead (over its memory budget, a failed build, a rebuild).
     */
    searchIndex: ReadinessCheck,
    /** Informational: a store without SMTP still serves (mails wait in the outbox). */
    mail: ReadinessCheck,
  }),
});

/**
 * Liveness and readiness are separate answers (docs/deploy.md "Observe"): `/api/health` says the
 * process is up and serving (a load balancer or orchestrator restarts it when this fails);
 * `/api/health/ready` says it can do useful work now — the database answers and has every
 * committed migration, the change feed is followed, the search index's first build is over, and it
 * is not shutting down — and answers 503 otherwise, so a balancer
 * sends traffic elsewhere. Its `mail` check tells operators whether mail is sent at all; it does not
 * decide readiness.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['platform'], response: { 200: LivenessResponse } } },
    async () => ({ status: true as const, database: app.dbHandle.kind }),
  );

  const expectedMigrations = committedMigrationCount();
  app.get(
    '/api/health/ready',
    {
      schema: { tags: ['platform'], response: { 200: ReadinessResponse, 503: ReadinessResponse } },
    },
    async (_request, reply) => {
      const checks = {
        accepting: app.draining
          ? { ok: false, detail: 'Shutting down: finishing requests in flight' }
          : { ok: true },
        // Caches are bypassed while the feed is down, so the process stays correct; still, it is
        // slower and the balancer should prefer a process that follows the feed.
        changeFeed: app.changeFeed.isLive()
          ? { ok: true }
          : { ok: false, detail: 'Reconnecting to the PostgreSQL change feed' },
        database: { ok: false } as z.infer<typeof ReadinessCheck>,
        migrations: { ok: false } as z.infer<typeof ReadinessCheck>,
        searchIndex: searchIndexReadiness(app),
        // NOTE: says only whether SMTP_URL is set, never its host or user (the answer is public).
        mail: app.config.smtpUrl
          ? { ok: true }
          : { ok: false, detail: 'not configured: mails wait in the outbox (SMTP_URL unset)' },
      };
      try {
        const result = (await app.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { n: number }[] };
        checks.database = { ok: true };
        const applied = result.rows[0]?.n ?? 0;
        checks.migrations =
          applied >= expectedMigrations
            ? { ok: true }
            : { ok: false, detail: `${applied} of ${expectedMigrations} migrations applied` };
      } catch {
        checks.database = { ok: false, detail: 'The database is not answering' };
      }
      // Mail does not decide readiness: without it the store still takes orders.
      const { mail: _mail, ...required } = checks;
      const ready = Object.values(required).every((c) => c.ok);
      reply.header('cache-control', 'no-store');
      return reply.status(ready ? 200 : 503).send({ status: ready, checks });
    },
  );
};
