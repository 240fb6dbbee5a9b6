import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { resolveSession, type SessionUser } from '../modules/accounts/session.service';

export const SESSION_COOKIE = 'sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session; null for guests. Never from a request parameter. */
    user: SessionUser | null;
    /** How the caller authenticated; CSRF checks apply to 'cookie' only. */
    authVia: 'cookie' | 'bearer' | null;
    sessionTokenHash: string | null;
    sessionCsrfToken: string | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** Resolves the session of every /api request from the session cookie or a bearer token. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('sessionCsrfToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const bearer = bearerToken(request);
    const cookie = request.cookies?.[SESSION_COOKIE];
    const token = bearer ?? cookie;
    if (!token || token.length > 200) return;
    const session = await resolveSession(app.db, token);
    if (!session) return;
    request.user = session.user;
    request.authVia = bearer ? 'bearer' : 'cookie';
    request.sessionTokenHash = session.tokenHash;
    request.sessionCsrfToken = session.csrfToken;
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

/** 401 for guests, 403 for customers. */
export function requireStaff(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'staff') throw new AppError('FORBIDDEN');
  return user;
}

/**
 * SPEC.md §7 passes user_id in queries; it is accepted for compatibility only. A value that is not
 * the caller's own id answers 403 (DESIGN.md "Identity").
 */
export function assertOwnUserId(user: SessionUser, userId: unknown): void {
  if (userId === undefined || userId === null || userId === '') return;
  if (String(userId).trim() !== String(user.id)) throw new AppError('FORBIDDEN', 'This user_id is not yours');
}
