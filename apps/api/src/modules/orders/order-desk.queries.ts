import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  Country,
  ExemptedTax,
  OrderHoldReason,
  OrderStatus,
  PaymentTerms,
  TaxLine,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { composedStatement, prepared, rowPart, type StatementPart } from '../../db/prepared';
import {
  orderLines,
  orderStatusHistory,
  orders,
  shipments,
  users,
  type OrderShipTo,
} from '../../db/schema';
import type { OrderLineRow, ShipmentRow, StatusStepRow } from './orders.queries';

// One order as the desk reads and changes it: the locked read of a status change, its write,
// parcels and the order's customer. The desk's list, tabs and CSV export are in
// order-desk-list.queries.ts.

export type LockedOrder = typeof orders.$inferSelect;

/** The order row, unlocked (reads). */
export async function selectOrderById(tx: Tx, orderId: number): Promise<LockedOrder | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** An order as a status change reads it: locked, with all the desk's answer shows of it. */
export type OrderForChange = {
  id: number;
  userId: number;
  country: Country;
  status: OrderStatus;
  poNumber: string | null;
  comment: string | null;
  totalCents: number;
  shipTo: OrderShipTo | null;
  requestedShipDate: string | null;
  paymentTerms: PaymentTerms | null;
  taxes: TaxLine[];
  taxCents: number;
  /** The taxes a certificate exempted (migration 0039). */
  taxExemptions?: ExemptedTax[];
  createdAt: Date;
  version: number;
  holdReason: OrderHoldReason | null;
  depositCents: number;
  depositReceivedAt: Date | string | null;
  holdReleasedAt: Date | string | null;
  placedBy: string | null;
  /** The acting staff member's name (the history step they are about to write). */
  actorName: string | null;
  customer: DeskCustomer;
  lines: OrderLineRow[];
  shipments: ShipmentRow[];
  steps: StatusStepRow[];
};

type OrderForChangeRow = Omit<OrderForChange, 'createdAt' | 'lines' | 'shipments' | 'steps'> & {
  /** Raw statements get timestamps as text (Drizzle's parsers for node-postgres). */
  createdAt: Date | string;
  lines: OrderLineRow[];
  shipments: Array<Omit<ShipmentRow, 'shippedAt'> & { shippedAt: string }>;
  steps: Array<Omit<StatusStepRow, 'at'> & { at: string }>;
  /** The order's version in the statement's snapshot (see lockOrderForChange). */
  seenVersion: number;
};

const cp = { orderId: sql.placeholder('orderId'), actorId: sql.placeholder('actorId') };

