import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every response: a Content-Security-Policy with no inline script,
 * frame-ancestors 'none', nosniff, a strict referrer policy, HSTS in production.
 */
export const securityPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { production: boolean; thirdPartyScripts?: (string | undefined)[] },
  ) => {
    // The configured chat widget and analytics scripts (none by default) may load and talk home.
    const origins = [
      ...new Set(
        (opts.thirdPartyScripts ?? [])
          .filter((u): u is string => !!u)
          .map((u) => new URL(u).origin),
      ),
    ];
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...origins],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...origins],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...origins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          frameSrc: ["'self'", ...origins],
          upgradeInsecureRequests: opts.production ? [] : null,
        },
      },
      hsts: opts.production ? { maxAge: 31536000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
  },
);
