import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BrandsResponse,
  CategoriesResponse,
  ClassCodesResponse,
  DisplayCategoriesResponse,
  FilterOptionsResponse,
  FilterValuesParam,
  LangParam,
  OptionalCountryParam,
  PageParam,
  PageSizeParam,
  ProductDescriptionResponse,
  ProductGroupResponse,
  ProductsResponse,
  type Country,
  idSchema,
} from '@wholesale/contract';
import { requestCountry } from '../../lib/request-country';
import {
  createDevProduct,
  getBestSellers,
  registerListingCaches,
  getCategoryTree,
  getClassCodes,
  getDisplayCategories,
  getFilterOptions,
  getProductDetail,
  getProductGroup,
  listProducts,
  type Viewer,
} from './catalogue.service';
import { registerProductWindowCaches } from './catalogue.snapshot';
import { topProductIdsByQuantity } from '../orders';

const text = (description: string) => z.string().max(200).optional().describe(description);

const filterParams = {
  brand: FilterValuesParam.describe(
    'Brands to keep: comma-separated exact values from filter-options-by-category (brands[].value)',
  ),
  color: FilterValuesParam.describe(
    'Colours to keep: comma-separated exact values (colors[].value)',
  ),
  type: FilterValuesParam.describe('Types to keep: comma-separated exact values (types[].value)'),
  size: FilterValuesParam.describe('Sizes to keep: comma-separated exact values (sizes[].value)'),
};

const listingQuery = z.object({
  lang: LangParam,
  name: text('Category name (English URL key of /products/{name}/…); used when category is absent'),
  category: text(
    'cat_code of a category at any level (or its name); its sub categories are included',
  ),
  page: PageParam,
  pagination: PageSizeParam.describe('Records per page: 25, 50, 75, 100, 125 or 300'),
  country: OptionalCountryParam.describe(
    'ca or us; a signed-in customer always sees their own country',
  ),
  ...filterParams,
});

const classCodeQuery = listingQuery.extend({
  class_codes: FilterValuesParam.describe(
    'Class codes to keep, comma-separated (F new, R clearance, Y on sale, N coming soon)',
  ),
});

const categoryFilterQuery = z.object({
  category: text('cat_code (or name) of the category'),
  name: text('Category name, used when category is absent'),
  classCode: FilterValuesParam.describe('Optional class codes (F, R, Y, N), comma-separated'),
  country: OptionalCountryParam,
});

function viewer(request: FastifyRequest, country?: Country): Viewer {
  return { country: requestCountry(request, country), priced: request.user !== null };
}

