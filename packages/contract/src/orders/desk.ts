import { z } from 'zod';
import { optionalOrBlank } from '../common/optional-input';
import { OrderCreditFacts } from '../receivables';
import { CheckoutResponse } from '../checkout';
import { CARRIERS, ORDER_STATUSES } from './workflow';
import { OrderLine, OrderShipment, OrderStatusStep } from './lines';
import { OrderShippingFacts } from './shipping-facts';
import { listResponse, okResponse, optionalDateField, optionalInstantField } from '../common';
import { PlacedOrderCreditFacts, RequestedShipDateField } from './placing';
import { countField, CustomerNumber, idSchema, MAX_DATABASE_INTEGER } from '../common/safe-input';

const optionalText = (field: string, max: number) =>
  optionalOrBlank(
    z
      .string()
      .trim()
      .max(max, { message: `${field} is too long (${max} characters at most)` }),
  );

export const ORDER_DESK_SORTS = [
  'created_desc',
  'created_asc',
  'total_desc',
  'total_asc',
  'updated_asc',
  'ship_date_asc',
  'ship_date_desc',
] as const;

/**
 * GET /api/admin/orders: the staff order desk. Every filter is optional; `updated_since` (an
 * ISO time) serves ERPs that poll with an integration token, oldest change first;
 * `ship_date_from`/`ship_date_to` keep the orders whose requested ship date is in that range of days
 * (orders without one, "as soon as possible", are left out by either).
 */
export const AdminOrderListQuery = z.object({
  status: optionalOrBlank(z.enum(ORDER_STATUSES, { message: 'status is not an order status' })),
  country: optionalOrBlank(z.enum(['ca', 'us'], { message: 'country must be ca or us' })),
  customer_id: CustomerNumber.optional(),
  from: optionalDateField('from'),
  to: optionalDateField('to'),
  ship_date_from: optionalDateField('ship_date_from'),
  ship_date_to: optionalDateField('ship_date_to'),
  q: optionalText('q', 100),
  updated_since: optionalInstantField('updated_since'),
  /** `credit`: the orders waiting for credit (a deposit not yet received, or a credit hold). */
  waiting: optionalOrBlank(z.enum(['credit'], { message: 'waiting must be credit' })),
  sort: z.enum(ORDER_DESK_SORTS, { message: 'sort is not a known order' }).default('created_desc'),
  page: countField(100_000, 'page must be a page number', undefined, 'page is too far').default(1),
  per_page: countField(
    200,
    'per_page must be a number',
    'per_page must be between 1 and 200',
  ).default(50),
});
export type AdminOrderListQuery = z.input<typeof AdminOrderListQuery>;

export const AdminOrderRow = z.object({
  order_id: z.number().int(),
  date: z.string(),
  updated_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  country: z.enum(['ca', 'us']),
  customer_id: z.number().int(),
  customer_name: z.string(),
  company_name: z.string().nullable(),
  po_number: z.string().nullable(),
  /** The day the buyer asked the order to ship (YYYY-MM-DD); null: as soon as possible. */
  requested_ship_date: z.string().nullable(),
  /** The goods total before taxes (dollars): what the `total_*` sorts order by. */
  total: z.number(),
  /** With the order's estimated taxes: what the customer owes (the waiting filter shows it). */
  total_with_tax: z.number(),
  version: z.number().int(),
  ...OrderCreditFacts.shape,
});
export type AdminOrderRow = z.infer<typeof AdminOrderRow>;

export const AdminOrderListResponse = listResponse(AdminOrderRow).extend({
  /** Orders per status under the same filters, the status filter aside. */
  counts: z.record(z.string(), z.number().int()),
});
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponse>;

export const AdminOrderParams = z.object({
  id: countField(MAX_DATABASE_INTEGER, 'id must be an order number'),
});

/**
 * GET /api/admin/orders/:id/packing-slip.pdf: with `parcel` (one of the order's shipments), the
 * slip that travels in that parcel; without, the slip of what is still to ship.
 */
