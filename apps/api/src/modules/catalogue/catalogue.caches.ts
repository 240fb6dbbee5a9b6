import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import type { TtlCache } from '../../lib/ttl-cache';
import { createListingCaches, type ListingCaches } from './catalogue.service';
import { createProductWindow, type ProductWindow } from './catalogue.snapshot';
import { createSitemapCache } from './catalogue.sitemap';

/**
 * The catalogue of one app: its database and the caches its reads keep (docs/conventions.md #12).
 * Services take it (or the part they use) instead of a bare database, so two apps in one process
 * share no cache, and CACHES=off and the stats are the app's.
 */
export type Catalogue = {
  db: Database;
  /** Listings, details, searches, counts and the category tree (catalogue.service.ts). */
  caches: ListingCaches;
  /** The cart's product facts, prices and codes (catalogue.snapshot.ts). */
  products: ProductWindow;
  sitemap: TtlCache<string>;
};

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: Catalogue;
  }
}

/**
 * Decorates the app with `catalogue`: its caches are created here, each registered with the change
 * feed channel that drops it (plugins/change-feed.ts), before any module that reads them.
 */
export const cataloguePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('catalogue', {
      db: app.db,
      caches: createListingCaches(app),
      products: createProductWindow(app),
      sitemap: createSitemapCache(app.caches),
    } satisfies Catalogue);
  },
  { name: 'catalogue', dependencies: ['change-feed'] },
);
