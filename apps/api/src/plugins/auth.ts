import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  dataResponse,
  ErrorBody,
  hasStaffRole,
  type IntegrationScope,
  type StaffMemberIdParams,
  type StaffRole,
} from '@wholesale/contract';
import { AppError } from '../lib/app-error';
import { isApiRoute, matchedPath } from '../lib/matched-route';
import {
  isIntegrationSecret,
  resolveIntegrationToken,
  type IntegrationPrincipal,
} from '../modules/integrations';
import {
  assertOwnUserId,
  createSessionCache,
  resolveSession,
  SESSION_ABSOLUTE_MS,
  type SessionCache,
  type SessionUser,
} from '../modules/accounts';
import { answerData } from '../lib/answer';

// Routes check a user_id parameter through the same plugin that gives them the session user.
export { assertOwnUserId };

export const SESSION_COOKIE = 'sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** Known-device cookie (decision 015): a device that signed in before skips its account's wait. */
export const DEVICE_COOKIE = 'kd';
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Calls a guest makes: they are not cookie-authenticated by nature, so the double-submit check
 * does not apply even when a stale or live session cookie rides along.
 */
export const CSRF_EXEMPT_PATHS: ReadonlySet<string> = new Set([
  '/api/login',
  '/api/forgot-password',
  '/api/reset-password',
  '/api/store/user',
]);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * CSRF double-submit (docs/decisions/005-cookie-plus-bearer-sessions.md): a cookie-authenticated POST/PUT/PATCH/DELETE under /api
 * must carry X-XSRF-TOKEN equal to its session's csrf token (the readable XSRF-TOKEN cookie set at
 * login). A foreign site can make the browser send the cookie but cannot read it to send the header.
 * Bearer calls are exempt: a browser never adds an Authorization header by itself.
 */
export function assertCsrf(request: FastifyRequest): void {
  if (request.authVia !== 'cookie' || !UNSAFE_METHODS.has(request.method)) return;
  const path = matchedPath(request).replace(/\/+$/, '');
  if (CSRF_EXEMPT_PATHS.has(path)) return;
  const header = request.headers[XSRF_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !request.sessionCsrfToken || !sameToken(value, request.sessionCsrfToken)) {
    throw new AppError('CSRF_FAILED');
  }
}

/**
 * Sets the session cookie (httpOnly, SameSite=Lax, Secure in production) and the readable
 * XSRF-TOKEN cookie the SPA copies into the X-XSRF-TOKEN header.
 */
export function setSessionCookies(
  reply: FastifyReply,
  tokens: { token: string; csrfToken: string },
  secure: boolean,
): void {
  const maxAge = Math.floor(SESSION_ABSOLUTE_MS / 1000);
  reply.setCookie(SESSION_COOKIE, tokens.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge,
  });
  reply.setCookie(XSRF_COOKIE, tokens.csrfToken, {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge,
  });
}

function setXsrfCookie(reply: FastifyReply, csrfToken: string, secure: boolean): void {
  const maxAge = Math.floor(SESSION_ABSOLUTE_MS / 1000);
  reply.setCookie(XSRF_COOKIE, csrfToken, {
    httpOnly: false,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge,
  });
}

/** Remembers this device for the sign-in throttle; sent only to the sign-in route. */
export function setDeviceCookie(reply: FastifyReply, deviceToken: string, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, deviceToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/login',
    maxAge: DEVICE_COOKIE_MAX_AGE,
  });
}

