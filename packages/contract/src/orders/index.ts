import { z } from 'zod';
import { optionalOrBlank } from '../common/optional-input';
import { OrderCreditFacts } from '../receivables';
import { idSchema } from '../common/safe-input';
import {
  LangParam,
  OptionalCountryParam,
  PageParam,
  listResponse,
  okResponse,
  optionalDateField,
} from '../common';
import { CartResponse, UserIdParam } from '../cart';
import { OrderShippingFacts } from './shipping-facts';
import { PlacedOrderCreditFacts, RequestedShipDateField } from './placing';

/** docs/product/cart-and-orders.md / DESIGN: a customer's first order must reach the opening minimum of its country. */
export const OPENING_ORDER_MINIMUM_CENTS = { ca: 50_000, us: 20_000 } as const;

/** True when this order total may be placed, given whether the customer has ordered before. */
export function meetsOpeningMinimum(
  totalCents: number,
  country: 'ca' | 'us',
  isFirstOrder: boolean,
): boolean {
  return !isFirstOrder || totalCents >= OPENING_ORDER_MINIMUM_CENTS[country];
}

import { ORDER_STATUSES } from './workflow';
import { OrderLine, OrderShipment, OrderStatusStep } from './lines';

export * from './workflow';
export * from './desk';
export * from './phone-cart';
export * from './webhooks';
export * from './lines';
export * from './shipping-facts';

const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.union([z.array(item), item]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);

/**
 * POST /api/store/orders body. docs/product/cart-and-orders.md payload (order_qty, price, date, product_id, user_id,
 * order_comment) is accepted, but only product_id is used, to pick which cart lines to order:
 * quantities and prices always come from the cart and the database. Without product_id the
 * selected cart lines are ordered.
 */
export const StorePlaceOrderBody = z.object({
  product_id: listOf(z.union([z.string().trim().min(1).max(64), z.number().int()])).optional(),
  order_qty: z.unknown().optional(),
  price: z.unknown().optional(),
  date: z.unknown().optional(),
  user_id: UserIdParam,
  order_comment: z
    .string()
    .max(2000, { message: 'The comment is too long (2000 characters at most)' })
    .optional(),
  po_number: z
    .string()
    .trim()
    .max(60, { message: 'The PO number is too long (60 characters at most)' })
    .optional(),
  /** One of the account's ship-to addresses; absent: the default address. */
  ship_to_address_id: z.coerce
    .number({ message: 'ship_to_address_id must be one of your addresses' })
    .int({ message: 'ship_to_address_id must be one of your addresses' })
    .positive({ message: 'ship_to_address_id must be one of your addresses' })
    .optional(),
  requested_ship_date: RequestedShipDateField,
  lang: LangParam,
});
export type StorePlaceOrderBody = z.input<typeof StorePlaceOrderBody>;

export const PlaceOrderResponse = okResponse({
  order_id: z.number().int(),
  total: z.number(),
  replayed: z.boolean(),
  ...PlacedOrderCreditFacts.shape,
});
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;

export const OrderSummary = z.object({
  order_id: z.number().int(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** When the order reached its current status. */
  status_at: z.string().optional(),
  /** The staff member who placed the order for the buyer (a phone order); null otherwise. */
  placed_by: z.string().nullable().optional(),
  country: z.enum(['ca', 'us']),
  total: z.number(),
  po_number: z.string().nullable(),
  order_comment: z.string().nullable(),
  lines: z.number().int(),
  ...OrderShippingFacts.shape,
  ...OrderCreditFacts.shape,
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderDetail = OrderSummary.extend({
  products: z.array(OrderLine),
  shipments: z.array(OrderShipment).optional(),
  history: z.array(OrderStatusStep).optional(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** GET /api/order-history query: the original names plus pagination and filters (newest first). */
export const OrderHistoryQuery = z.object({
  user_id: UserIdParam,
  country: OptionalCountryParam,
  lang: LangParam,
  order_id: idSchema('order_id').optional(),
  page: PageParam,
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  from: optionalDateField('from'),
  to: optionalDateField('to'),
  status: optionalOrBlank(z.enum(ORDER_STATUSES, { message: 'Unknown order status' })),
});
export type OrderHistoryQuery = z.input<typeof OrderHistoryQuery>;

export const OrderHistoryResponse = listResponse(OrderSummary);
export type OrderHistoryResponse = z.infer<typeof OrderHistoryResponse>;

/** GET /api/fetch-order: one order with its lines (the latest one when order_id is absent). */
export const FetchOrderQuery = z.object({
  user_id: UserIdParam,
  order_id: idSchema('order_id').optional(),
  lang: LangParam,
});
export const FetchOrderResponse = okResponse({
  order: OrderDetail.nullable(),
});
export type FetchOrderResponse = z.infer<typeof FetchOrderResponse>;

/** POST /api/re-orders: query or body user_id, order_id. */
export const ReorderParams = z.object({
  user_id: UserIdParam,
  order_id: idSchema('order_id'),
  lang: LangParam,
});

export const ReorderSkip = z.object({
  product_id: z.string(),
  requested: z.number().int(),
  added: z.number().int(),
  reason: z.enum(['unavailable', 'clamped', 'discontinued']),
});
export type ReorderSkip = z.infer<typeof ReorderSkip>;

/** Re-order answers the cart, how many lines were added, and the lines it could not add fully. */
export const ReorderResponse = CartResponse.extend({
  added: z.number().int(),
  skipped: z.array(ReorderSkip),
});
export type ReorderResponse = z.infer<typeof ReorderResponse>;
