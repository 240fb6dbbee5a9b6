import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressBody,
  AddressBookResponse,
  CustomerAddressParams,
  CustomerIdParams,
  ErrorBody,
} from '@wholesale/contract';
import { staffOf, staffRoute } from '../../plugins/auth';
import {
  changeAddressBook,
  getCustomerAddressBook,
  type AddressBookChange,
} from '../../workflows/address-book';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * A customer's address book on the back-office customer screen
 * (docs/product/back-office-staff-and-customers.md "Customers"): orders staff read it (they ship
 * to it), credit (and admin) change it; every change is audit-logged.
 */
export const customerAddressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/customers/:id/addresses',
    staffRoute(['credit', 'orders'], {
      summary: "Staff: a customer's address book, default first, with each address's open orders",
      params: CustomerIdParams,
      response: { 200: AddressBookResponse, ...errors },
    }),
    async (request) => ({
      status: true as const,
      addresses: await getCustomerAddressBook(app.db, request.params.id),
    }),
  );

  const change = async (request: FastifyRequest, customerId: number, what: AddressBookChange) => {
    const staff = staffOf(request);
    const addresses = await changeAddressBook(app.db, customerId, what, staff);
    return { status: true as const, addresses };
  };

  app.post(
    '/api/admin/customers/:id/addresses',
    staffRoute(['credit'], {
      summary: "Staff: adds an address to a customer's book (audited)",
      params: CustomerIdParams,
      body: AddressBody,
      response: { 200: AddressBookResponse, ...errors },
    }),
    (request) => change(request, request.params.id, { kind: 'add', body: request.body }),
  );

  app.put(
    '/api/admin/customers/:id/addresses/:address_id',
    staffRoute(['credit'], {
      summary: "Staff: rewrites an address of a customer's book (audited)",
      params: CustomerAddressParams,
      body: AddressBody,
      response: { 200: AddressBookResponse, ...errors },
    }),
    (request) =>
      change(request, request.params.id, {
        kind: 'edit',
        id: request.params.address_id,
        body: request.body,
      }),
  );

  app.post(
    '/api/admin/customers/:id/addresses/:address_id/default',
    staffRoute(['credit'], {
      summary: "Staff: makes an address the customer's default ship-to (audited)",
      params: CustomerAddressParams,
      response: { 200: AddressBookResponse, ...errors },
    }),
    (request) =>
      change(request, request.params.id, { kind: 'default', id: request.params.address_id }),
  );

  app.delete(
    '/api/admin/customers/:id/addresses/:address_id',
    staffRoute(['credit'], {
      summary:
        "Staff: removes an unused address of a customer's book (409 as for the buyer; audited)",
      params: CustomerAddressParams,
      response: { 200: AddressBookResponse, ...errors },
    }),
    (request) =>
      change(request, request.params.id, { kind: 'remove', id: request.params.address_id }),
  );
};