/** Removes both cookies (logout). */
export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  reply.clearCookie(XSRF_COOKIE, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session; null for guests. Never from a request parameter. */
    user: SessionUser | null;
    /** How the caller authenticated; CSRF checks apply to 'cookie' only. */
    authVia: 'cookie' | 'bearer' | null;
    sessionTokenHash: string | null;
    sessionCsrfToken: string | null;
    /** A machine calling with an integration token (never a user: `user` stays null). */
    integration: IntegrationPrincipal | null;
    /**
     * The staff member a staff route's guard let in (`staffRoute`, `staffRoutes`,
     * `staffRouteGroup`); null before the guard and on every other route. Read it with `staffOf`.
     */
    staff: SessionUser | null;
    /** Who a machine-feed route's guard (`scopedRoute`) let in; read it with `feedPrincipalOf`. */
    feedPrincipal: FeedPrincipal | null;
  }
  interface FastifyInstance {
    /** This app's resolved sessions (accounts/session.service.ts createSessionCache). */
    sessions: SessionCache;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Resolves the session of every /api request from the session cookie or a bearer token (bearer
 * wins when both are present), then applies the CSRF check to cookie-authenticated unsafe calls.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  // The app's resolved sessions, dropped by the sessions change feed (modules/accounts).
  app.decorate('sessions', createSessionCache(app));
  app.decorateRequest('user', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('sessionCsrfToken', null);
  app.decorateRequest('integration', null);
  app.decorateRequest('staff', null);
  app.decorateRequest('feedPrincipal', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const bearer = bearerToken(request);
    if (bearer && isIntegrationSecret(bearer)) {
      if (bearer.length > 200) return;
      request.integration = await resolveIntegrationToken(app.db, bearer);
      if (request.integration) request.authVia = 'bearer';
      return;
    }
    const cookie = request.cookies?.[SESSION_COOKIE];
    const token = bearer ?? cookie;
    if (!token || token.length > 200) return;
    const session = await resolveSession(app.db, app.sessions, token);
    if (!session) return;
    request.user = session.user;
    request.authVia = bearer ? 'bearer' : 'cookie';
    request.sessionTokenHash = session.tokenHash;
    request.sessionCsrfToken = session.csrfToken;
    // A browser that lost its readable XSRF-TOKEN cookie (but kept the session) gets it back on its
    // next call, so a reload mends it instead of every write answering 403.
    if (request.authVia === 'cookie' && request.cookies?.[XSRF_COOKIE] !== session.csrfToken) {
      setXsrfCookie(reply, session.csrfToken, app.config.env === 'production');
    }
    assertCsrf(request);
  });
});

/** 401 for guests; returns the signed-in user (customer or staff). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED');
  return request.user;
}

/** 401 for guests, 403 for staff-only accounts; returns the customer. */
export function requireCustomer(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'customer' && user.role !== 'staff') throw new AppError('FORBIDDEN');
  return user;
}

/**
 * requireCustomer for a call that names its user (`user_id` in the query or body, as the original
 * front end sends it): a foreign id answers 403 (assertOwnUserId).
 */
export function requireOwnCustomer(request: FastifyRequest, userId: unknown): SessionUser {
  const user = requireCustomer(request);
  assertOwnUserId(user, userId);
  return user;
}

/**
 * 401 for guests, 403 for customers and for staff holding none of `roles` (admin implies every
 * role; no `roles` means any staff member with a role). Returns the staff member.
 * docs/product/back-office-staff-and-customers.md lists who may do what.
 */
function staffWithRole(request: FastifyRequest, roles: StaffRole[]): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'staff' || !hasStaffRole(user.staffRoles, roles))
    throw new AppError('FORBIDDEN');
  return user;
}

/** The guard of a staff route: checks the roles and puts the staff member on the request. */
function checkStaff(roles: StaffRole[]) {
  return (request: FastifyRequest): void => {
    request.staff = staffWithRole(request, roles);
  };
}

/**
 * The staff member of a route guarded by `staffRoute`, `staffRoutes` or `staffRouteGroup`: the
 * guard checked the role before the input and let them in, so a handler trusts it instead of
 * checking again. On a route without a staff guard this throws (a 500, never a silent pass): the
 * route is a programming error that the staff route table test (plugins/staff-routes.test.ts)
 * reports, as it reports a route that checks nothing.
 */
export function staffOf(request: FastifyRequest): SessionUser {
  if (!request.staff)
    throw new Error(`${request.method} ${request.url} has no staff guard (staffRoute)`);
  return request.staff;
}

/** Who may call a machine-feed route: an integration token with the scope, or a staff member. */
export type FeedPrincipal =
  { kind: 'token'; token: IntegrationPrincipal } | { kind: 'staff'; user: SessionUser };

