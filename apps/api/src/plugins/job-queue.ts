import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { createJobQueue, type JobQueue } from '../lib/job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's pg-boss (lib/job-queue.ts): the mail, webhook and import workers take jobs from it. */
    jobQueue: JobQueue;
  }
}

/**
 * The app's job queue. With `supervise` (the API server) it starts with the app, so pg-boss's
 * supervisor retries the jobs of a process that died even before a worker asks for one; otherwise
 * (tests) on first use. Closing the app stops it, after the workers' own onClose hooks (registered
 * later, run first) and before the database closes.
 */
export const jobQueuePlugin = fp(
  async (app: FastifyInstance, opts: { db: Database; supervise: boolean }) => {
    const queue = createJobQueue(opts.db, { supervise: opts.supervise });
    app.decorate('jobQueue', queue);
    if (opts.supervise)
      app.addHook('onReady', async () => {
        await queue.boss();
      });
    app.addHook('onClose', async () => {
      await queue.stop();
    });
  },
);
