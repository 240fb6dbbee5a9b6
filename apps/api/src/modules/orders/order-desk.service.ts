import {
  allowedTransitions,
  canTransition,
  fromCents,
  isShippingStatus,
  returnsStock,
  shippingProblems,
  shopToday,
  statusMailFor,
  toPage,
  trackingUrl,
  type AdminOrderDetail,
  type AdminOrderListResponse,
  type AdminOrderRow,
  type CartResponse,
  type ChangeOrderStatusBody,
  type OrderStatus,
} from '@wholesale/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Tx } from '../../db/client';
import type { StatementPart } from '../../db/prepared';
import type { ChangeFeed } from '../../plugins/change-feed';
import { AppError, fieldError, reasonError } from '../../lib/app-error';
import { hasSqlState } from '../../lib/db-errors';
import { onUserChange } from '../accounts';
import { readCart } from '../cart';
import { returnStock } from '../catalogue';
import { auditInsertPart } from '../audit';
import { enqueueMailPart } from '../mail';
import { WEBHOOKS_CHANNEL, webhookEventPart } from '../webhooks';
import { registerOrderMails } from './orders.mail';
import {
  creditFactsDto,
  historyDto,
  lineFiguresDto,
  shipmentDto,
  shippingFactsDto,
  shippingWebhookFields,
} from './order-follow-up';
import {
  selectOrderLines,
  selectPlacedByName,
  selectShipments,
  selectStatusSteps,
} from './orders.queries';
import {
  countDeskByStatus,
  deskFilterFacets,
  selectCustomerIdsNamed,
  selectDeskPage,
  type DeskCsvRow,
  type DeskFilter,
  type DeskRow,
  type DeskSort,
} from './order-desk-list.queries';
import {
  insertShipment,
  lockOrderForChange,
  readOrderForChange,
  selectDeskCustomer,
  selectOrderById,
  writeStatusChange,
  ORDER_CHANGED_SQLSTATE,
  type DeskCustomer,
  type OrderForChange,
} from './order-desk.queries';

async function customerOf(tx: Tx, userId: number): Promise<DeskCustomer> {
  const customer = await selectDeskCustomer(tx, userId);
  if (!customer) throw new AppError('NOT_FOUND', 'This customer does not exist');
  return customer;
}

/** A customer staff may act for (a phone order); 404 for staff accounts and unknown ids. */
export async function phoneCustomer(tx: Tx, customerId: number): Promise<DeskCustomer> {
  const customer = await selectDeskCustomer(tx, customerId);
  if (!customer || customer.role !== 'customer')
    throw new AppError('NOT_FOUND', 'This customer does not exist', {
      fields: { customer_id: 'This customer does not exist' },
    });
  if (!customer.isActive)
    throw reasonError('CONFLICT', 'ACCOUNT_NOT_ACTIVE', undefined, 'customer_id');
  return customer;
}

/**
 * Phone orders: the customer's cart as the customer sees it (their country, language and prices
 * on the shop's day at `now`).
 */
export async function customerCartForStaff(
  tx: Tx,
  customerId: number,
  now: Date,
): Promise<CartResponse> {
  const c = await phoneCustomer(tx, customerId);
  return readCart(tx, { userId: c.id, country: c.country, lang: c.lang, today: shopToday(now) });
}

export type DeskQuery = DeskFilter & { sort: DeskSort; page: number; perPage: number };

function toDeskRow(r: DeskRow): AdminOrderRow {
  return {
    order_id: r.id,
    date: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    status: r.status,
    country: r.country,
    customer_id: r.customerId,
    customer_name: r.customerName,
    company_name: r.companyName,
    po_number: r.poNumber,
    requested_ship_date: r.requestedShipDate,
    total: fromCents(r.totalCents),
    total_with_tax: fromCents(r.totalCents + r.taxCents),
    version: r.version,
    ...creditFactsDto(r),
  };
}