/**
 * Guard of the routes an integration token may call (docs/product/back-office-catalogue.md): a token
 * must hold `scope` (403 otherwise); without a token the caller must be staff with the matching role
 * (401 guests, 403 customers and other staff). A revoked or unknown token is no credential at all (401).
 */
export function requireScope(request: FastifyRequest, scope: IntegrationScope): FeedPrincipal {
  if (request.integration) {
    if (!request.integration.scopes.includes(scope))
      throw new AppError('FORBIDDEN', `This token does not have the scope ${scope}`);
    return { kind: 'token', token: request.integration };
  }
  return { kind: 'staff', user: staffWithRole(request, [SCOPE_STAFF_ROLE[scope]]) };
}

/**
 * The caller a `scopedRoute` guard let in (a token with the scope, or staff with its role): the
 * handler trusts it instead of checking again. Throws (a 500) on a route without that guard.
 */
export function feedPrincipalOf(request: FastifyRequest): FeedPrincipal {
  if (!request.feedPrincipal)
    throw new Error(`${request.method} ${request.url} has no scope guard (scopedRoute)`);
  return request.feedPrincipal;
}

/** The `scopedRoute` caller as the audit log names it: the staff member, or the token by its name. */
export function scopedActorOf(request: FastifyRequest): { id: number | null; email: string } {
  const principal = feedPrincipalOf(request);
  return principal.kind === 'staff'
    ? { id: principal.user.id, email: principal.user.email }
    : { id: null, email: `integration token: ${principal.token.name}` };
}

/** The staff role that may do by hand what a token scope lets a machine do. */
const SCOPE_STAFF_ROLE: Record<IntegrationScope, StaffRole> = {
  'catalogue:write': 'content',
  'orders:read': 'orders',
  'payments:write': 'credit',
  // Invoices are the credit side's: credit staff read them and may push one by hand like the ERP.
  'invoices:read': 'credit',
  'invoices:write': 'credit',
  // Price lists are the catalogue's: content staff keep them by hand.
  'prices:write': 'content',
};

/**
 * How a caller proves who they are: a bearer token (a session token or an integration token in the
 * Authorization header) or the session cookie. The onRequest hook above resolves both on every API
 * route; a guarded route may narrow them, and its OpenAPI `security` is generated from the same
 * list its guard enforces, so the document cannot say other than what the route accepts.
 */
export type Credential = 'bearer' | 'session';
const EVERY_CREDENTIAL: Credential[] = ['bearer', 'session'];

const credentialOf = (request: FastifyRequest): Credential | null =>
  request.authVia === 'cookie' ? 'session' : request.authVia === 'bearer' ? 'bearer' : null;

/**
 * A route guard and the OpenAPI security that describes it: `check` runs before the input is
 * validated (a guest learns nothing of the shape), after a credential the route does not take is
 * refused as no credential at all (401).
 */
function guard(
  check: (request: FastifyRequest) => unknown,
  credentials: Credential[] = EVERY_CREDENTIAL,
) {
  return {
    preValidation: async (request: FastifyRequest): Promise<void> => {
      const via = credentialOf(request);
      if (via && !credentials.includes(via))
        throw new AppError('UNAUTHENTICATED', `This route takes ${credentials.join(' or ')} only`);
      check(request);
    },
    security: credentials.map((c) => ({ [c]: [] as string[] })),
  };
}

/** Where a back-office route shows in the OpenAPI document, and which credentials it takes. */
type RouteReach = { tag?: string; credentials?: Credential[] };

/**
 * The options of a back-office route: its role check (`staffWithRole`, with the credentials of
 * `reach.credentials`, both by default; the member it lets in is then `staffOf(request)`) and its schema in the OpenAPI document's `admin` tag (or
 * `reach.tag`), its security generated from that same guard. `schema` adds the summary, params,
 * body and answers: `app.get(url, staffRoute(['admin'], { summary, … }), handler)`.
 */
export function staffRoute<S extends object>(
  roles: StaffRole[],
  schema: S,
  reach: RouteReach = {},
) {
  const { preValidation, security } = guard(checkStaff(roles), reach.credentials);
  return {
    preValidation,
    schema: { tags: [reach.tag ?? 'admin'], security, ...schema },
  };
}

