import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OpticonResponse, StoreOpticonBody } from '@wholesale/contract';
import { z } from 'zod';
import { LangParam } from '@wholesale/contract';
import { assertOwnUserId, requireCustomer } from '../../plugins/auth';
import { requestCountry } from '../../lib/request-country';
import { uploadScans } from './opticon.service';

/** Opticon scanner upload (SPEC.md §7 POST /opticon): the browser parses the file, the server matches and adds. */
export const opticonRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireCustomer(request);
  });
  app.post(
    '/api/opticon',
    {
      schema: {
        tags: ['cart'],
        summary: 'Add scanned codes (barcode or product id) to the cart; one result per line',
        security: [{ bearer: [] as string[] }, { session: [] as string[] }],
        querystring: z.object({ lang: LangParam }),
        body: StoreOpticonBody,
        response: { 200: OpticonResponse },
      },
    },
    async (request) => {
      const user = requireCustomer(request);
      assertOwnUserId(user, request.body.user_id);
      const owner = { userId: user.id, country: requestCountry(request, request.body.country), lang: request.query.lang };
      return app.db.transaction((tx) => uploadScans(tx, owner, request.body.products));
    },
  );
};
