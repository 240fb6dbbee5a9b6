import type { FastifyRequest } from 'fastify';

/**
 * The path pattern of the route that matched (`/api/orders/:order_id/pdf`), which hooks decide on:
 * the raw URL can spell the same route differently (`/%61pi/login`, `/api//login`) and would slip
 * past a check on its text. A request that matched no route keeps its raw path.
 */
export function matchedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0];
}

/** True for the routes of the JSON API (every hook of the API applies to them). */
export function isApiRoute(request: FastifyRequest): boolean {
  const path = matchedPath(request);
  return path === '/api' || path.startsWith('/api/');
}
