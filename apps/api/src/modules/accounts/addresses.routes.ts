import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddressBody, AddressBookResponse, AddressIdParams, ErrorBody } from '@wholesale/contract';
import { customerRoutes, requireCustomer } from '../../plugins/auth';
import {
  changeAddressBook,
  getAddressBook,
  type AddressBookChange,
} from '../../workflows/address-book';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * The buyer's address book (docs/product/accounts.md "Addresses"): the signed-in account's own
 * addresses only (another account's address id answers 404). Every write answers the whole book.
 */
export const addressBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = customerRoutes('accounts');
  const book = async (userId: number) => ({
    status: true as const,
    addresses: await getAddressBook(app.db, userId),
  });
  const change = async (request: FastifyRequest, what: AddressBookChange) => ({
    status: true as const,
    addresses: await changeAddressBook(app.db, requireCustomer(request).id, what),
  });

  app.get(
    '/api/me/addresses',
    route({
      summary: "The caller's address book, default first, with each address's open orders",
      response: { 200: AddressBookResponse, 401: ErrorBody, 403: ErrorBody },
    }),
    async (request) => book(requireCustomer(request).id),
  );

  app.post(
    '/api/me/addresses',
    route({
      summary: 'Adds an address (the first one becomes the default ship-to)',
      body: AddressBody,
      response: { 200: AddressBookResponse, ...errors },
    }),
    (request) => change(request, { kind: 'add', body: request.body }),
  );

  app.put(
    '/api/me/addresses/:id',
    route({
      summary: 'Rewrites an address (orders already placed keep their own copy)',
      params: AddressIdParams,
      body: AddressBody,
      response: { 200: AddressBookResponse, ...errors },
    }),
    (request) => change(request, { kind: 'edit', id: request.params.id, body: request.body }),
  );

  app.post(
    '/api/me/addresses/:id/default',
    route({
      summary: 'Makes an address the default ship-to',
      params: AddressIdParams,
      response: { 200: AddressBookResponse, ...errors },
    }),
    (request) => change(request, { kind: 'default', id: request.params.id }),
  );

  app.delete(
    '/api/me/addresses/:id',
    route({
      summary:
        'Removes an unused address (409 for the default, the billing address, or one an open order ships to)',
      params: AddressIdParams,
      response: { 200: AddressBookResponse, ...errors },
    }),
    (request) => change(request, { kind: 'remove', id: request.params.id }),
  );
};