// NOTE: a status change used to read the locked order, its lines, its customer, then (for the
// answer) the order again with its lines, parcels, history, customer and who placed it: nine round
// trips before any write. This reads them in ONE named statement, the order row locked or not.
const orderForChange = (locked: boolean) =>
  prepared<OrderForChangeRow, { orderId: number; actorId: number }>(
    locked ? 'order_for_status_change' : 'order_for_status_change_unlocked',
    sql`
    select o.id, o.user_id as "userId", o.country, o.status, o.po_number as "poNumber",
      o.comment, o.total_cents as "totalCents", o.created_at as "createdAt", o.version,
      o.ship_to as "shipTo", o.requested_ship_date::text as "requestedShipDate",
      o.payment_terms as "paymentTerms", o.taxes, o.tax_cents as "taxCents",
      o.tax_exemptions as "taxExemptions",
      o.hold_reason as "holdReason", o.deposit_cents as "depositCents",
      o.deposit_received_at as "depositReceivedAt", o.hold_released_at as "holdReleasedAt",
      (select v.version from orders v where v.id = o.id) as "seenVersion",
      (select s.owner_name from users s where s.id = o.placed_by_user_id) as "placedBy",
      (select s.owner_name from users s where s.id = ${cp.actorId}::int) as "actorName",
      json_build_object('id', u.id, 'name', u.owner_name, 'company', u.company_name,
        'email', u.email, 'customerCode', u.customer_code, 'lang', u.lang, 'country', u.country,
        'role', u.role, 'isActive', u.is_active, 'orderStatusMails', u.order_status_mails
      ) as customer,
      coalesce((
        select json_agg(json_build_object('id', l.id, 'orderId', l.order_id,
          'productId', l.product_id, 'productCode', l.product_code, 'name', l.name,
          'classCode', l.class_code, 'quantity', l.quantity, 'shipPack', l.ship_pack,
          'unitPriceCents', l.unit_price_cents, 'lineTotalCents', l.line_total_cents,
          'backorder', l.backorder, 'stockTaken', l.stock_taken, 'shipmentId', l.shipment_id,
          'priceReason', l.price_reason, 'priceListId', l.price_list_id,
          'priceListName', l.price_list_name, 'priceListAssignee', l.price_list_assignee,
          'priceMinPacks', l.price_min_packs,
          'sellingPriceCents', l.selling_price_cents
        ) order by l.id)
        from order_lines l where l.order_id = o.id), '[]') as lines,
      coalesce((
        select json_agg(json_build_object('id', p.id, 'orderId', p.order_id,
          'carrier', p.carrier, 'trackingNumber', p.tracking_number,
          'shippedByUserId', p.shipped_by_user_id, 'shippedAt', p.shipped_at
        ) order by p.id)
        from shipments p where p.order_id = o.id), '[]') as shipments,
      coalesce((
        select json_agg(json_build_object('toStatus', h.to_status, 'at', h.at,
          'by', a.owner_name, 'byStaff', coalesce(a.role = 'staff', false), 'note', h.note
        ) order by h.at, h.id)
        from order_status_history h left join users a on a.id = h.actor_user_id
        where h.order_id = o.id), '[]') as steps
    from orders o join users u on u.id = o.user_id
    where o.id = ${cp.orderId}::int
    ${locked ? sql`for update of o` : sql``}`,
  );
const lockedOrderForChange = orderForChange(true);
const unlockedOrderForChange = orderForChange(false);

/**
 * The order, locked until the transaction ends (status changes of one order run one at a time),
 * with its customer, lines, parcels and history. NOTE: when the statement had to wait for the lock,
 * the row it returns is the newest version but its subqueries read the statement's older snapshot;
 * the order's version as that snapshot saw it tells, and the read is repeated (the lock now held).
 */
export async function lockOrderForChange(
  tx: Tx,
  orderId: number,
  actorId: number,
): Promise<OrderForChange | undefined> {
  for (let attempt = 0; ; attempt += 1) {
    const [row] = await lockedOrderForChange(tx, { orderId, actorId });
    if (!row) return undefined;
    if (row.seenVersion !== row.version && attempt === 0) continue;
    return orderForChangeOf(row);
  }
}

/**
 * The same read without a lock, in one snapshot: for a change written by ONE statement that checks
 * the version it read (writeStatusChange), so no transaction has to hold the row in between.
 */
export async function readOrderForChange(
  tx: Tx,
  orderId: number,
  actorId: number,
): Promise<OrderForChange | undefined> {
  const [row] = await unlockedOrderForChange(tx, { orderId, actorId });
  return row && orderForChangeOf(row);
}

function orderForChangeOf(row: OrderForChangeRow): OrderForChange {
  const { seenVersion: _seen, ...order } = row;
  return {
    ...order,
    createdAt: new Date(row.createdAt),
    shipments: row.shipments.map((p) => ({ ...p, shippedAt: new Date(p.shippedAt) })),
    steps: row.steps.map((h) => ({ ...h, at: new Date(h.at) })),
  };
}

/** SQLSTATE of a status change whose order changed meanwhile (migration 0022). */
export const ORDER_CHANGED_SQLSTATE = 'WS409';

/** A status change as its write statement needs it (`version`: the version read). */
type StatusWrite = {
  orderId: number;
  from: OrderStatus;
  to: OrderStatus;
  version: number;
  actorUserId: number;
  note: string | null;
};

/**
 * The status change's own parts: the order's new status and version if it still has the version
 * read (`changed`), and its history step (`step`). Placeholders `status_*` and `step_*`.
 */