/**
 * The CSV export's header and one row per order: the desk's columns, then where, when and on what
 * terms it ships (the ship-to address one field a column, so a spreadsheet can sort and filter by
 * city or postal code), the buyer's comment, the estimated tax total and the price lists its lines
 * were priced by (docs/product/pricing.md). Columns are only ever
 * added at the end: a spreadsheet or ERP import reading them by position keeps working.
 */
export const DESK_CSV_COLUMNS = [
  'order_id',
  'date',
  'status',
  'country',
  'customer_id',
  'customer_name',
  'company_name',
  'po_number',
  'total',
  'requested_ship_date',
  'payment_terms',
  'ship_to_company',
  'ship_to_line1',
  'ship_to_line2',
  'ship_to_city',
  'ship_to_region',
  'ship_to_postal_code',
  'ship_to_country',
  'order_comment',
  'tax_total',
  'price_lists',
] as const;
export function deskCsvRecord(r: DeskCsvRow): Array<string | number> {
  const a = r.shipTo;
  const row: Record<(typeof DESK_CSV_COLUMNS)[number], string | number | null | undefined> = {
    ...toDeskRow(r),
    payment_terms: r.paymentTerms,
    ship_to_company: a?.company,
    ship_to_line1: a?.line1,
    ship_to_line2: a?.line2,
    ship_to_city: a?.city,
    ship_to_region: a?.region,
    ship_to_postal_code: a?.postal_code,
    ship_to_country: a?.country,
    order_comment: r.comment,
    tax_total: fromCents(r.taxCents),
    price_lists: r.priceLists,
  };
  return DESK_CSV_COLUMNS.map((c) => row[c] ?? '');
}

/** Channel of the orders change feed (migration 0018): every write to orders, at commit. */
export const ORDERS_CHANNEL = 'ws_orders';

/**
 * The desk's caches of one app, registered with its change feed: any write to orders, from any
 * process (a placed order, a status change, an import, a direct SQL change), drops them at commit,
 * and a change to a user drops the name lookups. CACHES=off: read on every request.
 */
export function createDeskCaches(app: FastifyInstance) {
  const following = { channel: ORDERS_CHANNEL };
  /**
   * The counts per status of each filter (status, sort and page aside, so the open desk, its status
   * tabs, its pages and sorts share one entry). Counting reads every matching order; the desk asks
   * for the same counts again and again between two order changes. NOTE: 5,000 entries of a few
   * numbers each (about 1 MB): the bench's staff traffic asks ~1,800 distinct filters in 6,500
   * requests, and at 1,000 entries the LRU evicted filters that came back.
   */
  const counts = app.caches.ttl<Record<string, number>>(
    'orders.desk-counts',
    { ttlMs: 30_000, maxEntries: 5000 },
    following,
  );
  /**
   * The customers whose names contain a desk text search (`q`), per text. NOTE: every text search
   * looked them up before its list queries (a round trip more, one in five of the bench's staff
   * requests). The ids only select orders, so the entry must change when a customer is renamed or
   * deleted (the accounts module announces user changes) or when a customer the text names places
   * a first order (a write to orders): both drop every entry.
   */
  const names = app.caches.ttl<number[]>(
    'orders.desk-names',
    { ttlMs: 30_000, maxEntries: 2000 },
    following,
  );
  onUserChange(app, () => names.clear());
  return { counts, names };
}

/**
 * A shipment as the desk hands it to whoever bills it (workflows/issue-invoice.ts), inside the
 * shipment's transaction: the order's frozen facts and exactly the lines the parcel carries.
 */
export type ShippedParcel = {
  shipmentId: number;
  order: Pick<
    OrderForChange,
    'id' | 'userId' | 'country' | 'poNumber' | 'paymentTerms' | 'shipTo' | 'taxes'
  >;
  customer: Pick<DeskCustomer, 'id' | 'lang' | 'country'>;
  lines: OrderForChange['lines'];
  actor: { id: number; email?: string | null };
};
/** Runs in the shipment's transaction; a throw rolls the shipment back. */
export type OnShipment = (tx: Tx, parcel: ShippedParcel) => Promise<void>;

