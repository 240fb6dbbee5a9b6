import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Country, OrderStatus } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { orderLines, orders, shipments, users } from '../../db/schema';

// NOTE: the desk lists orders with their customer's name and filters on it, so these queries join
// the users table read-only (one indexed query instead of a second round trip per page); the
// accounts module still owns every write to users.

export type DeskFilter = {
  status?: OrderStatus;
  country?: Country;
  customerId?: number;
  from?: string;
  to?: string;
  q?: string;
  /**
   * The customers whose names contain `q` (selectCustomerIdsNamed), looked up before the list
   * queries so the planner sees how many orders they have (see deskWhere).
   */
  qCustomerIds?: number[];
  updatedSince?: string;
};

export type DeskSort = 'created_desc' | 'created_asc' | 'total_desc' | 'total_asc' | 'updated_asc';

const startOfDay = (day: string) => new Date(`${day}T00:00:00Z`);
const endOfDay = (day: string) => new Date(startOfDay(day).getTime() + 86_400_000);

/** `%text%` for ILIKE with the pattern characters of the text itself escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The expression of the users_names_trgm_idx index (migration 0014): the same text, so a name
// search reads that trigram index.
const customerNames = sql`(coalesce(${users.ownerName}, '') || ' ' || coalesce(${users.companyName}, ''))`;

/** The text the desk's `q` searches for (`#123` is order 123). */
const searchText = (q: string) => q.replace(/^#/, '');

/** Ids of the customers whose name or company name contains the desk's `q`. */
export async function selectCustomerIdsNamed(tx: Tx, q: string): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`${customerNames} ilike ${containsPattern(searchText(q))}`);
  return rows.map((r) => r.id);
}

function deskWhere(f: DeskFilter, withStatus: boolean): SQL | undefined {
  const parts: SQL[] = [];
  if (withStatus && f.status) parts.push(eq(orders.status, f.status));
  if (f.country) parts.push(eq(orders.country, f.country));
  if (f.customerId) parts.push(eq(orders.userId, f.customerId));
  if (f.from) parts.push(gte(orders.createdAt, startOfDay(f.from)));
  if (f.to) parts.push(lt(orders.createdAt, endOfDay(f.to)));
  if (f.updatedSince) parts.push(gt(orders.updatedAt, new Date(f.updatedSince)));
  if (f.q) {
    const text = searchText(f.q);
    // NOTE: each alternative is indexable on its own (PO trigram, the customers' ids, the primary
    // key), and the customer ids are given as a list, not a subquery: with a subquery (or an OR
    // over the join) the planner guessed ~1,000 matches and walked the whole date index to find a
    // PO matched by two orders (0.7 s at 100,000 orders); with the list it knows how many orders
    // those customers have, and picks the bitmap scans or the date index accordingly.
    const matches: SQL[] = [ilike(orders.poNumber, containsPattern(text))];
    if (f.qCustomerIds?.length) matches.push(inArray(orders.userId, f.qCustomerIds));
    if (/^\d{1,9}$/.test(text)) matches.push(eq(orders.id, Number(text)));
    parts.push(or(...matches)!);
  }
  return parts.length ? and(...parts) : undefined;
}

const ORDER_BY: Record<DeskSort, SQL[]> = {
  created_desc: [desc(orders.createdAt), desc(orders.id)],
  created_asc: [asc(orders.createdAt), asc(orders.id)],
  total_desc: [desc(orders.totalCents), desc(orders.id)],
  total_asc: [asc(orders.totalCents), asc(orders.id)],
  updated_asc: [asc(orders.updatedAt), asc(orders.id)],
};

const deskColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  status: orders.status,
  country: orders.country,
  customerId: orders.userId,
  customerName: users.ownerName,
  companyName: users.companyName,
  poNumber: orders.poNumber,
  totalCents: orders.totalCents,
  version: orders.version,
};

export type DeskRow = {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  status: OrderStatus;
  country: Country;
  customerId: number;
  customerName: string;
  companyName: string | null;
  poNumber: string | null;
  totalCents: number;
  version: number;
};

/** One page of the desk's list. */
export function selectDeskPage(
  tx: Tx,
  f: DeskFilter,
  sort: DeskSort,
  limit: number,
  offset: number,
): Promise<DeskRow[]> {
  return tx
    .select(deskColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(deskWhere(f, true))
    .orderBy(...ORDER_BY[sort])
    .limit(limit)
    .offset(offset);
}

/** Orders per status under the filters, the status filter aside (the desk's tabs). */
export async function countDeskByStatus(tx: Tx, f: DeskFilter): Promise<Record<string, number>> {
  const rows = await tx
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(deskWhere(f, false))
    .groupBy(orders.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Streams the filtered list in pages of `batch` rows (CSV export), keyset on (created_at, id). */
export async function* iterateDeskRows(
  tx: Tx,
  f: DeskFilter,
  batch = 1000,
): AsyncGenerator<DeskRow[]> {
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const where = and(
      deskWhere(f, true),
      after
        ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
        : undefined,
    );
    const rows = await tx
      .select(deskColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export type LockedOrder = typeof orders.$inferSelect;

/** The order row, unlocked (reads). */
export async function selectOrderById(tx: Tx, orderId: number): Promise<LockedOrder | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** The order row, locked until the transaction ends (status changes run one at a time). */
export async function lockOrder(tx: Tx, orderId: number): Promise<LockedOrder | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** Moves the order to `status` and bumps its version, if it still has `version`. */
export async function updateOrderStatus(
  tx: Tx,
  orderId: number,
  status: OrderStatus,
  version: number,
): Promise<number | null> {
  const [row] = await tx
    .update(orders)
    .set({ status, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.version, version)))
    .returning({ version: orders.version });
  return row?.version ?? null;
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
): Promise<number> {
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId: values.orderId,
      carrier: values.carrier,
      trackingNumber: values.trackingNumber,
      shippedByUserId: values.shippedByUserId,
    })
    .returning({ id: shipments.id });
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
  return row.id;
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