/** Catalogue calls of SPEC.md §7 under /api. Prices and stock only for signed-in callers. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // The caches this module keeps, dropped by the change feed (plugins/change-feed.ts).
  registerListingCaches(app);
  registerProductWindowCaches(app);

  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Category tree with New/Clear/Sale/Soon counts (SPEC.md §3)',
        querystring: z.object({ lang: LangParam, country: OptionalCountryParam }),
        response: { 200: CategoriesResponse },
      },
    },
    async (request) => {
      const country = requestCountry(request, request.query.country);
      return {
        status: true as const,
        data: await getCategoryTree(app.db, request.query.lang, country),
      };
    },
  );

  for (const [path, country] of [
    ['/api/cadProducts', 'ca'],
    ['/api/usProducts', 'us'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: ['catalogue'],
          summary: `Category listing in ${country === 'ca' ? 'Canada' : 'the US'} (a signed-in customer always sees their own country)`,
          querystring: listingQuery.omit({ country: true }),
          response: { 200: ProductsResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const page = await listProducts(
          app.db,
          {
            lang: q.lang,
            name: q.name,
            category: q.category,
            page: q.page,
            perPage: q.pagination,
            filters: q,
          },
          viewer(request, country),
        );
        return { status: true as const, products: page };
      },
    );
  }

  app.get(
    '/api/classCode',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Category listing limited to class codes (New, Clearance, On Sale, Coming Soon)',
        querystring: classCodeQuery,
        response: { 200: ProductsResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listProducts(
        app.db,
        {
          lang: q.lang,
          name: q.name,
          category: q.category,
          page: q.page,
          perPage: q.pagination,
          classCodes: q.class_codes,
          filters: q,
        },
        viewer(request, q.country),
      );
      return { status: true as const, products: page };
    },
  );

  app.get(
    '/api/displayProducts',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products of a category for /dispay-products/:cate',
        querystring: z.object({
          category: text('cat_code or name of the category'),
          country: OptionalCountryParam,
          lang: LangParam,
          page: PageParam,
          pagination: PageSizeParam,
        }),
        response: { 200: ProductsResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await listProducts(
        app.db,
        {
          lang: q.lang,
          category: q.category,
          page: q.page,
          perPage: q.pagination,
          filters: { brand: [], color: [], type: [], size: [] },
        },
        viewer(request, q.country),
      );
      return { status: true as const, products: page };
    },
  );

  app.get(
    '/api/productDescription',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Product detail with description, category path and related products',
        querystring: z.object({
          product_id: z
            .string({ message: 'product_id is required' })
            .trim()
            .min(1, { message: 'product_id is required' })
            .max(64),
          country: OptionalCountryParam,
          lang: LangParam,
        }),
        response: { 200: ProductDescriptionResponse },
      },
    },
    async (request) => {
      const q = request.query;
      return {
        status: true as const,
        data: await getProductDetail(app.db, q.product_id, q.lang, viewer(request, q.country)),
      };
    },
  );

  app.get(
    '/api/class_codes',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Class codes with their badge images',
        querystring: z.object({ lang: LangParam }),
        response: { 200: ClassCodesResponse },
      },
    },
    async (request) => ({
      status: true as const,
      class_codes: await getClassCodes(app.db, request.query.lang),
    }),
  );

  app.get(
    '/api/best/sellers',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Most ordered products of the last 90 days in the country (newest products when there are too few)',
        querystring: z.object({ lang: LangParam, country: OptionalCountryParam }),
        response: { 200: ProductsResponse },
      },
    },
    async (request) => {
      const products = await getBestSellers(
        app.db,
        request.query.lang,
        viewer(request, request.query.country),
        topProductIdsByQuantity,
      );
      return {
        status: true as const,
        products: {
          data: products,
          total: products.length,
          current_page: 1,
          last_page: 1,
          per_page: products.length,
        },
      };
    },
  );

  app.get(
    '/api/displayCategories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Top-level categories shown as tiles',
        querystring: z.object({ lang: LangParam }),
        response: { 200: DisplayCategoriesResponse },
      },
    },
    async (request) => ({
      status: true as const,
      data: await getDisplayCategories(app.db, request.query.lang),
    }),
  );

  app.get(
    '/api/filter-options-by-category',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Brands, colours, types and sizes present in a category, with product counts',
        querystring: categoryFilterQuery,
        response: { 200: FilterOptionsResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await getFilterOptions(
        app.db,
        { category: q.category, name: q.name, classCodes: q.classCode },
        requestCountry(request, q.country),
      );
      return { status: true as const, data };
    },
  );

  app.get(
    '/api/brands-by-category',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Brands present in a category, with product counts',
        querystring: categoryFilterQuery,
        response: { 200: BrandsResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await getFilterOptions(
        app.db,
        { category: q.category, name: q.name, classCodes: q.classCode },
        requestCountry(request, q.country),
      );
      return {
        status: true as const,
        data: data.brands.map((b) => ({ brand: b.value, count: b.count })),
      };
    },
  );

  app.get(
    '/api/product_group/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A product group: title and one page of its products',
        params: z.object({
          id: idSchema('id'),
        }),
        querystring: z.object({
          lang: LangParam,
          page: PageParam,
          pagination: PageSizeParam,
          country: OptionalCountryParam,
        }),
        response: { 200: ProductGroupResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await getProductGroup(
        app.db,
        request.params.id,
        q.lang,
        q.page,
        q.pagination,
        viewer(request, q.country),
      );
      return { status: true as const, data };
    },
  );

  // Development and browser journeys only (like the dev mailbox): never registered in production.
  if (app.config.env !== 'production') {
    app.post(
      '/api/dev/products',
      {
        schema: {
          tags: ['dev'],
          summary:
            'Adds one product (not in production); raw_names keeps the names unsanitised to test the browser',
          body: z.object({
            product_id: z.string().trim().min(1).max(40),
            category: z.string().min(1).max(100),
            class: z.string().trim().min(1).max(4).default('A'),
            names: z.object({
              en: z.string().min(1).max(500),
              fr: z.string().max(500).optional(),
              es: z.string().max(500).optional(),
            }),
            ship_pack: z.number().int().min(1).max(10_000).default(1),
            prices: z
              .array(
                z.object({
                  country: z.enum(['ca', 'us']),
                  retail: z.number().min(0),
                  selling: z.number().min(0),
                  selling_2: z.number().min(0).nullable().default(null),
                  available: z.number().int().min(0).default(0),
                }),
              )
              .max(2)
              .default([]),
            raw_names: z.boolean().default(false),
          }),
          response: { 200: z.object({ status: z.literal(true), id: z.number().int() }) },
        },
      },
      async (request) => ({
        status: true as const,
        ...(await createDevProduct(app.db, request.body)),
      }),
    );
  }
};
