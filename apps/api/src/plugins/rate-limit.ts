import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { isApiRoute, matchedPath } from '../lib/matched-route';

export type RateLimitOptions = {
  max: number;
  /** Shared counter store: every process pointed at the same Redis counts together. */
  redisUrl?: string;
};

/**
 * The general rate limit on /api (docs/product/operations.md): `max` requests per minute per client
 * address (`request.ip`, so X-Forwarded-For counts only from TRUST_PROXY's proxies).
 * With REDIS_URL the count lives in Redis, so N processes together allow `max`, not N × `max`
 * (docs/scaling.md "Rate limit"); without it each process counts in its own memory, which is exact
 * for one process. The sign-in and application throttles live in PostgreSQL either way.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: RateLimitOptions) => {
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, {
        // NOTE: fail fast while Redis is away instead of queueing every request's count behind a
        // reconnect; with skipOnError the request then goes through uncounted (logged below).
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        lazyConnect: true,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) =>
      app.log.warn({ err: error }, 'rate limit store (Redis) unavailable'),
    );
    // Connected before the first request is counted; a Redis that is down at start is reported,
    // and the process still starts (it retries in the background).
    await redis.connect().catch(() => {});
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'wholesale-rate-limit-', skipOnError: true } : {}),
    // NOTE: request.ip is undefined once the client has gone away; the plugin's default key
    // generator then throws inside its hook, so fall back to the socket or a fixed key.
    keyGenerator: (request) => request.ip ?? request.socket?.remoteAddress ?? 'unknown',
    // Decided on the matched route, so `/%61pi/login` counts like `/api/login`.
    allowList: (request) => !isApiRoute(request) || matchedPath(request).startsWith('/api/health'),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
    addHeaders: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
      'retry-after': true,
    },
  });
});