function statusChangeParts(change: StatusWrite): StatementPart[] {
  const changed = rowPart(
    'status',
    { orderId: change.orderId, to: change.to, version: change.version },
    (tx, p) =>
      tx
        .update(orders)
        .set({ status: sql`${p.to}`, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(orders.id, p.orderId), eq(orders.version, p.version)))
        .returning({ version: orders.version })
        .getSQL(),
  );
  const step = rowPart(
    'step',
    {
      orderId: change.orderId,
      fromStatus: change.from,
      toStatus: change.to,
      actorUserId: change.actorUserId,
      note: change.note,
    },
    (tx, p) =>
      tx.insert(orderStatusHistory).values(p).returning({ at: orderStatusHistory.at }).getSQL(),
  );
  return [changed, step];
}

// ws.orders_feed: the caller announces the change after commit (migration 0022), so the orders
// trigger does not NOTIFY inside this transaction.
// NOTE: built once per shape (with or without a mail; the webhook's announcement) and named: the
// statement's six parts were built by Drizzle on every change (a sixth of the API thread's time per
// change), then parsed and planned by PostgreSQL; every plan is a lookup by key or an insert.
const statusChangeStatement = composedStatement<{
  version: number;
  at: Date | string;
  deliveries: number | string;
}>('order_status_change', ([changed, step, deliveries, ...alongside]) => {
  const ctes = [
    sql`changed as (${changed})`,
    sql`step as (${step})`,
    sql`deliveries as (${deliveries})`,
    ...alongside.map((statement, i) => sql`${sql.raw(`alongside_${i}`)} as (${statement})`),
  ];
  return sql`with ${sql.join(ctes, sql`, `)}
    select ws_changed_order_version((select version from changed)) as version,
      (select at from step) as at, (select count(*) from deliveries)::int as deliveries,
      set_config('ws.orders_feed', 'after-commit', true) as feed`;
});

/**
 * Writes a status change in ONE statement: the order's new status and version (if it still has
 * `version`), its history step, the webhook deliveries (`deliveries`, a part inserting a row per
 * delivery) and the other outbox and audit rows (`alongside`), each INSERT a part built by its
 * module and run as a data-modifying CTE of the same statement. Returns the new version, the step's
 * time and how many webhook deliveries were queued. When the order changed meanwhile the whole
 * statement fails with ORDER_CHANGED_SQLSTATE, nothing written, so it needs no transaction around
 * it. Neither the orders change feed nor the webhook worker is notified: the caller publishes
 * ORDERS_CHANNEL (and WEBHOOKS_CHANNEL when deliveries were queued) once the change has committed.
 */
export async function writeStatusChange(
  tx: Tx,
  change: StatusWrite,
  deliveries: StatementPart,
  alongside: StatementPart[],
): Promise<{ version: number; at: Date; deliveries: number }> {
  const [row] = await statusChangeStatement(tx, [
    ...statusChangeParts(change),
    deliveries,
    ...alongside,
  ]);
  return {
    version: Number(row.version),
    at: new Date(row.at),
    deliveries: Number(row.deliveries),
  };
}

/** Writes a parcel and attaches the lines it carries. */
export async function insertShipment(
  tx: Tx,
  values: {
    orderId: number;
    carrier: string;
    trackingNumber: string | null;
    shippedByUserId: number;
    lineIds: number[];
  },
): Promise<ShipmentRow> {
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId: values.orderId,
      carrier: values.carrier,
      trackingNumber: values.trackingNumber,
      shippedByUserId: values.shippedByUserId,
    })
    .returning();
  await tx
    .update(orderLines)
    .set({ shipmentId: row.id })
    .where(
      and(
        eq(orderLines.orderId, values.orderId),
        inArray(orderLines.id, values.lineIds),
        isNull(orderLines.shipmentId),
      ),
    );
  return row;
}

export type DeskCustomer = {
  id: number;
  name: string;
  company: string | null;
  email: string;
  customerCode: string | null;
  lang: 'en' | 'fr' | 'es';
  country: Country;
  role: 'customer' | 'staff';
  isActive: boolean;
  orderStatusMails: boolean;
};

/** The order's customer as the desk and the status mails need it. */
export async function selectDeskCustomer(
  tx: Tx,
  userId: number,
): Promise<DeskCustomer | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      name: users.ownerName,
      company: users.companyName,
      email: users.email,
      customerCode: users.customerCode,
      lang: users.lang,
      country: users.country,
      role: users.role,
      isActive: users.isActive,
      orderStatusMails: users.orderStatusMails,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
