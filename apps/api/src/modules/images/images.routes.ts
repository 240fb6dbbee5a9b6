import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { createFileStore, type FileStore } from '../../lib/file-store';
import { createImageService, type ImageKind } from './images.service';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * NOTE: a product's first picture is kept under its SKU and changes when staff upload, reorder or
 * delete pictures (docs/decisions/022-product-images.md), and a class's badge when staff upload one
 * (docs/decisions/033-catalogue-structure.md), so browsers keep them a minute, then revalidate with
 * their ETag (a 304 most of the time).
 */
const REVALIDATED = 'public, max-age=60';

const ROUTES: Array<{ kind: ImageKind; path: string; summary: string; cache: string }> = [
  {
    kind: 'products',
    path: '/images/products/:file',
    summary:
      'Product thumbnail (its first picture) by trimmed product_id (docs/product/catalogue.md), e.g. BT-10234.jpg',
    cache: REVALIDATED,
  },
  {
    kind: 'gallery',
    path: '/images/gallery/:file',
    summary: "One of a product's pictures by its id, e.g. 12.jpg (never changes)",
    cache: IMMUTABLE,
  },
  {
    kind: 'classes',
    path: '/images/classes/:file',
    summary: 'Class code badge, e.g. F.png (staff may upload a new one: revalidated)',
    cache: REVALIDATED,
  },
  {
    kind: 'categories',
    path: '/images/categories/:file',
    summary: 'Category tile by cat_code, e.g. BT.jpg',
    cache: IMMUTABLE,
  },
];

/**
 * GET /images/{products,gallery,classes,categories}/:file — generated on first request and kept in the
 * file store; answered with an ETag and a year-long immutable cache (a minute for products' first
 * pictures). Unknown → JSON 404 (the web shows its placeholder, docs/product/errors-and-constants.md).
 */
export function imagesRoutes(options: { store?: FileStore } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const images = createImageService(options.store ?? createFileStore(app.config));
    for (const route of ROUTES) {
      app.get(
        route.path,
        {
          schema: {
            tags: ['images'],
            summary: route.summary,
            params: z.object({ file: z.string().max(200) }),
          },
        },
        async (request, reply) => {
          const image = await images.get(app.db, route.kind, request.params.file);
          if (!image) throw new AppError('NOT_FOUND', 'No such image');
          reply
            .header('cache-control', route.cache)
            .header('etag', image.etag)
            .type(image.contentType);
          if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
          return reply.send(image.data);
        },
      );
    }
  };
}
