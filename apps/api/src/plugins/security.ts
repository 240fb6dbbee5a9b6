import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every response: a Content-Security-Policy with no inline script,
 * frame-ancestors 'none', nosniff, a strict referrer policy, HSTS in production.
 * NOTE: helmet's middleware is built once here; @fastify/helmet built it again on every request
 * (parsing the policy each time), a few per cent of a cached catalogue answer's CPU. Its headers
 * depend on no request, so helmet runs once at start and every response gets the recorded list:
 * its chain of thirteen middlewares per request was about 2 % of an add to cart's CPU.
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
    const setSecurityHeaders = helmet({
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
    const headers = headersSetBy(setSecurityHeaders);
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every response carries; an answer made before the hooks (errors.ts) sets them. */
    securityHeaders: ReadonlyArray<[string, string]>;
  }
}

type Middleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** The headers a request-independent middleware sets, in its order (what it removes is not kept). */
function headersSetBy(middleware: Middleware): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string) {
      headers.push([name, value]);
    },
    removeHeader() {},
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
