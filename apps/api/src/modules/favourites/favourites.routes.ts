import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddFavouriteQuery,
  DeleteFavouriteQuery,
  FavouriteChangeResponse,
  FavouritesQuery,
  FavouritesResponse,
} from '@wholesale/contract';
import { assertOwnUserId, requireCustomer } from '../../plugins/auth';
import { requestCountry } from '../../lib/request-country';
import { addFavourite, listFavourites, removeFavourite } from './favourites.service';

/** Favourites calls of docs/product/favourites.md under /api; signed-in customers only. */
export const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Guests get 401 before their input is even looked at.
  app.addHook('preValidation', async (request) => {
    requireCustomer(request);
  });
  const security: Array<Record<string, string[]>> = [{ bearer: [] }, { session: [] }];

  app.get(
    '/api/favorite',
    {
      schema: {
        tags: ['favourites'],
        summary: "The caller's favourite products",
        security,
        querystring: FavouritesQuery,
        response: { 200: FavouritesResponse },
      },
    },
    async (request) => {
      const user = requireCustomer(request);
      assertOwnUserId(user, request.query.user_id);
      return listFavourites(
        app.db,
        user.id,
        requestCountry(request, request.query.country),
        request.query.lang,
      );
    },
  );

  app.post(
    '/api/fav/add',
    {
      schema: {
        tags: ['favourites'],
        summary: 'Add a favourite',
        security,
        querystring: AddFavouriteQuery,
        response: { 200: FavouriteChangeResponse },
      },
    },
    async (request) => {
      const user = requireCustomer(request);
      assertOwnUserId(user, request.query.user_id);
      return addFavourite(
        app.db,
        user.id,
        requestCountry(request, request.query.country),
        request.query.product_id,
      );
    },
  );

  app.delete(
    '/api/fav/delete',
    {
      schema: {
        tags: ['favourites'],
        summary: 'Remove a favourite',
        security,
        querystring: DeleteFavouriteQuery,
        response: { 200: FavouriteChangeResponse },
      },
    },
    async (request) => {
      const user = requireCustomer(request);
      assertOwnUserId(user, request.query.user_id);
      return removeFavourite(
        app.db,
        user.id,
        requestCountry(request, request.query.country),
        request.query.product_id,
      );
    },
  );
};