/**
 * What the desk's reads and status changes need: the app's database and the desk's caches, and
 * what a shipment also does (issue its invoice) when the store issues them.
 */
export type DeskContext = {
  db: Database;
  caches: ReturnType<typeof createDeskCaches>;
  onShipment?: OnShipment;
};

/** The counts by status depend on every condition but the status itself. */
function countsKey(f: DeskFilter): string {
  return JSON.stringify([...deskFilterFacets(f), f.q]);
}

/** The filter with the customers matching its text looked up (the list queries need them). */
export async function resolveDeskFilter<F extends DeskFilter>(
  { db: tx, caches }: DeskContext,
  f: F,
): Promise<F> {
  // The list and the CSV export refuse an empty range alike, naming its first field.
  const reversed = (field: string, other: string) =>
    reasonError('VALIDATION_FAILED', 'DATE_RANGE_REVERSED', { field, other }, field);
  if (f.from && f.to && f.from > f.to) throw reversed('from', 'to');
  if (f.shipDateFrom && f.shipDateTo && f.shipDateFrom > f.shipDateTo)
    throw reversed('ship_date_from', 'ship_date_to');
  const { q } = f;
  if (!q) return f;
  const ids = await caches.names.get(q, () => selectCustomerIdsNamed(tx, q));
  return { ...f, qCustomerIds: ids };
}

/** The order desk's page: the filtered, sorted orders and the count of each status. */
export async function listDeskOrders(
  desk: DeskContext,
  query: DeskQuery,
): Promise<AdminOrderListResponse> {
  const { db: tx, caches } = desk;
  const q = await resolveDeskFilter(desk, query);
  const offset = (q.page - 1) * q.perPage;
  const [rows, counts] = await Promise.all([
    selectDeskPage(tx, q, q.sort, q.perPage, offset),
    caches.counts.get(countsKey(q), () => countDeskByStatus(tx, q)),
  ]);
  const total = q.status
    ? (counts[q.status] ?? 0)
    : Object.values(counts).reduce((a, b) => a + b, 0);
  return { status: true, ...toPage(rows.map(toDeskRow), total, q.page, q.perPage), counts };
}

/** One order as the desk shows it: lines, customer, parcels, status history and next steps. */
export async function getDeskOrder(tx: Tx, orderId: number): Promise<AdminOrderDetail> {
  const order = await selectOrderById(tx, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'This order does not exist');
  const [lines, parcels, steps, customer, placedBy] = await Promise.all([
    selectOrderLines(tx, order.id),
    selectShipments(tx, order.id),
    selectStatusSteps(tx, order.id),
    customerOf(tx, order.userId),
    selectPlacedByName(tx, order.placedByUserId),
  ]);
  return deskOrderDetail({ ...order, placedBy, customer, lines, shipments: parcels, steps });
}

function deskOrderDetail(
  order: Pick<
    OrderForChange,
    | 'id'
    | 'createdAt'
    | 'status'
    | 'version'
    | 'country'
    | 'totalCents'
    | 'poNumber'
    | 'comment'
    | 'shipTo'
    | 'requestedShipDate'
    | 'paymentTerms'
    | 'taxes'
    | 'taxCents'
    | 'taxExemptions'
    | 'holdReason'
    | 'depositCents'
    | 'depositReceivedAt'
    | 'holdReleasedAt'
    | 'placedBy'
    | 'customer'
    | 'lines'
    | 'shipments'
    | 'steps'
  >,
): AdminOrderDetail {
  const { customer } = order;
  return {
    order_id: order.id,
    date: order.createdAt.toISOString(),
    status: order.status,
    version: order.version,
    country: order.country,
    total: fromCents(order.totalCents),
    po_number: order.poNumber,
    order_comment: order.comment,
    placed_by: order.placedBy,
    customer: {
      id: customer.id,
      name: customer.name,
      company: customer.company,
      email: customer.email,
      customer_code: customer.customerCode,
      lang: customer.lang,
    },
    lines: order.lines.map((l) => ({
      id: l.id,
      product_id: l.productCode,
      name: l.name,
      ...lineFiguresDto(l),
      shipment_id: l.shipmentId,
    })),
    shipments: order.shipments.map(shipmentDto),
    history: historyDto(order.steps, order.createdAt, true),
    allowed: [...allowedTransitions(order.status)],
    ...shippingFactsDto(order),
    ...creditFactsDto(order),
    hold_released_at: order.holdReleasedAt ? new Date(order.holdReleasedAt).toISOString() : null,
  };
}

