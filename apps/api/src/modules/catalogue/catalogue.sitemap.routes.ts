import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readFromReplicaHook } from '../../db/read-replica';
import { AppError } from '../../lib/app-error';
import { categoriesSitemap, productsSitemap, robotsTxt, sitemapIndex } from './catalogue.sitemap';

/** Sends a crawler's file: the same for everyone, so shared caches may keep it for an hour. */
function sendPublic(reply: FastifyReply, type: 'text/plain' | 'application/xml', body: string) {
  return reply
    .type(`${type}; charset=utf-8`)
    .header('cache-control', 'public, max-age=3600')
    .send(body);
}

/**
 * robots.txt and the sitemaps, for crawlers: the same for every caller (no session, no prices or
 * stock), absolute URLs from PUBLIC_URL (config.ts).
 */
export const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', readFromReplicaHook);
  const base = app.config.publicUrl.replace(/\/+$/, '');
  const hide = { hide: true, tags: ['seo'] };

  app.get(
    '/robots.txt',
    { schema: { ...hide, summary: 'Rules for crawlers' } },
    async (_r, reply) => sendPublic(reply, 'text/plain', robotsTxt(base)),
  );

  app.get(
    '/sitemap.xml',
    { schema: { ...hide, summary: 'Sitemap index: categories and products files' } },
    async (_r, reply) =>
      sendPublic(reply, 'application/xml', await sitemapIndex(app.catalogue, base)),
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        ...hide,
        summary: 'One sitemap file: categories.xml or products-N.xml (≤ 50,000 URLs)',
        params: z.object({ file: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const products = /^products-([1-9]\d{0,4})\.xml$/.exec(file);
      const body =
        file === 'categories.xml'
          ? await categoriesSitemap(app.catalogue, base)
          : products
            ? await productsSitemap(app.catalogue, base, Number(products[1]))
            : undefined;
      if (body === undefined)
        throw new AppError('ROUTE_NOT_FOUND', `No such path: GET /sitemaps/${file}`);
      return sendPublic(reply, 'application/xml', body);
    },
  );
};
