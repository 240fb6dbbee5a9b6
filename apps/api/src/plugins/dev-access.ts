import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * True for an address on this machine. `request.ip` is the socket's address unless TRUST_PROXY
 * is on (then the proxy's X-Forwarded-For), so a forged header counts only behind a trusted proxy.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** Whether the caller may see the development tools: someone on this machine, or signed-in staff. */
export function mayUseDevTools(request: FastifyRequest): boolean {
  return isLoopback(request.ip) || request.user?.role === 'staff';
}

/**
 * Guard of every development route (mailbox, test products): anyone else gets the same 404 as
 * for a path that does not exist, so the network learns nothing. The routes themselves are not
 * registered at all in production.
 */
export async function devToolsOnly(request: FastifyRequest): Promise<void> {
  if (!mayUseDevTools(request))
    throw new AppError(
      'ROUTE_NOT_FOUND',
      `No such path: ${request.method} ${request.url.split('?')[0]}`,
    );
}
