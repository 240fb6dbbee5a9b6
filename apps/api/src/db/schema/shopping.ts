import { isNotNull, sql } from 'drizzle-orm';
import { PAYMENT_TERMS, type ExemptedTax, type ShipToAddress } from '@wholesale/contract';
import { index, jsonb, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  belongsTo,
  createdAt,
  updatedAt,
  rowId,
  optionalLink,
  happenedAt,
  instant,
  lifecycle,
  productAsSold,
  linePricing,
  linePriceReason,
  linePriceReasonChecks,
  country,
  taxLines,
  flag,
  calendarDay,
} from './columns';
import { ORDER_HOLD_REASONS, ORDER_STATUSES } from '@wholesale/contract';
import { products } from './catalogue';
import { users } from './users';
import { ownedByUser } from './user-columns';
import { customerAddresses } from './addresses';

/** A customer's favourite products, per country. */
export const favourites = pgTable(
  'favourites',
  {
    userId: ownedByUser(),
    productId: belongsTo('product_id', () => products.id),
    country: country(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.country, t.productId] })],
);

/** Cart lines; quantity counted in ship packs. Prices are looked up, never stored from the client. */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: rowId(),
    userId: ownedByUser(),
    productId: belongsTo('product_id', () => products.id),
    country: country(),
    quantity: integer('quantity').notNull(),
    selected: flag('selected', true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cart_lines_user_product_uq').on(t.userId, t.country, t.productId)],
);

export type OrderShipTo = Omit<ShipToAddress, 'id' | 'is_default'>;

/** Placed orders. Prices are frozen on the lines at order time. */
export const orders = pgTable(
  'orders',
  {
    id: rowId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    country: country(),
    status: lifecycle(ORDER_STATUSES, 'placed'),
    poNumber: text('po_number'),
    comment: text('comment'),
    totalCents: integer('total_cents').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** Optimistic concurrency: bumped by every status change (docs/product/back-office-orders.md). */
    version: integer('version').notNull().default(1),
    /** Staff member who placed the order for the customer (a phone order); null when the buyer did. */
    placedByUserId: optionalLink('placed_by_user_id', () => users.id),
    /** A copy of the ship-to address when ordered (null on orders placed before addresses existed). */
    shipTo: jsonb('ship_to').$type<OrderShipTo>(),
    /** The address of the book it ships to (an open order's address is not removed); migration 0030. */
    shipToAddressId: optionalLink('ship_to_address_id', () => customerAddresses.id, 'set null'),
    requestedShipDate: calendarDay('requested_ship_date'),
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }),
    /** Estimated sales taxes on total_cents. */
    ...taxLines(),
    /** The taxes a customer's certificate exempted (not charged, not in taxes); migration 0039. */
    taxExemptions: jsonb('tax_exemptions').$type<ExemptedTax[]>().notNull().default([]),
    /**
     * Why the order waits for a person before the warehouse may accept it (credit limit exceeded,
     * account on hold); null once released or when it never waited (migration 0033).
     */
    holdReason: text('hold_reason', { enum: ORDER_HOLD_REASONS }),
    holdReleasedByUserId: optionalLink('hold_released_by_user_id', () => users.id),
    holdReleasedAt: instant('hold_released_at'),
    /** The opening order's deposit (the credit terms); 0 when none is owed. */
    depositCents: integer('deposit_cents').notNull().default(0),
    /** When staff recorded the deposit as received; the order waits for it until then. */
    depositReceivedAt: instant('deposit_received_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // NOTE: migration 0018 adds INCLUDE (status) to the customer, date and country indexes (the
    // desk's counts per status read them alone); Drizzle's index builder has no INCLUDE.
    index('orders_user_created_id_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_country_created_idx').on(t.country, t.createdAt.desc(), t.id.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_total_idx').on(t.totalCents.desc(), t.id.desc()),
    index('orders_status_total_idx').on(t.status, t.totalCents.desc(), t.id.desc()),
    index('orders_updated_idx').on(t.updatedAt, t.id),
    // An order without a requested date ships as soon as possible: it sorts as the earliest.
    index('orders_ship_date_idx').on(t.requestedShipDate.asc().nullsFirst(), t.id),
    index('orders_ship_to_address_idx').on(t.shipToAddressId).where(isNotNull(t.shipToAddressId)),
    index('orders_po_trgm_idx').using('gin', sql`${t.poNumber} gin_trgm_ops`),
    // The back-office home's open orders, soonest requested ship date first (migration 0032, which
    // also INCLUDEs status so the home's counts per status read the index alone).
    index('orders_open_ship_date_idx')
      .on(t.requestedShipDate.asc().nullsLast(), t.createdAt, t.id)
      .where(sql`${t.status} in ('placed', 'accepted', 'picking', 'partially_shipped')`),
    // The desk's "waiting for credit" view and a customer's exposure read the waiting orders only.
    index('orders_waiting_idx')
      .on(t.createdAt, t.id)
      .where(
        sql`${t.holdReason} is not null or (${t.depositCents} > 0 and ${t.depositReceivedAt} is null)`,
      ),
    uniqueIndex('orders_user_idempotency_uq')
      .on(t.userId, t.idempotencyKey)
      .where(isNotNull(t.idempotencyKey)),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: rowId(),
    orderId: belongsTo('order_id', () => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    ...productAsSold(),
    classCode: text('class_code').notNull(),
    ...linePricing(),
    backorder: flag('backorder', false),
    /** Ship packs taken from stock at placing (less than quantity on a back-order line). */
    stockTaken: integer('stock_taken'),
    /** The shipment that carried this line; null while it waits (back-ordered after a partial shipment). */
    shipmentId: integer('shipment_id').references(() => shipments.id),
    /** Since migration 0045; null on lines placed before. */
    ...linePriceReason(),
    /** The catalogue's selling price at placing, struck through where the line paid less. */
    sellingPriceCents: integer('selling_price_cents'),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    ...linePriceReasonChecks('order_lines', t),
  ],
);

/** One parcel of an order: the carrier and tracking number; its lines point at it. */
export const shipments = pgTable(
  'shipments',
  {
    id: rowId(),
    orderId: belongsTo('order_id', () => orders.id),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number'),
    shippedByUserId: optionalLink('shipped_by_user_id', () => users.id),
    shippedAt: happenedAt('shipped_at'),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

/** Every status an order went through: who, when, with which note. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: rowId(),
    orderId: belongsTo('order_id', () => orders.id),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    actorUserId: optionalLink('actor_user_id', () => users.id),
    note: text('note'),
    at: happenedAt('at'),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
);
