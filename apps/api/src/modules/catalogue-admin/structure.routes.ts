import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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

type Actor = ReturnType<typeof scopedActorOf>;
type Retired = z.output<typeof AdminRetired>;
type Bodies = Record<'create' | 'update' | 'retire', z.ZodTypeAny>;

/**
 * What categories, product classes and brands each have: a list (answering `listed`), and an add,
 * a change and a retire (its products move to `move_to`) that answer one `item` or REFUSALS.
 */
interface StructureKind<Params extends z.ZodTypeAny, B extends Bodies> {
  /** The list's path under /api/admin/catalogue, and one item's (`brands/:id`). */
  url: string;
  itemUrl: string;
  params: Params;
  summaries: Record<'list' | 'create' | 'update' | 'retire', string>;
  listed: z.ZodTypeAny;
  item: z.ZodTypeAny;
  bodies: B;
  list: () => Promise<unknown>;
  create: (body: z.output<B['create']>, who: Actor) => Promise<unknown>;
  update: (params: z.output<Params>, body: z.output<B['update']>, who: Actor) => Promise<unknown>;
  retire: (params: z.output<Params>, body: z.output<B['retire']>, who: Actor) => Promise<Retired>;
}

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

  function kindRoutes<Params extends z.ZodTypeAny, B extends Bodies>(
    declared: StructureKind<Params, B>,
  ): void {
    // Each request meets its schemas first; the handlers' types were checked where declared.
    const kind: StructureKind<z.ZodTypeAny, Bodies> = declared;
    const { params, summaries, bodies } = kind;
    const answers = { 200: kind.item, ...REFUSALS };
    app.get(
      `${base}/${kind.url}`,
      route({ summary: summaries.list, response: { 200: kind.listed } }),
      async () => kind.list(),
    );
    app.post(
      `${base}/${kind.url}`,
      route({ summary: summaries.create, body: bodies.create, response: answers }),
      async (request) => kind.create(request.body, actor(request)),
    );
    app.patch(
      `${base}/${kind.itemUrl}`,
      route({ summary: summaries.update, params, body: bodies.update, response: answers }),
      async (request) => kind.update(request.params, request.body, actor(request)),
    );
    app.post(
      `${base}/${kind.itemUrl}/retire`,
      route({
        summary: summaries.retire,
        params,
        body: bodies.retire,
        response: { 200: AdminRetired, ...REFUSALS },
      }),
      async (request) => kind.retire(request.params, request.body, actor(request)),
    );
  }

  kindRoutes({
    url: 'categories',
    itemUrl: 'categories/:id',
    params: AdminCategoryParams,
    summaries: {
      list: 'Every category (three levels) in menu order, with its products and sub-categories',
      create: 'Adds a category (no parent_id: top level) after its siblings; 409 on a used code',
      update: 'Renames a category (EN/FR/ES) or hides/shows it in the menu',
      retire:
        'Removes a category with no sub-categories; its products move to move_to (same level) in the same transaction',
    },
    listed: AdminCategories,
    item: AdminCategory,
    bodies: {
      create: AdminCategoryCreate,
      update: AdminCategoryUpdate,
      retire: AdminCategoryRetire,
    },
    list: async () => ({ categories: await listCategories(app.db) }),
    create: (body, who) => createCategory(app.catalogue, body, who),
    update: ({ id }, body, who) => updateCategory(app.catalogue, id, body, who),
    retire: ({ id }, body, who) => retireCategory(app.catalogue, id, body.move_to, who),
  });
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

  kindRoutes({
    url: 'classes',
    itemUrl: 'classes/:code',
    params: AdminProductClassParams,
    summaries: {
      list: 'Every product class with its badge and meaning',
      create: 'Adds a product class (code of 1 to 4 capitals or digits); 409 on a used code',
      update: "Changes a class's meaning (EN/FR/ES) or colour",
      retire:
        'Removes a class; its products move to move_to (another class) in the same transaction',
    },
    listed: AdminProductClasses,
    item: AdminProductClass,
    bodies: {
      create: AdminProductClassCreate,
      update: AdminProductClassUpdate,
      retire: AdminProductClassRetire,
    },
    list: async () => ({ classes: await listClasses(app.db) }),
    create: (body, who) => createClass(app.catalogue, store, body, who),
    update: ({ code }, body, who) => updateClass(app.catalogue, store, code, body, who),
    retire: ({ code }, body, who) => retireClass(app.catalogue, store, code, body.move_to, who),
  });
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

  kindRoutes({
    url: 'brands',
    itemUrl: 'brands/:id',
    params: AdminCategoryParams,
    summaries: {
      list: 'Every brand with how many products carry it',
      create: 'Adds a brand; 409 on a used code or name',
      update: 'Renames a brand, on its products too',
      retire:
        'Removes a brand; its products move to move_to (another brand) in the same transaction',
    },
    listed: AdminBrands,
    item: AdminBrand,
    bodies: { create: AdminBrandCreate, update: AdminBrandUpdate, retire: AdminBrandRetire },
    list: async () => ({ brands: await listBrands(app.db) }),
    create: (body, who) => createBrand(app.catalogue, body, who),
    update: ({ id }, body, who) => renameBrand(app.catalogue, id, body.name, who),
    retire: ({ id }, body, who) => retireBrand(app.catalogue, id, body.move_to, who),
  });
};
