import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddFavouriteQuery,
  DeleteFavouriteQuery,
  FavouriteChangeResponse,
  FavouritesQuery,
  FavouritesResponse,
} from '@wholesale/contract';
import { customerRoutes, requireOwnCustomer } from '../../plugins/auth';
import { requestCountry } from '../../lib/request-country';
import { listFavourites, setFavourite } from './favourites.service';

/** Favourites calls of docs/product/favourites.md under /api; signed-in customers only. */
export const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = customerRoutes('favourites');

  app.get(
    '/api/favorite',
    route({
      summary: "The caller's favourite products",
      querystring: FavouritesQuery,
      response: { 200: FavouritesResponse },
    }),
    async (request) => {
      const user = requireOwnCustomer(request, request.query.user_id);
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
      ...route({ summary, querystring, response: { 200: FavouriteChangeResponse } }),
      // A repeated Idempotency-Key answers the first attempt (plugins/idempotency.ts).
      config: { idempotency: 'store' },
      handler: async (request) => {
        const user = requireOwnCustomer(request, request.query.user_id);
        const country = requestCountry(request, request.query.country);
        return setFavourite(app.db, user.id, country, request.query.product_id, favourite);
      },
    });
  }
};
