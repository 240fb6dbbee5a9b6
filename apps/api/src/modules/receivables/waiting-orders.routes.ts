import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminWaitingOrdersQuery,
  AdminWaitingOrdersResponse,
  ErrorBody,
} from '@wholesale/contract';
import { staffRoutes } from '../../plugins/auth';
import { listWaitingOrders } from './waiting-orders';

/**
 * The orders waiting for credit, for credit staff (and admin) on Receivables
 * (docs/product/accounts-receivable.md "Orders waiting for credit"): the desk's `waiting=credit`
 * list is the orders staff's, and credit staff need to find the orders they act on.
 */
export const waitingOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = staffRoutes(['credit'], { tag: 'receivables' });
  app.get(
    '/api/admin/receivables/waiting-orders',
    staff({
      summary:
        'Staff: placed orders waiting for credit (opening deposit owed, credit hold), oldest first; paged',
      querystring: AdminWaitingOrdersQuery,
      response: { 200: AdminWaitingOrdersResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
    }),
    async (request) => {
      const q = request.query;
      const page = await listWaitingOrders(app.db, { page: q.page, perPage: q.per_page });
      return { status: true as const, ...page };
    },
  );
};
