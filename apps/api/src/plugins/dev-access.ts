import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/** True for an address on this machine (127.0.0.0/8, ::1, and IPv4 127.x mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** Headers a proxy adds: their presence means the socket's peer is not the caller. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * A caller on this machine that came through no proxy: the socket is loopback and the request
 * carries no forwarding header. NOTE: a proxy on the same host (nginx in deploy/) also connects
 * from loopback, for every client of the internet; it always sets X-Forwarded-For, so what it
 * passes is never taken for a local caller, whatever TRUST_PROXY says.
 */
export function isDirectLocalCaller(request: FastifyRequest): boolean {
  if (!isLoopback(request.socket?.remoteAddress)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/** Whether the caller may see the development tools: someone on this machine, or signed-in staff. */
export function mayUseDevTools(request: FastifyRequest): boolean {
  return isDirectLocalCaller(request) || request.user?.role === 'staff';
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
