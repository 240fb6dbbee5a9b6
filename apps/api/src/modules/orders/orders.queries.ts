import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type {
  Country,
  ExemptedTax,
  OrderStatus,
  PaymentTerms,
  TaxEstimate,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { executeNamed, prepared } from '../../db/prepared';
import { priceReasonFields } from './order-follow-up';
import {
  orderLines,
  orderStatusHistory,
  orders,
  shipments,
  users,
  type OrderShipTo,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = typeof orderLines.$inferInsert;

/**
 * Creates the order row, claiming the Idempotency-Key if there is one. Returns null when another
 * request already holds that key: the insert waits on orders_user_idempotency_uq until that request
 * commits (then DO NOTHING) or rolls back (then this insert wins). 'after-commit': the orders
 * trigger stays silent for the rest of the caller's transaction (migration 0022), and the caller
 * publishes ORDERS_CHANNEL once committed.
 */
export async function insertOrderClaimingKey(
  tx: Tx,
  order: {
    userId: number;
    country: Country;
    idempotencyKey: string | null;
    poNumber: string | null;
    comment: string | null;
    placedByUserId?: number | null;
    shipTo?: OrderShipTo | null;
    shipToAddressId?: number | null;
    requestedShipDate?: string | null;
    paymentTerms?: PaymentTerms | null;
  },
  announce: 'at-commit' | 'after-commit' = 'at-commit',
): Promise<{ id: number; firstOrder: boolean } | null> {
  const shipTo = order.shipTo ? JSON.stringify(order.shipTo) : null;
  // Set before the insert runs, so that even an insert that claims nothing does not notify.
  const feed =
    announce === 'after-commit'
      ? sql`with feed as materialized (select set_config('ws.orders_feed', 'after-commit', true))`
      : sql``;
  // The subquery in RETURNING sees the orders as they were before this insert: whether the customer
  // has an earlier order (not cancelled), which decides the opening minimum, in the same round trip.
  // NOTE: exists, not a count: a count read every one of a regular customer's ~100 orders per order.
  // Named (one text per announce mode): PostgreSQL parses and plans it once per connection.
  const result = await executeNamed<{ id: number; previous: boolean }>(
    tx,
    sql`
    ${feed}
    insert into orders (user_id, country, idempotency_key, po_number, comment, total_cents,
                        placed_by_user_id, ship_to, ship_to_address_id, requested_ship_date, payment_terms)
    select ${order.userId}, ${order.country}, ${order.idempotencyKey}, ${order.poNumber}, ${order.comment}, 0,
           ${order.placedByUserId ?? null}, ${shipTo}::jsonb, ${order.shipToAddressId ?? null}::int,
           ${order.requestedShipDate ?? null}::date,
           ${order.paymentTerms ?? null}${announce === 'after-commit' ? sql` from feed` : sql``}
    on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
    returning id, exists (select 1 from orders o where o.user_id = ${order.userId} and o.status <> 'cancelled') as previous`,
  );
  const row = result.rows[0];
  return row ? { id: Number(row.id), firstOrder: !row.previous } : null;
}

/** How many orders the customer has placed (cancelled ones do not count: the opening minimum). */
export async function countPlacedOrders(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), sql`${orders.status} <> 'cancelled'`));
  return Number(row?.n ?? 0);
}

export async function selectOrderIdByKey(
  tx: Tx,
  userId: number,
  key: string,
): Promise<
  { id: number; totalCents: number; holdReason: string | null; depositCents: number } | undefined
