import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminBrand,
  AdminBrandCreate,
  AdminBrandRetire,
  AdminBrandUpdate,
  AdminBrands,
  AdminCategories,
  AdminCategory,
  AdminCategoryCreate,
  AdminCategoryParams,
  AdminCategoryRetire,
  AdminCategoryUpdate,
  AdminProductClass,
  AdminProductClassCreate,
  AdminProductClassParams,
  AdminProductClassRetire,
  AdminProductClassUpdate,
  AdminProductClasses,
  AdminRetired,
  AdminStructureMove,
  CLASS_BADGE_MAX_BYTES,
  ErrorBody,
} from '@wholesale/contract';
import { createFileStore } from '../../lib/file-store';
import { scopedActorOf, scopedRoute } from '../../plugins/auth';
import {
  createBrand,
  createCategory,
  createClass,
  listBrands,
  listCategories,
  listClasses,
  moveCategory,
  renameBrand,
  retireBrand,
  retireCategory,
  retireClass,
  updateCategory,
  updateClass,
  uploadClassBadge,
} from './structure.service';
import { receivePicture } from './upload-part';

/** Refusals every write may answer (the OpenAPI document lists them). */
const REFUSALS = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * The catalogue structure's API (docs/product/back-office-catalogue.md "Catalogue structure",
 * docs/decisions/033-catalogue-structure.md): content staff by session, or an integration token
 * holding catalogue:write (the scope that already writes products, prices and stock).
 */
export const catalogueStructureRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = createFileStore(app.config);
  await app.register(multipart, {
    limits: { fileSize: CLASS_BADGE_MAX_BYTES, files: 1, fields: 0 },
  });
  const route = <S extends object>(schema: S) =>
    scopedRoute('catalogue:write', 'catalogue structure', schema);
  const actor = scopedActorOf;
  const base = '/api/admin/catalogue';

  // Categories
  app.get(
    `${base}/categories`,
    route({
      summary: 'Every category (three levels) in menu order, with its products and sub-categories',
      response: { 200: AdminCategories },
    }),
    async () => ({ categories: await listCategories(app.db) }),
  );
  app.post(
    `${base}/categories`,
    route({
      summary: 'Adds a category (no parent_id: top level) after its siblings; 409 on a used code',
      body: AdminCategoryCreate,
      response: { 200: AdminCategory, ...REFUSALS },
    }),
    async (request) => createCategory(app.catalogue, request.body, actor(request)),
  );
  app.patch(
    `${base}/categories/:id`,
    route({
      summary: 'Renames a category (EN/FR/ES) or hides/shows it in the menu',
      params: AdminCategoryParams,
      body: AdminCategoryUpdate,
      response: { 200: AdminCategory, ...REFUSALS },
    }),
    async (request) =>
      updateCategory(app.catalogue, request.params.id, request.body, actor(request)),
  );
  app.post(
    `${base}/categories/:id/move`,
    route({
      summary: 'Moves a category one place up or down among its siblings; answers every category',
      params: AdminCategoryParams,
      body: AdminStructureMove,
      response: { 200: AdminCategories, ...REFUSALS },
    }),
    async (request) => ({
      categories: await moveCategory(
        app.catalogue,
        request.params.id,
        request.body,
        actor(request),
      ),
    }),
  );
  app.post(
    `${base}/categories/:id/retire`,
    route({
      summary:
        'Removes a category with no sub-categories; its products move to move_to (same level) in the same transaction',
      params: AdminCategoryParams,
      body: AdminCategoryRetire,
      response: { 200: AdminRetired, ...REFUSALS },
    }),
    async (request) =>
      retireCategory(app.catalogue, request.params.id, request.body.move_to, actor(request)),
  );

  // Product classes
  app.get(
    `${base}/classes`,
    route({
      summary: 'Every product class with its badge and meaning',
      response: { 200: AdminProductClasses },
    }),
    async () => ({ classes: await listClasses(app.db) }),
  );
  app.post(
    `${base}/classes`,
    route({
      summary: 'Adds a product class (code of 1 to 4 capitals or digits); 409 on a used code',
      body: AdminProductClassCreate,
      response: { 200: AdminProductClass, ...REFUSALS },
    }),
    async (request) => createClass(app.catalogue, store, request.body, actor(request)),
  );
  app.patch(
    `${base}/classes/:code`,
    route({
      summary: "Changes a class's meaning (EN/FR/ES) or colour",
      params: AdminProductClassParams,
      body: AdminProductClassUpdate,
      response: { 200: AdminProductClass, ...REFUSALS },
    }),
    async (request) =>
      updateClass(app.catalogue, store, request.params.code, request.body, actor(request)),
  );
  app.put(
    `${base}/classes/:code/badge`,
    route({
      summary: "Uploads a class's badge picture (multipart field badge: JPEG, PNG or WebP)",
      params: AdminProductClassParams,
      response: { 200: AdminProductClass, ...REFUSALS, 413: ErrorBody },
    }),
    async (request) => {
      const who = actor(request);
      const data = await receivePicture(request, 'badge', CLASS_BADGE_MAX_BYTES);
      return uploadClassBadge(app.catalogue, store, request.params.code, data, who);
    },
  );
  app.post(
    `${base}/classes/:code/retire`,
    route({
      summary:
        'Removes a class; its products move to move_to (another class) in the same transaction',
      params: AdminProductClassParams,
      body: AdminProductClassRetire,
      response: { 200: AdminRetired, ...REFUSALS },
    }),
    async (request) =>
      retireClass(app.catalogue, store, request.params.code, request.body.move_to, actor(request)),
  );

  // Brands
  app.get(
    `${base}/brands`,
    route({
      summary: 'Every brand with how many products carry it',
      response: { 200: AdminBrands },
    }),
    async () => ({ brands: await listBrands(app.db) }),
  );
  app.post(
    `${base}/brands`,
    route({
      summary: 'Adds a brand; 409 on a used code or name',
      body: AdminBrandCreate,
      response: { 200: AdminBrand, ...REFUSALS },
    }),
    async (request) => createBrand(app.catalogue, request.body, actor(request)),
  );
  app.patch(
    `${base}/brands/:id`,
    route({
      summary: 'Renames a brand, on its products too',
      params: AdminCategoryParams,
      body: AdminBrandUpdate,
      response: { 200: AdminBrand, ...REFUSALS },
    }),
    async (request) =>
      renameBrand(app.catalogue, request.params.id, request.body.name, actor(request)),
  );
  app.post(
    `${base}/brands/:id/retire`,
    route({
      summary:
        'Removes a brand; its products move to move_to (another brand) in the same transaction',
      params: AdminCategoryParams,
      body: AdminBrandRetire,
      response: { 200: AdminRetired, ...REFUSALS },
    }),
    async (request) =>
      retireBrand(app.catalogue, request.params.id, request.body.move_to, actor(request)),
  );
};