export const PackingSlipQuery = z.object({ parcel: idSchema('parcel').optional() });

/** POST /api/admin/orders/:id/status */
export const ChangeOrderStatusBody = z.object({
  status: z.enum(ORDER_STATUSES, { message: 'status is not an order status' }),
  carrier: z.enum(CARRIERS, { message: 'carrier is not a known carrier' }).optional(),
  tracking_number: optionalText('tracking_number', 60),
  note: optionalText('note', 1000),
  /** The lines shipped in a partial shipment (order line ids). */
  line_ids: z
    .array(z.number({ message: 'line_ids must be line numbers' }).int().positive(), {
      message: 'line_ids must be a list of line numbers',
    })
    .max(1000, { message: 'line_ids is too long' })
    .optional(),
  /** The version the staff member saw; a different current version answers 409. */
  expected_version: z
    .number({ message: 'expected_version must be a number' })
    .int({ message: 'expected_version must be a number' })
    .positive({ message: 'expected_version must be a number' })
    .optional(),
});
export type ChangeOrderStatusBody = z.input<typeof ChangeOrderStatusBody>;

/** The customer an order is for, as the desk shows them. */
const DeskCustomerDto = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  customer_code: z.string().nullable(),
  lang: z.enum(['en', 'fr', 'es']),
});

export const AdminOrderDetail = z.object({
  order_id: z.number().int(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  version: z.number().int(),
  country: z.enum(['ca', 'us']),
  total: z.number(),
  po_number: z.string().nullable(),
  order_comment: z.string().nullable(),
  placed_by: z.string().nullable(),
  customer: DeskCustomerDto,
  /** The order's lines by their own id (a partial shipment names them), without the thumbnails. */
  lines: z.array(
    OrderLine.omit({ product: true, image: true }).extend({
      id: z.number().int(),
      shipment_id: z.number().int().nullable(),
    }),
  ),
  shipments: z.array(OrderShipment),
  history: z.array(OrderStatusStep),
  allowed: z.array(z.enum(ORDER_STATUSES)),
  /** Where, when and on what terms it ships, and its estimated taxes (the buyer's pages show the same). */
  ...OrderShippingFacts.shape,
  ...OrderCreditFacts.shape,
  /** When credit staff released the order's hold (null: never held, or still held). */
  hold_released_at: z.string().nullable().optional(),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

export const AdminOrderDetailResponse = okResponse({
  order: AdminOrderDetail,
});
export type AdminOrderDetailResponse = z.infer<typeof AdminOrderDetailResponse>;

/**
 * GET /api/admin/phone-orders/:customer_id/checkout: who the phone order is for and the checkout
 * choices the customer would see (their ship-to addresses, terms, opening minimum, ship date).
 */
export const PhoneOrderCheckoutResponse = CheckoutResponse.extend({
  customer: DeskCustomerDto.extend({ country: z.enum(['ca', 'us']) }),
});
export type PhoneOrderCheckoutResponse = z.infer<typeof PhoneOrderCheckoutResponse>;

/**
 * POST /api/admin/phone-orders/:customer_id: a phone order from the customer's selected cart lines,
 * with the checkout choices the customer would make (one of their ship-to addresses, a requested
 * ship date, PO number, comment).
 */
export const PhoneOrderBody = z.object({
  po_number: optionalText('po_number', 60),
  order_comment: optionalText('order_comment', 2000),
  ship_to_address_id: countField(
    MAX_DATABASE_INTEGER,
    "ship_to_address_id must be one of the customer's addresses",
  ).optional(),
  requested_ship_date: RequestedShipDateField,
});
export type PhoneOrderBody = z.input<typeof PhoneOrderBody>;
export const PhoneOrderResponse = okResponse({
  order_id: z.number().int(),
  total: z.number(),
  ...PlacedOrderCreditFacts.shape,
});
export type PhoneOrderResponse = z.infer<typeof PhoneOrderResponse>;
