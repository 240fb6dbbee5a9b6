import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LangParam,
  OptionalCountryParam,
  PageParam,
  PageSizeParam,
  SearchResponse,
  SuggestResponse,
} from '@wholesale/contract';
import { readFromReplicaHook } from '../../db/read-replica';
import { okAnswerInSchemaOrder } from '../../lib/fast-serializer';
import { requestCountry } from '../../lib/request-country';
import { requestViewer } from '../catalogue';
import { searchCatalogue, suggestCatalogue, type SearchContext } from './search.service';
import { answerData } from '../../lib/answer';

// NOTE: hostile or pasted text is cut, not refused: the search box must always answer (docs/product/search.md).
const searchText = z
  .string()
  .optional()
  .transform((v) => (v ?? '').slice(0, 1000));

/** docs/product/search.md search (`GET /api/search/`, body's `data` holds the results) and suggestions while typing. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // Search reads may be answered by a read replica (DATABASE_READ_URL, db/read-replica.ts).
  app.addHook('preHandler', readFromReplicaHook);
  // Answers are built by search.service.ts with the contract's types; see lib/fast-serializer.ts.
  app.setSerializerCompiler(okAnswerInSchemaOrder);
  // The catalogue's database and caches (app.catalogue) and the app's search index (app.searchIndex).
  const ctx: SearchContext = {
    db: app.catalogue.db,
    caches: app.catalogue.caches,
    searchIndex: app.searchIndex,
  };
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary:
          'Search products (SKU, barcode, words in en/fr/es, typos) and categories; lang_code empty means en',
        querystring: z.object({
          search_term: searchText.describe('The text typed by the buyer'),
          lang_code: LangParam,
          page: PageParam,
          pagination: PageSizeParam,
          country: OptionalCountryParam,
        }),
        response: { 200: SearchResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await searchCatalogue(
        ctx,
        q.search_term,
        q.lang_code,
        q.page,
        q.pagination,
        requestViewer(app, request, q.country),
      );
      return answerData(data);
    },
  );

  app.get(
    '/api/search/suggest',
    {
      schema: {
        tags: ['search'],
        summary: 'Suggestions while typing: up to 6 products and 4 categories (no prices)',
        querystring: z.object({
          q: searchText,
          lang_code: LangParam,
          country: OptionalCountryParam,
        }),
        response: { 200: SuggestResponse },
      },
    },
    async (request) => {
      const q = request.query;
      const data = await suggestCatalogue(
        ctx,
        q.q,
        q.lang_code,
        requestCountry(request, q.country),
      );
      return answerData(data);
    },
  );
};
