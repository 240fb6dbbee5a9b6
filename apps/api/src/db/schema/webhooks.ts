import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import {
  belongsTo,
  instant,
  createdAt,
  rowId,
  optionalLink,
  lifecycle,
  retryState,
} from './columns';
import { users } from './users';

/** An ERP endpoint that receives signed event deliveries (docs/product/back-office-orders.md). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: rowId(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  /** The signing secret, sealed with the field cipher (it must be read back to sign). */
  secretSealed: text('secret_sealed').notNull(),
  status: lifecycle(['active', 'paused'], 'active'),
  pausedReason: text('paused_reason'),
  /** First failure of the current run of failures; null after a success. */
  failingSince: instant('failing_since'),
  createdByUserId: optionalLink('created_by_user_id', () => users.id),
  createdAt: createdAt(),
});

/** Outbox: one event for one endpoint, written in the transaction of the change it reports. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: rowId(),
    endpointId: belongsTo('endpoint_id', () => webhookEndpoints.id),
    event: text('event').notNull(),
    body: text('body').notNull(),
    status: lifecycle(['pending', 'delivered', 'failed'], 'pending'),
    ...retryState(),
    createdAt: createdAt(),
    deliveredAt: instant('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id.desc()),
  ],
);

/** Every HTTP attempt of a delivery, for staff to read. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: rowId(),
    deliveryId: belongsTo('delivery_id', () => webhookDeliveries.id),
    at: instant('at').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
