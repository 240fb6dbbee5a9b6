import { z } from 'zod';
import { BuyerPriceReason } from '../catalogue';
import { ORDER_STATUSES } from './workflow';

// The parts of a placed order that the buyer's order page and the staff desk show alike.

export const OrderLine = z.object({
  product: z.number().int(),
  product_id: z.string(),
  name: z.string(),
  class: z.string(),
  item: z.number().int(),
  ship_pack: z.number().int(),
  price: z.number(),
  line_total: z.number(),
  backorder: z.boolean(),
  /** Why the line cost `price` when it was ordered; null on lines ordered before reasons were kept. */
  price_reason: BuyerPriceReason.nullable(),
  /** The catalogue's selling price when it was ordered (null: not kept), struck through where `price` is lower. */
  selling_price: z.number().nullable(),
  image: z.string(),
  /** The parcel that carried this line; null while it waits. */
  shipment_id: z.number().int().nullable().optional(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** A parcel of the order as the buyer and staff see it (tracking_url null: show the number as text). */
export const OrderShipment = z.object({
  id: z.number().int(),
  carrier: z.string(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  shipped_at: z.string(),
});
export type OrderShipment = z.infer<typeof OrderShipment>;

/** One step of the order's status history (`by` is a staff name for staff, null for the buyer). */
export const OrderStatusStep = z.object({
  status: z.enum(ORDER_STATUSES),
  at: z.string(),
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type OrderStatusStep = z.infer<typeof OrderStatusStep>;
