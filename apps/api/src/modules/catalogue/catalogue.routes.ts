import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BrandsResponse,
  CategoriesResponse,
  CategoryFilterQuery,
  ClassCodeListingQuery,
  ClassCodesResponse,
  DevProductBody,
  DevProductResponse,
  DisplayCategoriesResponse,
  DisplayProductsQuery,
  FilterOptionsResponse,
  LangCountryQuery,
  LangQuery,
  ListingQuery,
  ProductDescriptionQuery,
  ProductDescriptionResponse,
  ProductGroupParams,
  ProductGroupQuery,
  ProductGroupResponse,
  ProductsResponse,
  type Country,
} from '@wholesale/contract';
import { readFromReplicaHook } from '../../db/read-replica';
import { okAnswerInSchemaOrder, sendWritten } from '../../lib/fast-serializer';
import { requestCountry } from '../../lib/request-country';
import { devToolsOnly } from '../../plugins/dev-access';
import { getCategoryTree, getClassCodes, getDisplayCategories } from './catalogue.categories';
import { writtenProductDetail } from './catalogue.detail';
import { requestViewer } from './request-viewer';
import {
  createDevProduct,
  getBestSellers,
  getFilterOptions,
  getProductGroup,
  listProducts,
  type ListingParams,
} from './catalogue.service';
import { topProductIdsByQuantity } from '../orders';
import { answerData } from '../../lib/answer';

/** Catalogue calls of docs/product/catalogue.md under /api. Prices and stock only for signed-in callers. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = (request: FastifyRequest, country?: Country) =>
    requestViewer(app, request, country);
  // The caches it reads are the app's (app.catalogue, catalogue.caches.ts).
  // Catalogue reads may be answered by a read replica (DATABASE_READ_URL, db/read-replica.ts).
  app.addHook('preHandler', readFromReplicaHook);
  // Answers are built by the catalogue's services with the contract's types; see lib/fast-serializer.ts.
  app.setSerializerCompiler(okAnswerInSchemaOrder);

  /** One page of a listing (cadProducts, usProducts, classCode, displayProducts), read the same way. */
  const listing = async (
    request: FastifyRequest,
    q: Pick<z.infer<typeof ListingQuery>, 'lang' | 'name' | 'category' | 'page' | 'pagination'>,
    scope: Pick<ListingParams, 'classCodes' | 'filters'>,
    country: Country | undefined,
  ) => {
    const params = {
      lang: q.lang,
      name: q.name,
      category: q.category,
      page: q.page,
      perPage: q.pagination,
      ...scope,
    };
    const page = await listProducts(app.catalogue, params, viewer(request, country));
    return { status: true as const, products: page };
  };

  /** The filter options of a category (filter-options-by-category, brands-by-category). */
  const filterOptions = (request: FastifyRequest, q: z.infer<typeof CategoryFilterQuery>) =>
    getFilterOptions(
      app.catalogue,
      { category: q.category, name: q.name, classCodes: q.classCode },
      requestCountry(request, q.country),
    );

  app.get(
    '/api/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Category tree with New/Clear/Sale/Soon counts (docs/product/catalogue.md)',
        querystring: LangCountryQuery,
        response: { 200: CategoriesResponse },
      },
    },
    async (request) => {
      const country = requestCountry(request, request.query.country);
      return answerData(await getCategoryTree(app.catalogue, request.query.lang, country));
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
          querystring: ListingQuery.omit({ country: true }),
          response: { 200: ProductsResponse },
        },
      },
      async (request) => listing(request, request.query, { filters: request.query }, country),
    );
  }

  app.get(
    '/api/classCode',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Category listing limited to class codes (New, Clearance, On Sale, Coming Soon)',
        querystring: ClassCodeListingQuery,
        response: { 200: ProductsResponse },
      },
    },
    async (request) => {
      const q = request.query;
      return listing(request, q, { classCodes: q.class_codes, filters: q }, q.country);
    },
  );

  app.get(
    '/api/displayProducts',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products of a category for /dispay-products/:cate',
        querystring: DisplayProductsQuery,
        response: { 200: ProductsResponse },
      },
    },
    async (request) =>
      listing(
        request,
        request.query,
        { filters: { brand: [], color: [], type: [], size: [] } },
        request.query.country,
      ),
  );

  app.get(
    '/api/productDescription',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Product detail with description, category path and related products',
        querystring: ProductDescriptionQuery,
        response: { 200: ProductDescriptionResponse },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // Written once per kept detail and kind of viewer (catalogue.detail.ts).
      const json = await writtenProductDetail(
        app.catalogue,
        q.product_id,
        q.lang,
        viewer(request, q.country),
      );
      return sendWritten(reply, json);
    },
  );

  app.get(
    '/api/class_codes',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Class codes with their badge images',
        querystring: LangQuery,
        response: { 200: ClassCodesResponse },
      },
    },
    async (request) => ({
      status: true as const,
      class_codes: await getClassCodes(app.catalogue, request.query.lang),
    }),
  );

  app.get(
    '/api/best/sellers',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'Most ordered products of the last 90 days in the country (newest products when there are too few)',
        querystring: LangCountryQuery,
        response: { 200: ProductsResponse },
      },
    },
    async (request) => {
      const products = await getBestSellers(
        app.catalogue,
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
        querystring: LangQuery,
        response: { 200: DisplayCategoriesResponse },
      },
    },
    async (request) => answerData(await getDisplayCategories(app.catalogue, request.query.lang)),
  );

  app.get(
    '/api/filter-options-by-category',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Brands, colours, types and sizes present in a category, with product counts',
        querystring: CategoryFilterQuery,
        response: { 200: FilterOptionsResponse },
      },
    },
    async (request) => answerData(await filterOptions(request, request.query)),
  );

  app.get(
    '/api/brands-by-category',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Brands present in a category, with product counts',
        querystring: CategoryFilterQuery,
        response: { 200: BrandsResponse },
      },
    },
    async (request) => {
      const { brands } = await filterOptions(request, request.query);
      return answerData(brands.map((b) => ({ brand: b.value, count: b.count })));
    },
  );

  app.get(
    '/api/product_group/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A product group: title and one page of its products',
        params: ProductGroupParams,
        querystring: ProductGroupQuery,
        response: { 200: ProductGroupResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await getProductGroup(
        app.catalogue,
        request.params.id,
        q.lang,
        q.page,
        q.pagination,
        viewer(request, q.country),
      );
      return answerData(data);
    },
  );

  // Development and browser journeys only (like the dev mailbox): callers on this machine and
  // staff; never registered in production.
  if (app.config.env !== 'production') {
    app.post(
      '/api/dev/products',
      {
        preValidation: devToolsOnly,
        schema: {
          tags: ['dev'],
          summary:
            'Adds one product (not in production); raw_names keeps the names unsanitised to test the browser',
          body: DevProductBody,
          response: { 200: DevProductResponse },
        },
      },
      async (request) => ({
        status: true as const,
        ...(await createDevProduct(app.catalogue, request.body)),
      }),
    );
  }
};
