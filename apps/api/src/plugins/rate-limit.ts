import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRoute, matchedPath } from '../lib/matched-route';

/**
 * The general rate limit on /api (docs/product/operations.md): `max` requests per minute per client IP, counted in
 * process memory (each API process counts its own; the login throttle, which must hold across
 * processes, lives in the database). Static files and the SPA are not limited.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { max: number }) => {
  await app.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: 60_000,
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
