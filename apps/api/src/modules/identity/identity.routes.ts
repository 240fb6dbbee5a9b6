import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminStoreIdentity,
  MAX_IMAGE_BYTES,
  PublicStoreIdentity,
  StoreIdentity,
  StoreLogoUploaded,
} from '@wholesale/contract';
import { AppError } from '../../lib/app-error';
import { createFileStore } from '../../lib/file-store';
import { staffOf, staffRoutes } from '../../plugins/auth';
import { checkUpload, tooLarge } from '../content';
import { saveStoreIdentity } from './identity.admin';
import { adminIdentity } from './identity.service';

const LOGO_FIELD = 'logo';

/**
 * The store identity's API (docs/product/back-office-staff-and-customers.md, "Store identity"): the
 * storefront's public read, and the admin's read, save and logo upload (/admin/settings).
 */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = createFileStore(app.config);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0 } });

  app.get(
    '/api/store-identity',
    {
      schema: {
        tags: ['store identity'],
        summary: "The store's name, logo, contacts and tax numbers, as every page shows them",
        response: { 200: PublicStoreIdentity },
      },
    },
    async () => {
      const identity = await app.storeIdentity.read();
      return { set: identity !== null, identity };
    },
  );

  const route = staffRoutes(['admin'], { tag: 'store identity' });
  app.get(
    '/api/admin/settings/identity',
    route({
      summary: 'The store identity, with who saved it last and when',
      response: { 200: AdminStoreIdentity },
    }),
    async () => {
      return adminIdentity(app.db);
    },
  );

  app.put(
    '/api/admin/settings/identity',
    route({
      summary: 'Saves the store identity (every field; audited; every process sees it at once)',
      body: StoreIdentity,
      response: { 200: AdminStoreIdentity },
    }),
    async (request) => {
      const user = staffOf(request);
      return saveStoreIdentity(app, request.body, user);
    },
  );

  app.post(
    '/api/admin/settings/identity/logo',
    route({
      summary:
        'Stores a logo (multipart field logo: JPEG, PNG or WebP, checked by decoding it); save the identity with its path',
      response: { 201: StoreLogoUploaded },
    }),
    async (request, reply) => {
      const refuse = (message: string) =>
        new AppError('VALIDATION_FAILED', message, { fields: { [LOGO_FIELD]: message } });
      if (!request.isMultipart()) throw refuse('Logo must be sent as multipart/form-data');
      const part = await request.file();
      if (!part || part.fieldname !== LOGO_FIELD) {
        part?.file.resume();
        throw refuse('Logo is required: choose a picture to upload');
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge(LOGO_FIELD, 'image');
        throw error;
      }
      const checked = await checkUpload(
        { field: LOGO_FIELD, filename: part.filename, data },
        'image',
      );
      const key = `content/store_logo/${randomUUID()}.${checked.ext}`;
      await files.put(key, checked.data, checked.mime);
      return reply.code(201).send({ logo: `/files/${key}` });
    },
  );
};