function refused(
  from: OrderStatus,
  to: OrderStatus,
  reason: 'TRANSITION_NOT_ALLOWED' | 'ORDER_CHANGED',
) {
  const allowed = allowedTransitions(from);
  return reasonError('CONFLICT', reason, {
    from,
    to,
    allowed: allowed.length ? allowed.join(', ') : 'none',
  });
}

export type StatusChange = ChangeOrderStatusBody & {
  orderId: number;
  actorUserId: number;
  actorEmail?: string | null;
};

/**
 * Moves an order one step along the workflow: the order is read with all the answer shows of it
 * (one statement), the expected version (when given) and the transition are checked (409 with the
 * allowed steps), a shipping step writes its parcel, cancelling returns the stock the order took,
 * then the status, version, history step, buyer mail, webhook event and audit row are written by
 * ONE statement that also checks the version read (409 when the order changed meanwhile, nothing
 * written). The answer is built from what was read and written, not read again. A step that ships
 * or cancels writes more than that statement, so it runs in a transaction with the order row locked
 * (two staff at once: the second waits for the lock, then gets 409); any other step needs none:
 * two round trips, the read and the write (was: BEGIN, the locked read, the write, COMMIT). The
 * orders change feed, and the webhook worker when deliveries were queued, are notified through
 * `feed` after the commit, not inside it (commits that NOTIFY run one at a time; see migration 0022).
 */
export async function changeOrderStatus(
  { db, caches, onShipment }: DeskContext,
  change: StatusChange,
  feed: Pick<ChangeFeed, 'publish'>,
): Promise<AdminOrderDetail> {
  registerOrderMails();
  const to = change.status as OrderStatus;
  const changed =
    isShippingStatus(to) || returnsStock(to)
      ? await db.transaction((tx) => applyStatusChange(tx, change, lockOrderForChange, onShipment))
      : await applyStatusChange(db, change, readOrderForChange);
  // The staff member's next list must already show this change; other processes drop their
  // counts when the notification, sent after commit (migration 0022), reaches them.
  caches.counts.clear();
  feed.publish(ORDERS_CHANNEL);
  // The webhook worker wakes on this; without it (a crash now) its poll finds the deliveries.
  if (changed.deliveries > 0) feed.publish(WEBHOOKS_CHANNEL);
  return changed.order;
}

