import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';

const HealthResponse = z.object({
  status: z.literal(true),
  database: z.enum(['pglite', 'postgres']),
});

/** GET /api/health: answers only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['platform'], response: { 200: HealthResponse } } },
    async () => {
      try {
        await app.db.execute(sql`select 1`);
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not answering');
      }
      return { status: true as const, database: app.dbHandle.kind };
    },
  );
};
