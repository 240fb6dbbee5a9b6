import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Country } from '@wholesale/contract';
import { requestCountry } from '../../lib/request-country';
import { customerPricesOf } from '../pricing';
import type { Viewer } from './catalogue.dto';

/**
 * Who asks for a page of cards (a listing, a product, a search): the country whose prices they see,
 * whether they may see prices and stock at all (signed in), and a signed-in customer's own prices
 * (docs/product/pricing.md). Listings and search build it the same way so they never disagree.
 */
export function requestViewer(
  app: FastifyInstance,
  request: FastifyRequest,
  country?: Country,
): Viewer {
  return {
    country: requestCountry(request, country),
    priced: request.user !== null,
    customerPrices: customerPricesOf(app.pricing, request.user, () => app.clock.now()),
  };
}
