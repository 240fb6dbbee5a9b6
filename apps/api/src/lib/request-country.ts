import type { FastifyRequest } from 'fastify';
import type { Country } from '@wholesale/contract';

/**
 * The price list a request sees: a signed-in customer's own country always wins (they cannot read
 * another country's prices); otherwise the country parameter, then the cflag cookie, then 'ca'.
 */
export function requestCountry(request: FastifyRequest, param?: Country): Country {
  if (request.user && request.user.role === 'customer') return request.user.country;
  if (param) return param;
  const flag = request.cookies?.cflag?.toLowerCase();
  return flag === 'us' || flag === 'usa' ? 'us' : 'ca';
}
