import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { FeedResult, PriceFeedBody, StockFeedBody } from '@wholesale/contract';
import { scopedRoute } from '../../plugins/auth';
import { applyPriceFeed, applyStockFeed } from './feed.service';

/** 10,000 price entries of ~100 bytes each: room above the API's 1 MB default. */
const FEED_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The machine feed (docs/product/back-office-catalogue.md "Machine feed"): an ERP pushes stock and
 * prices with an integration token holding catalogue:write, or staff do with their session.
 */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  // Both feeds share the guard, the body limit and the answer; only their entries differ.
  function feedRoute<Body extends typeof StockFeedBody | typeof PriceFeedBody>(
    url: string,
    summary: string,
    body: Body,
    apply: (
      catalogue: typeof app.catalogue,
      entries: z.infer<Body>,
    ) => Promise<z.infer<typeof FeedResult>>,
  ): void {
    app.patch(
      url,
      {
        bodyLimit: FEED_BODY_LIMIT,
        ...scopedRoute('catalogue:write', 'catalogue feed', {
          summary,
          body,
          response: { 200: FeedResult },
        }),
      },
      async (request) => {
        // Validated against `body`; the type provider cannot follow a generic schema.
        return apply(app.catalogue, request.body as z.infer<Body>);
      },
    );
  }

  feedRoute(
    '/api/admin/stock',
    'Sets stock (ship packs) per SKU and country; all entries or none',
    StockFeedBody,
    applyStockFeed,
  );
  feedRoute(
    '/api/admin/prices',
    'Sets prices per SKU and country; all entries or none',
    PriceFeedBody,
    applyPriceFeed,
  );
};
