import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminCustomerPatchBody,
  AdminCustomerResponse,
  AdminCustomersQuery,
  AdminCustomersResponse,
  CustomerIdParams,
  CustomerSummaryDto,
  ErrorBody,
} from '@wholesale/contract';
import { z } from 'zod';
import { accountActivationRoutes, staffOf, staffRoute } from '../../plugins/auth';
import { customerMailRoute } from './customer-password.routes';
import { sendCustomerPasswordReset } from './customer-password';
import { getCustomer, listCustomers, patchCustomer, setCustomerActive } from './customers.service';
import { answerData } from '../../lib/answer';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const CustomerSummaryResponse = z.object({ status: z.literal(true), data: CustomerSummaryDto });

/**
 * Customer administration: credit (and admin) may read and act; orders may read only
 * (docs/product/back-office-staff-and-customers.md "Customers").
 */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Account changes go through the app's session cache too (its sessions of the user are dropped).
  const accounts = { db: app.db, sessions: app.sessions };
  app.get(
    '/api/admin/customers',
    staffRoute(['credit', 'orders'], {
      summary: 'Staff: customers by name, e-mail, customer code or company, a page at a time',
      querystring: AdminCustomersQuery,
      response: { 200: AdminCustomersResponse, 400: ErrorBody },
    }),
    async (request) => {
      return listCustomers(app.db, request.query);
    },
  );

  app.get(
    '/api/admin/customers/:id',
    staffRoute(['credit', 'orders'], {
      summary: 'Staff: one customer with orders, favourites and the application behind it',
      params: CustomerIdParams,
      response: { 200: AdminCustomerResponse, ...errors },
    }),
    async (request) =>
      answerData(await getCustomer(app.db, app.config, staffOf(request), request.params.id)),
  );

  app.patch(
    '/api/admin/customers/:id',
    staffRoute(['credit'], {
      summary: 'Staff: change country (price list), customer code or staff note',
      params: CustomerIdParams,
      body: AdminCustomerPatchBody,
      response: { 200: CustomerSummaryResponse, ...errors },
    }),
    async (request) =>
      answerData(await patchCustomer(accounts, staffOf(request), request.params.id, request.body)),
  );

  accountActivationRoutes(app, {
    url: '/api/admin/customers',
    roles: ['credit'],
    summaries: {
      deactivate: 'Staff: deactivate a customer (their sessions end at once)',
      reactivate: 'Staff: reactivate a customer',
    },
    params: CustomerIdParams,
    dto: CustomerSummaryDto,
    setActive: (staff, id, active) => setCustomerActive(accounts, staff, id, active),
  });

  customerMailRoute(
    app,
    '/api/admin/customers/:id/password-reset',
    'Staff: e-mail the customer a password-reset link',
    sendCustomerPasswordReset,
  );
};
