import type { FastifyInstance } from 'fastify';

/**
 * The steps of a graceful stop (docs/deploy.md "Rolling restart"), apart from the signal handling
 * so a test can drive them:
 * 1. not ready at once: /api/health/ready answers 503 and every answer says `Connection: close`,
 *    so a balancer (or nginx, through its failed tries) moves traffic away and drops its keep-alive
 *    connections to this process — while the process still serves whatever reaches it;
 * 2. after `delay` (SHUTDOWN_DELAY_MS), `beforeClose` (the workers stop taking work), then the
 *    listener closes: new connections are refused, which nginx passes to the other process;
 * 3. the requests in flight finish (Fastify's close waits for them), bounded by `deadline`
 *    (SHUTDOWN_TIMEOUT_MS): 'timed out' then, and the caller exits non-zero;
 * 4. `afterClose` (the database pool and the LISTEN connection).
 */
export async function drainAndClose(
  app: FastifyInstance,
  steps: {
    delay: () => Promise<void>;
    deadline: () => Promise<void>;
    beforeClose: () => Promise<void>;
    afterClose: () => Promise<void>;
  },
): Promise<'closed' | 'timed out'> {
  app.draining = true;
  await steps.delay();
  await steps.beforeClose();
  const closed = app.close().then(() => 'closed' as const);
  const outcome = await Promise.race([closed, steps.deadline().then(() => 'timed out' as const)]);
  if (outcome === 'closed') await steps.afterClose();
  return outcome;
}
