import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { createFileStore, type FileStore } from '../../lib/file-store';
import { createImageService, type ImageKind } from './images.service';

const IMMUTABLE = 'public, max-age=31536000, immutable';

const ROUTES: Array<{ kind: ImageKind; path: string; summary: string }> = [
  {
    kind: 'products',
    path: '/images/products/:file',
    summary:
      'Product thumbnail by trimmed product_id (docs/product/catalogue.md), e.g. BT-10234.jpg',
  },
  { kind: 'classes', path: '/images/classes/:file', summary: 'Class code badge, e.g. F.png' },
  {
    kind: 'categories',
    path: '/images/categories/:file',
    summary: 'Category tile by cat_code, e.g. BT.jpg',
  },
];

/**
 * GET /images/{products,classes,categories}/:file — generated on first request and kept in the file
 * store; answered with a year-long immutable cache and an ETag. Unknown → JSON 404 (the web shows its
 * placeholder, docs/product/errors-and-constants.md).
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
            .header('cache-control', IMMUTABLE)
            .header('etag', image.etag)
            .type(image.contentType);
          if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
          return reply.send(image.data);
        },
      );
    }
  };
}
