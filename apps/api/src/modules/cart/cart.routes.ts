import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import {
  CartAddResponse,
  CartQuery,
  CartResponse,
  LangParam,
  StoreAddManyToCartBody,
  StoreAddToCartBody,
  StoreDeleteCartLineQuery,
  StoreEmptyCartQuery,
  StoreSetCartItemBody,
  UserIdParam,
  type Lang,
} from '@wholesale/contract';
import { requireCustomer, requireOwnCustomer, signedInSecurity } from '../../plugins/auth';
import { requestCountry } from '../../lib/request-country';
import { parseInput } from '../../lib/parse-input';
import { customerPricesKept, shopDayAt } from '../pricing';
import { okAnswerInSchemaOrder } from '../../lib/fast-serializer';
import {
  addAllToCart,
  addToCart,
  assertWithinLinePacks,
  emptyCart,
  readCart,
  removeCartLine,
  setCartItem,
  type CartOwner,
} from './cart.service';

/**
 * The cart's owner is always the session's user, in the user's own country; the cart is priced on
 * the shop's day by the app's clock, with no price-list statement for a customer the pricing
 * module's has-lists cache knows has no list.
 */
export function cartOwner(
  request: FastifyRequest,
  userIdParam: unknown,
  lang: Lang,
  country?: 'ca' | 'us',
): CartOwner {
  const user = requireOwnCustomer(request, userIdParam);
  const app = request.server;
  const customer = { customerId: user.id, country: requestCountry(request, country) };
  return {
    userId: user.id,
    country: customer.country,
    lang,
    today: shopDayAt(app.pricing, app.clock.now()),
    keptPrices: (tx, products, packs, day) =>
      customerPricesKept(app.pricing, customer, products, day, packs, tx),
  };
}

/** The query of the cart's JSON writes: the original front end names its user here or in the body. */
const PostedCartQuery = z.object({ user_id: UserIdParam, lang: LangParam });

/** cartOwner of a JSON write, whose user_id may stand in the query or the body (the query wins). */
function postedCartOwner(
  request: FastifyRequest,
  query: z.infer<typeof PostedCartQuery>,
  body: { user_id?: unknown },
): CartOwner {
  return cartOwner(request, query.user_id ?? body.user_id, query.lang);
}

/**
 * NOTE: a cart answer is written without checking it against CartResponse again, by
 * fast-json-stringify in the schema's order (lib/fast-serializer.ts). It is built field by field by
 * cart.service.ts (typed as CartResponse); checking a 50-line cart with zod on every add cost about
 * a tenth of the request's CPU in the API process, and JSON.stringify of it took 2–3 times as long
 * as this (docs/product/operations.md, "Buyer write path"). The tests parse answers with the schema.
 */
const cartSerializer = okAnswerInSchemaOrder;

/** Cart calls of docs/product/cart-and-orders.md under /api; each answers the whole cart but the add (its line and the cart's figures). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', (request, _reply, done) => {
    requireCustomer(request);
    done();
  });
  const security = signedInSecurity();
  const tags = ['cart'];
  // Every cart write answers a repeated Idempotency-Key from the first attempt (plugins/idempotency.ts).
  const idempotent = { idempotency: 'store' } as const;
  /** A cart write: its answer serialized like a read's, a repeated Idempotency-Key answered again. */
  const writeRoute = <S extends object>(schema: S) => ({
    schema: { tags, security, ...schema },
    serializerCompiler: cartSerializer,
    config: idempotent,
  });
  /** The JSON writes: their user_id may stand in the query or the body (postedCartOwner). */
  const postedRoute = <S extends object>(schema: S) =>
    writeRoute({ querystring: PostedCartQuery, ...schema });

  app.get(
    '/api/cart',
    {
      schema: {
        tags,
        summary: "The caller's cart",
        security,
        querystring: CartQuery,
        response: { 200: CartResponse },
      },
      serializerCompiler: cartSerializer,
    },
    async (request) => {
      const q = request.query;
      const owner = cartOwner(request, q.user_id, q.lang, q.country);
      return readCart(app.db, owner, undefined, app.catalogue.products);
    },
  );

  app.post(
    '/api/cart/add',
    postedRoute({
      summary:
        'Add ship packs of a product to the cart (prices are looked up by the server); answers the written line, the total and the count',
      body: StoreAddToCartBody,
      response: { 200: CartAddResponse },
    }),
    async (request) => {
      const owner = postedCartOwner(request, request.query, request.body);
      assertWithinLinePacks(request.body.item, app.config.maxLinePacks);
      // One atomic upsert: no transaction needed (cart.queries.ts addCartQuantity).
      return addToCart(
        app.db,
        owner,
        request.body.product_id,
        request.body.item,
        app.config.maxLinePacks,
        app.catalogue.products,
      );
    },
  );

  app.post(
    '/api/cart/add-many',
    postedRoute({
      summary: 'Add several products at once, all or nothing (the product group page)',
      body: StoreAddManyToCartBody,
      response: { 200: CartResponse },
    }),
    async (request) => {
      const owner = postedCartOwner(request, request.query, request.body);
      return addAllToCart(app.db, owner, request.body.items);
    },
  );

  // The original front end sends id, user_id, item without saying where (docs/product/cart-and-orders.md): the query and a JSON body both work.
  app.post(
    '/api/add/item',
    writeRoute({
      summary: "Set a cart line's quantity (0 removes it) or selection",
      querystring: z.record(z.string(), z.string()).optional(),
      body: z.record(z.string(), z.unknown()).optional().nullable(),
      response: { 200: CartResponse },
    }),
    async (request) => {
      const input = parseInput(StoreSetCartItemBody, {
        ...(request.query ?? {}),
        ...(request.body ?? {}),
      });
      if (input.item !== undefined) assertWithinLinePacks(input.item, app.config.maxLinePacks);
      const owner = cartOwner(request, input.user_id, input.lang);
      return setCartItem(app.db, owner, input.id, { item: input.item, selected: input.selected });
    },
  );

  app.delete(
    '/api/cart/delete',
    writeRoute({
      summary: 'Remove one cart line',
      querystring: StoreDeleteCartLineQuery,
      response: { 200: CartResponse },
    }),
    async (request) => {
      const owner = cartOwner(request, request.query.user_id, request.query.lang);
      return removeCartLine(app.db, owner, request.query.id);
    },
  );

  app.delete(
    '/api/cart-delete-all',
    writeRoute({
      summary: 'Empty the cart',
      querystring: StoreEmptyCartQuery,
      response: { 200: CartResponse },
    }),
    async (request) => {
      const owner = cartOwner(request, request.query.user_id, request.query.lang);
      return emptyCart(app.db, owner);
    },
  );
};
