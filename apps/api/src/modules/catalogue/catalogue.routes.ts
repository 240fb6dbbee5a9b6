import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoriesResponse, LangParam, OptionalCountryParam } from '@wholesale/contract';
import { getCategoryTree } from './catalogue.service';
import { requestCountry } from '../../lib/request-country';

/** Catalogue calls of SPEC.md §7 under /api. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return { status: true as const, data: await getCategoryTree(app.db, request.query.lang, country) };
    },
  );
};
