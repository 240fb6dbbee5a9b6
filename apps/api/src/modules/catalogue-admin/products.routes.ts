import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminProduct,
  AdminProductBody,
  AdminProductParams,
  AdminProductsPage,
  AdminProductsQuery,
} from '@wholesale/contract';
import { AppError } from '../../lib/app-error';
import { createFileStore } from '../../lib/file-store';
import { requireStaffRole, staffOnly } from '../../plugins/auth';
import {
  deleteProductImage,
  getAdminProduct,
  PRODUCT_IMAGE_MAX_BYTES,
  replaceProductImage,
  searchAdminProducts,
  updateAdminProduct,
} from './products.service';

/** The product editor's API (docs/product/back-office-catalogue.md "Product editor"): content staff. */
export const productEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = createFileStore(app.config);
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 0 },
  });
  const security: Array<Record<string, string[]>> = [{ session: [] }];
  const tags = ['product editor'];
  const guard = staffOnly('content');

  app.get(
    '/api/admin/products',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Products by SKU, barcode or name, a page at a time',
        security,
        querystring: AdminProductsQuery,
        response: { 200: AdminProductsPage },
      },
    },
    async (request) => searchAdminProducts(app.db, request.query),
  );

  app.get(
    '/api/admin/products/:sku',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'One product, every editable field, with its version',
        security,
        params: AdminProductParams,
        response: { 200: AdminProduct },
      },
    },
    async (request) => getAdminProduct(app.db, request.params.sku),
  );

  for (const method of ['put', 'patch'] as const)
    app[method](
      '/api/admin/products/:sku',
      {
        preValidation: guard,
        schema: {
          tags,
          summary: 'Changes the sent fields (409 when the version is no longer current)',
          security,
          params: AdminProductParams,
          body: AdminProductBody,
          response: { 200: AdminProduct },
        },
      },
      async (request) => {
        const user = requireStaffRole(request, 'content');
        return updateAdminProduct(app.db, request.params.sku, request.body, user);
      },
    );

  app.put(
    '/api/admin/products/:sku/image',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Replaces the product's picture (multipart field image: JPEG, PNG or WebP)",
        security,
        params: AdminProductParams,
        response: { 200: AdminProduct },
      },
    },
    async (request) => {
      const user = requireStaffRole(request, 'content');
      const refuse = (message: string) =>
        new AppError('VALIDATION_FAILED', message, { fields: { image: message } });
      if (!request.isMultipart()) throw refuse('Send the picture as multipart/form-data');
      const part = await request.file();
      if (!part || part.fieldname !== 'image') {
        part?.file.resume();
        throw refuse('Choose a picture to upload');
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          const message = `The picture is larger than ${PRODUCT_IMAGE_MAX_BYTES / 1048576} MB`;
          throw new AppError('PAYLOAD_TOO_LARGE', message, { fields: { image: message } });
        }
        throw error;
      }
      return replaceProductImage(app.db, store, request.params.sku, data, user);
    },
  );

  app.delete(
    '/api/admin/products/:sku/image',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Removes the uploaded picture (the storefront shows a generated one)',
        security,
        params: AdminProductParams,
        response: { 200: AdminProduct },
      },
    },
    async (request) => {
      const user = requireStaffRole(request, 'content');
      return deleteProductImage(app.db, store, request.params.sku, user);
    },
  );
};