/**
 * `staffRoute` for every route of a group (an encapsulated plugin): the role check as the group's
 * hook, and each route's tag and security generated from that same guard, as it is registered:
 * `staffRouteGroup(admin, ['content'], { tag: 'admin-content' })`, then `admin.get(url, …)`.
 */
export function staffRouteGroup(
  group: FastifyInstance,
  roles: StaffRole[],
  reach: RouteReach = {},
): void {
  const { preValidation, security } = guard(checkStaff(roles), reach.credentials);
  group.addHook('preValidation', preValidation);
  group.addHook('onRoute', (route) => {
    route.schema = { tags: [reach.tag ?? 'admin'], security, ...route.schema };
  });
}

/**
 * `staffRoute` with the roles and reach that every route of a file shares:
 * `const route = staffRoutes(['content'], { tag: 'product editor' })`, then
 * `app.get(url, route({ summary, … }), handler)`.
 */
export function staffRoutes(roles: StaffRole[], reach: RouteReach = {}) {
  return <S extends object>(schema: S) => staffRoute(roles, schema, reach);
}

/**
 * The options of every route of a customer's file: signed-in customers only (`requireCustomer`, a
 * 401 before the input is looked at), in the OpenAPI document's `tag`, reached with a bearer token
 * or the session cookie: `const route = customerRoutes('orders')`, then
 * `app.get(url, route({ summary, … }), handler)`.
 */
export function customerRoutes(tag: string) {
  const { preValidation, security } = guard(requireCustomer);
  return <S extends object>(schema: S) => ({
    preValidation,
    schema: { tags: [tag], security, ...schema },
  });
}

/**
 * The options of a machine-feed route: an integration token holding `scope`, or staff with the
 * matching role (`requireScope`, checked before the body), in the OpenAPI document's `tag`. The
 * caller it lets in is then `feedPrincipalOf(request)`.
 */
export function scopedRoute<S extends object>(scope: IntegrationScope, tag: string, schema: S) {
  const { preValidation, security } = guard((request) => {
    request.feedPrincipal = requireScope(request, scope);
  });
  return { preValidation, schema: { tags: [tag], security, ...schema } };
}

/**
 * The options of a route for any signed-in user (`requireUser`, a 401 before the input is looked
 * at), its security generated from that guard: `app.get(url, signedInRoute({ tags, summary, … }), h)`.
 */
export function signedInRoute<S extends object>(schema: S) {
  const { preValidation, security } = guard(requireUser);
  return { preValidation, schema: { security, ...schema } };
}

/**
 * The OpenAPI security of a route that checks its caller itself (in its handler or its group's
 * hook), taking either credential: `schema: { security: signedInSecurity(), … }`.
 */
export const signedInSecurity = () => guard(() => undefined).security;

/**
 * POST `<accounts>/:id/deactivate` and `<accounts>/:id/reactivate` of the staff or customer
 * administration: one role check and answer for both, `setActive` making the change as `actor`
 * (deactivating ends the account's sessions at once). Answers the changed account as `data`.
 */
export function accountActivationRoutes<Dto extends z.ZodTypeAny>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  accounts: {
    url: string;
    roles: [StaffRole, ...StaffRole[]];
    summaries: { deactivate: string; reactivate: string };
    /** The account id in the path (`CustomerIdParams`, `StaffMemberIdParams`). */
    params: typeof StaffMemberIdParams;
    dto: Dto;
    setActive: (actor: SessionUser, id: number, active: boolean) => Promise<z.infer<Dto>>;
  },
): void {
  // Checked against `dto` when the answer is serialized; the route's types need not know which.
  const dto: z.ZodTypeAny = accounts.dto;
  for (const [verb, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(
      `${accounts.url}/:id/${verb}`,
      staffRoute(accounts.roles, {
        summary: accounts.summaries[verb],
        params: accounts.params,
        response: {
          200: dataResponse(dto),
          400: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      }),
      async (request) => {
        const data = await accounts.setActive(staffOf(request), request.params.id, active);
        return answerData(data);
      },
    );
  }
}