> {
  const [row] = await tx
    .select({
      id: orders.id,
      totalCents: orders.totalCents,
      holdReason: orders.holdReason,
      depositCents: orders.depositCents,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

/**
 * Writes a placed order in ONE statement (one round trip): its lines with frozen prices and their
 * reasons, its total and estimated sales taxes, the first step of its status history, the webhook
 * deliveries queued (`deliveries`, an INSERT … RETURNING; their number is answered) and the other modules' rows
 * (`alongside`: stock levels, the ordered cart lines leaving the cart, outbox and audit rows), each
 * a data-modifying CTE of the same statement.
 */
export async function writePlacedOrder(
  tx: Tx,
  order: {
    orderId: number;
    lines: NewOrderLine[];
    totalCents: number;
    /** The charged taxes; `exempted`, those a certificate exempted (kept apart on the order). */
    taxes: TaxEstimate & { exempted?: ExemptedTax[] };
    actorUserId: number | null;
    /** Why the order waits for credit review (null: it does not) and its opening deposit. */
    holdReason?: string | null;
    depositCents?: number;
  },
  deliveries: SQL,
  alongside: SQL[],
): Promise<{ deliveries: number }> {
  const { orderId } = order;
  const rows = JSON.stringify(
    order.lines.map((l) => ({
      product_id: l.productId,
      product_code: l.productCode,
      name: l.name,
      class_code: l.classCode,
      quantity: l.quantity,
      ship_pack: l.shipPack,
      unit_price_cents: l.unitPriceCents,
      line_total_cents: l.lineTotalCents,
      backorder: l.backorder ?? false,
      stock_taken: l.stockTaken ?? null,
      ...priceReasonFields(l),
      selling_price_cents: l.sellingPriceCents ?? null,
    })),
  );
  const step = tx
    .insert(orderStatusHistory)
    .values({ orderId, fromStatus: null, toStatus: 'placed', actorUserId: order.actorUserId })
    .getSQL();
  const ctes = [
    sql`written as (
      insert into order_lines (order_id, product_id, product_code, name, class_code, quantity, ship_pack,
                               unit_price_cents, line_total_cents, backorder, stock_taken, price_reason,
                               price_list_id, price_list_name, price_list_assignee, price_min_packs,
                               selling_price_cents)
      select ${orderId}, x.product_id, x.product_code, x.name, x.class_code, x.quantity, x.ship_pack,
             x.unit_price_cents, x.line_total_cents, x.backorder, x.stock_taken, x.price_reason,
             x.price_list_id, x.price_list_name, x.price_list_assignee, x.price_min_packs,
             x.selling_price_cents
      from jsonb_to_recordset(${rows}::jsonb) as x(product_id int, product_code text, name text, class_code text,
             quantity int, ship_pack int, unit_price_cents int, line_total_cents int, backorder boolean,
             stock_taken int, price_reason text, price_list_id int, price_list_name text,
             price_list_assignee text, price_min_packs int, selling_price_cents int))`,
    sql`total as (
      update orders set total_cents = ${order.totalCents}, taxes = ${JSON.stringify(order.taxes.lines)}::jsonb,
                        tax_cents = ${order.taxes.totalCents},
                        tax_exemptions = ${JSON.stringify(order.taxes.exempted ?? [])}::jsonb,
                        hold_reason = ${order.holdReason ?? null}::text,
                        deposit_cents = ${order.depositCents ?? 0}::int
      where id = ${orderId})`,
    sql`step as (${step})`,
    sql`deliveries as (${deliveries})`,
    ...alongside.map((statement, i) => sql`${sql.raw(`alongside_${i}`)} as (${statement})`),
  ];
  // NOTE: named (one text per shape: the same CTEs, every value a parameter). Sent unnamed,
  // PostgreSQL parsed and planned this statement's seven parts on every order.
  const result = await executeNamed<{ deliveries: number | string }>(
    tx,
    sql`with ${sql.join(ctes, sql`, `)} select (select count(*) from deliveries)::int as deliveries`,
  );
  return { deliveries: Number(result.rows[0].deliveries) };
}

export type HistoryFilter = {
  userId: number;
  orderId?: number;
  from?: string;
  to?: string;
  status?: OrderStatus;
};

function historyWhere(f: HistoryFilter): SQL | undefined {
  const parts: SQL[] = [eq(orders.userId, f.userId)];
  if (f.orderId) parts.push(eq(orders.id, f.orderId));
  if (f.status) parts.push(eq(orders.status, f.status));
  if (f.from) parts.push(gte(orders.createdAt, historyFrom(f.from)));
  if (f.to) parts.push(lt(orders.createdAt, historyUntil(f.to)));
  return and(...parts);
}

const historyFrom = (day: string) => new Date(`${day}T00:00:00Z`);
/** The end of the day `day` (UTC), exclusive. */
const historyUntil = (day: string) => new Date(historyFrom(day).getTime() + 86_400_000);

const hp = {
  userId: sql.placeholder('userId'),
  orderId: sql.placeholder('orderId'),
  status: sql.placeholder('status'),
  from: sql.placeholder('from'),
  until: sql.placeholder('until'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

type HistoryRow = OrderRow & { lineCount: number; total: number; placedBy: string | null };

// NOTE: the history page is read on every visit to the account pages: one named statement for
// every filter combination (an absent filter is a NULL parameter), with the total count of the
// filtered orders computed in the same pass (count(*) over ()), and line counts only for the page.
const historyPage = prepared<
  HistoryRow,
  {
    userId: number;
    orderId: number | null;
    status: string | null;
    from: Date | null;
    until: Date | null;
    limit: number;
    offset: number;
  }
>(
  'order_history_page',
  sql`
    select p.*, (select count(*) from order_lines ol where ol.order_id = p.id)::int as "lineCount"
    from (
      select o.id, o.user_id as "userId", o.country, o.status, o.po_number as "poNumber",
             o.comment, o.total_cents as "totalCents", o.idempotency_key as "idempotencyKey",
             o.created_at as "createdAt", o.updated_at as "updatedAt", o.version,
             o.placed_by_user_id as "placedByUserId",
             (select s.owner_name from users s where s.id = o.placed_by_user_id) as "placedBy",
             o.ship_to as "shipTo",
             o.requested_ship_date::text as "requestedShipDate", o.payment_terms as "paymentTerms",
             o.taxes, o.tax_cents as "taxCents", o.tax_exemptions as "taxExemptions",
             o.hold_reason as "holdReason",
             o.deposit_cents as "depositCents", o.deposit_received_at as "depositReceivedAt",
             (count(*) over ())::int as total
      from orders o
      where o.user_id = ${hp.userId}::int
        and (${hp.orderId}::int is null or o.id = ${hp.orderId}::int)
        and (${hp.status}::text is null or o.status = ${hp.status}::text)
        and (${hp.from}::timestamptz is null or o.created_at >= ${hp.from}::timestamptz)
        and (${hp.until}::timestamptz is null or o.created_at < ${hp.until}::timestamptz)
      order by o.created_at desc, o.id desc
      limit ${hp.limit}::int offset ${hp.offset}::int
    ) p
    order by p."createdAt" desc, p.id desc`,
);

/** One page of a customer's orders, newest first, with their line counts and the total count. */
export async function selectOrderPage(
  tx: Tx,
  f: HistoryFilter,
  page: number,
  perPage: number,
): Promise<{
  rows: Array<OrderRow & { lineCount: number; placedBy: string | null }>;
  total: number;
}> {
  const found = await historyPage(tx, {
    userId: f.userId,
    orderId: f.orderId ?? null,
    status: f.status ?? null,
    from: f.from ? historyFrom(f.from) : null,
    until: f.to ? historyUntil(f.to) : null,
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  const rows = found.map(({ total: _total, ...r }) => ({
    ...r,
    createdAt: new Date(r.createdAt),
    updatedAt: new Date(r.updatedAt),
  }));
  if (found.length > 0 || page === 1) return { rows, total: found[0]?.total ?? 0 };
  // Past the last page: the window count had no row to ride on.
  const [{ n }] = await tx.select({ n: count() }).from(orders).where(historyWhere(f));
  return { rows, total: Number(n) };
}

export async function selectOrder(
  tx: Tx,
  userId: number,
  orderId?: number,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      orderId ? and(eq(orders.userId, userId), eq(orders.id, orderId)) : eq(orders.userId, userId),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}

export function selectOrderLines(tx: Tx, orderId: number): Promise<OrderLineRow[]> {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
}

/** One step of an order's status history (the first one, 'placed', is written by place-order). */
export type StatusStepRow = {
  toStatus: OrderStatus;
  at: Date;
  by: string | null;
  byStaff: boolean;
  note: string | null;
};

/** An order's status history, oldest first, with the name of who made each step. */
export async function selectStatusSteps(tx: Tx, orderId: number): Promise<StatusStepRow[]> {
  return tx
    .select({
      toStatus: orderStatusHistory.toStatus,
      at: orderStatusHistory.at,
      by: users.ownerName,
      byStaff: sql<boolean>`coalesce(${users.role} = 'staff', false)`,
      note: orderStatusHistory.note,
    })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.actorUserId))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.at, orderStatusHistory.id);
}

export type ShipmentRow = typeof shipments.$inferSelect;

export function selectShipments(tx: Tx, orderId: number): Promise<ShipmentRow[]> {
  return tx.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(shipments.id);
}

/** The staff member's name who placed an order for its customer, if one did. */
export async function selectPlacedByName(tx: Tx, userId: number | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await tx.select({ name: users.ownerName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}
