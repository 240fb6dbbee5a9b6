import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRoute, matchedPath } from '../lib/matched-route';

/** How long a shared cache may keep a guest's catalogue answer (prices never appear in it). */
export const GUEST_CATALOGUE_MAX_AGE_SECONDS = 60;

/**
 * The GET routes whose guest answer is the same for every guest of a country (the country comes
 * from a cookie, hence `Vary: Cookie`): catalogue, search and public content. Any other guest
 * answer, and every answer for a signed-in caller, is not stored.
 */
export const GUEST_PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  '/api/categories',
  '/api/cadProducts',
  '/api/usProducts',
  '/api/classCode',
  '/api/displayProducts',
  '/api/productDescription',
  '/api/class_codes',
  '/api/best/sellers',
  '/api/displayCategories',
  '/api/filter-options-by-category',
  '/api/brands-by-category',
  '/api/product_group/:id',
  '/api/search',
  '/api/search/suggest',
  '/api/crousalImages',
  '/api/newsletterImages',
  '/api/catalogues',
  '/api/patterns',
  '/api/faqs',
  '/api/support',
  '/api/client-config',
  // The store's name, logo and contacts: the same for everyone (at most a minute late after a save).
  '/api/store-identity',
]);

export const PRIVATE = 'private, no-store';
export const NO_STORE = 'no-store';
export const GUEST_PUBLIC = `public, max-age=${GUEST_CATALOGUE_MAX_AGE_SECONDS}`;

export type CacheInput = {
  method: string;
  /** The matched route pattern (`/api/product_group/:id`). */
  route: string;
  status: number;
  /** A session or an integration token authenticated the call. */
  authenticated: boolean;
  /** The answer sets a cookie (a session, the XSRF token): never shareable. */
  setsCookie: boolean;
};

/**
 * The Cache-Control of an /api answer. Signed-in answers carry prices, carts, orders and names,
 * so no cache may keep them; staff answers likewise; only a successful guest read of the public
 * catalogue may sit in a shared cache, briefly.
 */
export function cacheControlFor(input: CacheInput): string {
  if (input.authenticated) return PRIVATE;
  if (input.route.startsWith('/api/admin/')) return NO_STORE;
  const read = input.method === 'GET' || input.method === 'HEAD';
  const ok = input.status >= 200 && input.status < 300;
  if (read && ok && !input.setsCookie && GUEST_PUBLIC_ROUTES.has(input.route)) return GUEST_PUBLIC;
  return NO_STORE;
}

/** What an /api answer varies on: who calls (the session cookie or the bearer token). */
const VARY_NAMES = ['Cookie', 'Authorization'].map((name) => ({
  name,
  pattern: new RegExp(`\\b${name}\\b`, 'i'),
}));
const VARY_BY_CALLER = VARY_NAMES.map((n) => n.name).join(', ');

/**
 * Sets Cache-Control and Vary on every /api answer in one place, after the handler, on the route
 * that matched and the session it ran with (a route's own header is overridden).
 */
export const cachePolicyPlugin = fp(async (app: FastifyInstance) => {
  // Takes `done` rather than being async: it runs on every request (see plugins/observability.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isApiRoute(request)) return done(null, payload);
    reply.header(
      'cache-control',
      cacheControlFor({
        method: request.method,
        route: matchedPath(request),
        status: reply.statusCode,
        authenticated: request.user !== null || request.integration !== null,
        setsCookie: reply.hasHeader('set-cookie'),
      }),
    );
    const vary = reply.getHeader('vary');
    if (vary === undefined) reply.header('vary', VARY_BY_CALLER);
    else {
      const given = String(vary);
      const missing = VARY_NAMES.filter((name) => !name.pattern.test(given)).map((n) => n.name);
      if (missing.length) reply.header('vary', [given, ...missing].filter(Boolean).join(', '));
    }
    done(null, payload);
  });
});
