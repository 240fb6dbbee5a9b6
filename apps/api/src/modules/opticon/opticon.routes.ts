import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LangParam,
  OpticonMatchBody,
  OpticonMatchResponse,
  OpticonResponse,
  QuickOrderSuggestQuery,
  QuickOrderSuggestResponse,
  StoreOpticonBody,
} from '@wholesale/contract';
import { z } from 'zod';
import { customerRoutes } from '../../plugins/auth';
import { cartOwner } from '../cart';
import { previewScans, suggest, uploadScans } from './opticon.service';
import { answerData } from '../../lib/answer';

/** Opticon scanner upload (docs/product/opticon.md POST /opticon): the browser parses the file, the server matches and adds. */
export const opticonRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = customerRoutes('cart');
  app.post(
    '/api/opticon',
    {
      ...route({
        summary: 'Add scanned codes (barcode or product id) to the cart; one result per line',
        querystring: z.object({ lang: LangParam }),
        body: StoreOpticonBody,
        response: { 200: OpticonResponse },
      }),
      // An upload sent again under its Idempotency-Key adds nothing twice (plugins/idempotency.ts).
      config: { idempotency: 'store' },
    },
    async (request) => {
      const body = request.body;
      const owner = cartOwner(request, body.user_id, request.query.lang, body.country);
      return uploadScans(app.db, owner, request.body.products);
    },
  );

  app.post(
    '/api/opticon/match',
    route({
      summary: 'Preview an upload: the product each code matches (nothing is added)',
      querystring: z.object({ lang: LangParam }),
      body: OpticonMatchBody,
      response: { 200: OpticonMatchResponse },
    }),
    async (request) => {
      const owner = cartOwner(request, undefined, request.query.lang);
      return answerData(await previewScans(app.db, owner, request.body.codes));
    },
  );

  app.get(
    '/api/quick-order/suggest',
    route({
      summary: 'Quick-order pad suggestions by product id, barcode or name',
      querystring: QuickOrderSuggestQuery,
      response: { 200: QuickOrderSuggestResponse },
    }),
    async (request) => {
      const owner = cartOwner(request, undefined, request.query.lang);
      return answerData(await suggest(app.db, owner, request.query.q));
    },
  );
};
