import { z } from 'zod';
import { idSchema, MAX_DATABASE_INTEGER, ProductIdText } from '../common/safe-input';
import { CountryParam, LangParam, okResponse, OptionalCountryParam } from '../common';
import { BuyerPriceReason } from '../catalogue';
import { LineNextBreak } from './line-price';

export * from './line-price';

/**
 * The original front end passes user_id on every cart and order call (docs/product/cart-and-orders.md); it is accepted for compatibility only and
 * must equal the caller's own id (docs/decisions/002-country-and-identity.md).
 */
export const UserIdParam = z.union([z.string().trim().max(20), z.number().int()]).optional();

/** A product reference: the SKU code (string) or the numeric product id of a product card. */
export const ProductRef = z.union([
  z
    .number({ message: 'product_id is required' })
    .int()
    .positive()
    .max(MAX_DATABASE_INTEGER, { message: 'product_id is not a product' }),
  ProductIdText,
]);
export type ProductRef = z.infer<typeof ProductRef>;

const ITEM_MESSAGE = 'Quantity must be a whole number of ship packs';

/**
 * A quantity in ship packs. Accepts a number or digit string (old clients send strings); negative
 * or non-numeric values are refused with a message naming the field (docs/product/cart-and-orders.md).
 */
export const ItemQuantity = z
  .union([z.number({ message: ITEM_MESSAGE }), z.string({ message: ITEM_MESSAGE }).trim()])
  .transform((value, ctx) => {
    const n =
      typeof value === 'number' ? value : /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: ITEM_MESSAGE });
      return z.NEVER;
    }
    if (n < 0) {
      ctx.addIssue({ code: 'custom', message: 'Quantity cannot be negative' });
      return z.NEVER;
    }
    if (n > 100_000) {
      ctx.addIssue({ code: 'custom', message: 'Quantity is too large' });
      return z.NEVER;
    }
    return n;
  });

/** Cart calls read lang and country like the rest of docs/product/cart-and-orders.md. */
export const CartQuery = z.object({
  user_id: UserIdParam,
  lang: LangParam,
  country: OptionalCountryParam,
});
export type CartQuery = z.infer<typeof CartQuery>;

/** POST /api/cart/add body ("productobj"): the product and how many ship packs to add. */
export const StoreAddToCartBody = z.object({
  product_id: ProductRef,
  item: ItemQuantity.refine((n) => n >= 1, { message: 'Quantity must be at least 1' }),
  user_id: UserIdParam,
});
export type StoreAddToCartBody = z.input<typeof StoreAddToCartBody>;

/** The most products one add-many call takes (a product group page holds far fewer). */
export const ADD_MANY_MAX_ITEMS = 200;

/** POST /api/cart/add-many: several products at once, all or nothing (the product group page). */
export const StoreAddManyToCartBody = z.object({
  items: z
    .array(
      z.object({
        product_id: ProductRef,
        item: ItemQuantity.refine((n) => n >= 1, { message: 'Quantity must be at least 1' }),
      }),
      { message: 'items must list products and quantities' },
    )
    .min(1, { message: 'items must name at least one product' })
    .max(ADD_MANY_MAX_ITEMS, { message: `items may name at most ${ADD_MANY_MAX_ITEMS} products` }),
  user_id: UserIdParam,
});
export type StoreAddManyToCartBody = z.input<typeof StoreAddManyToCartBody>;

/** POST /api/add/item: set a cart line's quantity (0 removes it) and/or its selection. */
export const StoreSetCartItemBody = z
  .object({
    id: idSchema('id'),
    item: ItemQuantity.optional(),
    selected: z
      .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
      .optional(),
    user_id: UserIdParam,
    lang: LangParam,
  })
  .refine((b) => b.item !== undefined || b.selected !== undefined, {
    message: 'item is required',
    path: ['item'],
  });
export type StoreSetCartItemBody = z.input<typeof StoreSetCartItemBody>;

/** DELETE /api/cart/delete query. */
export const StoreDeleteCartLineQuery = z.object({
  id: idSchema('id'),
  user_id: UserIdParam,
  lang: LangParam,
});

/** DELETE /api/cart-delete-all query. */
export const StoreEmptyCartQuery = z.object({ user_id: UserIdParam, lang: LangParam });

/** docs/product/cart-and-orders.md cart line as the server answers it; money in dollars (2 decimals). */
export const CartLine = z.object({
  id: z.number().int(),
  /** Numeric id of the product (as on product cards). */
  product: z.number().int(),
  product_id: z.string(),
  name: z.string(),
  item: z.number().int(),
  price: z.number(),
  selling_price: z.number(),
  retail_price: z.number(),
  ship_pack: z.number().int(),
  available: z.number().int(),
  class: z.string(),
  image: z.string(),
  selected: z.boolean(),
  unavailable: z.boolean(),
  line_total: z.number(),
  /** Why one unit costs `price` at this line's packs (the customer's price, docs/product/pricing.md). */
  price_reason: BuyerPriceReason,
  /** The next volume break of the line's price ("2 more packs for CA$0.20 each"); null: none. */
  next_break: LineNextBreak.nullable(),
});
export type CartLine = z.infer<typeof CartLine>;

/** What happened to the quantity the caller asked for (docs/product/cart-and-orders.md clamping). */
export const CartNotice = z.object({
  product_id: z.string(),
  requested: z.number().int(),
  quantity: z.number().int(),
  clamped: z.boolean(),
});
export type CartNotice = z.infer<typeof CartNotice>;

/** Every cart call answers the whole cart: {status, products, total} (docs/product/cart-and-orders.md). */
export const CartResponse = okResponse({
  products: z.array(CartLine),
  total: z.number(),
  count: z.number().int(),
  notice: CartNotice.optional(),
});
export type CartResponse = z.infer<typeof CartResponse>;

/**
 * POST /api/cart/add answers the line the add wrote and the cart's figures, not every line
 * (decision 025, 2026-11-26 update): `line` as a cart read would show it, `total` and `count` of the
 * whole cart after the add, and what happened to the quantity asked for. The web puts the line into
 * the cart it holds and reads the cart again when its own lines no longer add up to `count` and
 * `total` (lib/cart-cache.ts `withServerLine`).
 */
export const CartAddResponse = okResponse({
  line: CartLine,
  total: z.number(),
  count: z.number().int(),
  notice: CartNotice,
});
export type CartAddResponse = z.infer<typeof CartAddResponse>;

/** Country of a request body (opticon) where the original front end sends it. */
export const BodyCountry = CountryParam;
