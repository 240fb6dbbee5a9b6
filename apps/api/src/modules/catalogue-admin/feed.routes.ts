import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FeedResult, PriceFeedBody, StockFeedBody } from '@wholesale/contract';
import { requireScope, scopedRoute } from '../../plugins/auth';
import { applyPriceFeed, applyStockFeed } from './feed.service';

/** 10,000 price entries of ~100 bytes each: room above the API's 1 MB default. */
const FEED_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The machine feed (docs/product/back-office-catalogue.md "Machine feed"): an ERP pushes stock and
 * prices with an integration token holding catalogue:write, or staff do with their session.
 */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/admin/stock',
    {
      bodyLimit: FEED_BODY_LIMIT,
      ...scopedRoute('catalogue:write', 'catalogue feed', {
        summary: 'Sets stock (ship packs) per SKU and country; all entries or none',
        body: StockFeedBody,
        response: { 200: FeedResult },
      }),
    },
    async (request) => {
      requireScope(request, 'catalogue:write');
      return applyStockFeed(app.catalogue, request.body);
    },
  );

  app.patch(
    '/api/admin/prices',
    {
      bodyLimit: FEED_BODY_LIMIT,
      ...scopedRoute('catalogue:write', 'catalogue feed', {
        summary: 'Sets prices per SKU and country; all entries or none',
        body: PriceFeedBody,
        response: { 200: FeedResult },
      }),
    },
    async (request) => {
      requireScope(request, 'catalogue:write');
      return applyPriceFeed(app.catalogue, request.body);
    },
  );
};
