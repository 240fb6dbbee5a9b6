import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminProduct,
  AdminProductBody,
  AdminProductImageParams,
  AdminProductImages,
  AdminProductImagesOrder,
  AdminProductParams,
  AdminProductsPage,
  AdminProductsQuery,
  PRODUCT_IMAGE_MAX_BYTES,
} from '@wholesale/contract';
import { createFileStore } from '../../lib/file-store';
import { staffOf, staffRoutes } from '../../plugins/auth';
import {
  addProductImage,
  deleteProductImage,
  reorderProductImages,
} from './product-images.service';
import { receivePicture } from './upload-part';
import { getAdminProduct, searchAdminProducts, updateAdminProduct } from './products.service';

/** The product editor's API (docs/product/back-office-catalogue.md "Product editor"): content staff. */
export const productEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = createFileStore(app.config);
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 0 },
  });
  const route = staffRoutes(['content'], { tag: 'product editor' });

  app.get(
    '/api/admin/products',
    route({
      summary: 'Products by SKU, barcode or name, a page at a time',
      querystring: AdminProductsQuery,
      response: { 200: AdminProductsPage },
    }),
    async (request) => searchAdminProducts(app.db, request.query),
  );

  app.get(
    '/api/admin/products/:sku',
    route({
      summary: 'One product, every editable field, with its version',
      params: AdminProductParams,
      response: { 200: AdminProduct },
    }),
    async (request) => getAdminProduct(app.db, request.params.sku),
  );

  for (const method of ['put', 'patch'] as const)
    app[method](
      '/api/admin/products/:sku',
      route({
        summary: 'Changes the sent fields (409 when the version is no longer current)',
        params: AdminProductParams,
        body: AdminProductBody,
        response: { 200: AdminProduct },
      }),
      async (request) => {
        const user = staffOf(request);
        return updateAdminProduct(app.catalogue, request.params.sku, request.body, user);
      },
    );

  const imagesResponse = { 200: AdminProductImages };

  app.post(
    '/api/admin/products/:sku/images',
    route({
      summary:
        'Adds a picture after the others (multipart field image: JPEG, PNG or WebP, checked by decoding it)',
      params: AdminProductParams,
      response: imagesResponse,
    }),
    async (request) => {
      const user = staffOf(request);
      const data = await receivePicture(request, 'image', PRODUCT_IMAGE_MAX_BYTES);
      const images = await addProductImage(app.catalogue, store, request.params.sku, data, user);
      return { images };
    },
  );

  app.put(
    '/api/admin/products/:sku/images/order',
    route({
      summary: "Puts the product's pictures in this order (every id once; all or nothing)",
      params: AdminProductParams,
      body: AdminProductImagesOrder,
      response: imagesResponse,
    }),
    async (request) => {
      const user = staffOf(request);
      const images = await reorderProductImages(
        app.catalogue,
        store,
        request.params.sku,
        request.body.ids,
        user,
      );
      return { images };
    },
  );

  app.delete(
    '/api/admin/products/:sku/images/:id',
    route({
      summary: 'Deletes one picture (none left: the storefront shows a generated one)',
      params: AdminProductImageParams,
      response: imagesResponse,
    }),
    async (request) => {
      const user = staffOf(request);
      const { sku, id } = request.params;
      return { images: await deleteProductImage(app.catalogue, store, sku, id, user) };
    },
  );
};