/** The checks and writes of changeOrderStatus, in its transaction or, for a plain step, on `db`. */
async function applyStatusChange(
  tx: Tx,
  change: StatusChange,
  read: typeof readOrderForChange,
  onShipment?: OnShipment,
): Promise<{ order: AdminOrderDetail; deliveries: number }> {
  const order = await read(tx, change.orderId, change.actorUserId);
  if (!order) throw new AppError('NOT_FOUND', 'This order does not exist');
  const to = change.status as OrderStatus;
  if (change.expected_version !== undefined && change.expected_version !== order.version)
    throw refused(order.status, to, 'ORDER_CHANGED');
  if (!canTransition(order.status, to)) throw refused(order.status, to, 'TRANSITION_NOT_ALLOWED');
  // The credit terms (docs/product/accounts-receivable.md): a held order, or an opening order
  // whose deposit has not come in, is not accepted until credit staff release it or record it.
  if (to === 'accepted') {
    if (order.holdReason)
      throw reasonError('CONFLICT', 'ORDER_ON_CREDIT_HOLD', undefined, 'status');
    if (order.depositCents > 0 && !order.depositReceivedAt)
      throw reasonError('CONFLICT', 'ORDER_WAITS_FOR_DEPOSIT', undefined, 'status');
  }

  let { lines, shipments } = order;
  const waiting = lines.filter((l) => l.shipmentId === null).map((l) => l.id);
  const problems = shippingProblems({
    to,
    carrier: change.carrier,
    lineIds: change.line_ids,
    waitingLineIds: waiting,
  });
  if (Object.keys(problems).length) throw fieldError(problems);

  let tracking: { carrier: string; number: string | null; url: string | null } | null = null;
  if (isShippingStatus(to) && change.carrier) {
    const number = change.tracking_number?.trim() || null;
    const shipped = new Set(to === 'shipped' ? waiting : (change.line_ids ?? []));
    const parcel = await insertShipment(tx, {
      orderId: order.id,
      carrier: change.carrier,
      trackingNumber: number,
      shippedByUserId: change.actorUserId,
      lineIds: [...shipped],
    });
    lines = lines.map((l) =>
      l.shipmentId === null && shipped.has(l.id) ? { ...l, shipmentId: parcel.id } : l,
    );
    shipments = [...shipments, parcel];
    tracking = { carrier: change.carrier, number, url: trackingUrl(change.carrier, number) };
    // Each shipment, partial or not, bills what it carries (docs/product/accounts-receivable.md).
    await onShipment?.(tx, {
      shipmentId: parcel.id,
      order,
      customer: order.customer,
      lines: lines.filter((l) => l.shipmentId === parcel.id),
      actor: { id: change.actorUserId, email: change.actorEmail },
    });
  }
  if (returnsStock(to)) {
    await returnStock(
      tx,
      order.country,
      lines.map((l) => ({
        id: l.productId,
        // Lines written before stock_taken existed took their quantity unless back-ordered.
        quantity: l.stockTaken ?? (l.backorder ? 0 : l.quantity),
      })),
    );
  }

  const { customer } = order;
  const version = order.version + 1;
  const alongside: StatementPart[] = [];
  const mail = statusMailFor(to);
  if (mail && (!mail.optional || customer.orderStatusMails)) {
    alongside.push(
      enqueueMailPart({
        to: customer.email,
        template: mail.template,
        lang: customer.lang,
        data: {
          order_id: order.id,
          name: customer.name,
          carrier: tracking?.carrier,
          tracking_number: tracking?.number,
          tracking_url: tracking?.url,
          partial: to === 'partially_shipped',
        },
      }),
    );
  }
  const deliveries = webhookEventPart(
    'order.status_changed',
    {
      order_id: order.id,
      from: order.status,
      to,
      version,
      customer_id: order.userId,
      ...(tracking ? { carrier: tracking.carrier, tracking_number: tracking.number } : {}),
      // Added fields (the payload only grows): the warehouse's where and when.
      po_number: order.poNumber,
      ...shippingWebhookFields(order),
    },
    'after-commit',
  );
  alongside.push(
    auditInsertPart({
      actorId: change.actorUserId,
      actorEmail: change.actorEmail,
      action: 'order.status',
      entity: 'order',
      entityId: order.id,
      before: { status: order.status, version: order.version },
      after: {
        status: to,
        version,
        ...(tracking ? { carrier: tracking.carrier, tracking_number: tracking.number } : {}),
        ...(change.note ? { note: change.note } : {}),
      },
    }),
  );
  const note = change.note ?? null;
  const written = await writeStatusChange(
    tx,
    {
      orderId: order.id,
      from: order.status,
      to,
      version: order.version,
      actorUserId: change.actorUserId,
      note,
    },
    deliveries,
    alongside,
  ).catch((error: unknown) => {
    throw hasSqlState(error, ORDER_CHANGED_SQLSTATE)
      ? refused(order.status, to, 'ORDER_CHANGED')
      : error;
  });
  if (written.version !== version) throw refused(order.status, to, 'ORDER_CHANGED');
  const step = { toStatus: to, at: written.at, by: order.actorName, byStaff: true, note };
  const detail = deskOrderDetail({
    ...order,
    status: to,
    version,
    lines,
    shipments,
    steps: [...order.steps, step],
  });
  return { order: detail, deliveries: written.deliveries };
}
