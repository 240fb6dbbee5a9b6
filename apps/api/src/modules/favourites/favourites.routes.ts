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
import { listFavourites, setFavourite } from './favourites.service';

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

  const changes = [
    {
      method: 'POST',
      url: '/api/fav/add',
      summary: 'Add a favourite',
      querystring: AddFavouriteQuery,
      favourite: true,
    },
    {
      method: 'DELETE',
      url: '/api/fav/delete',
      summary: 'Remove a favourite',
      querystring: DeleteFavouriteQuery,
      favourite: false,
    },
  ] as const;
  for (const { method, url, summary, querystring, favourite } of changes) {
    app.route({
      method,
      url,
      schema: {
        tags: ['favourites'],
        summary,
        security,
        querystring,
        response: { 200: FavouriteChangeResponse },
      },
      handler: async (request) => {
        const user = requireCustomer(request);
        assertOwnUserId(user, request.query.user_id);
        const country = requestCountry(request, request.query.country);
        return setFavourite(app.db, user.id, country, request.query.product_id, favourite);
      },
    });
  }
};
