import { and, asc, desc, eq, gt, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Country, OrderHoldReason, OrderStatus, PaymentTerms } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { unnamedStatements } from '../../db/prepared';
import { orders, users, type OrderShipTo } from '../../db/schema';

// NOTE: the desk lists orders with their customer's name and filters on it, so these queries join
// the users table read-only (one indexed query instead of a second round trip per page); the
// accounts module still owns every write to users. One order read and written by a status change
// is in order-desk.queries.ts.

export type DeskFilter = {
  status?: OrderStatus;
  country?: Country;
  customerId?: number;
  from?: string;
  to?: string;
  /** Requested ship date range (days, both included); orders without a date are left out. */
  shipDateFrom?: string;
  shipDateTo?: string;
  q?: string;
  /**
   * The customers whose names contain `q` (selectCustomerIdsNamed), looked up before the list
   * queries so the planner sees how many orders they have (see deskWhere).
   */
  qCustomerIds?: number[];
  updatedSince?: string;
  /** 'credit': the orders waiting for credit (a deposit not yet received, or a credit hold). */
  waiting?: 'credit';
};

export type DeskSort =
  | 'created_desc'
  | 'created_asc'
  | 'total_desc'
  | 'total_asc'
  | 'updated_asc'
  | 'ship_date_asc'
  | 'ship_date_desc';

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

/**
 * The values of a filter's conditions, by placeholder name: the statements below are built with
 * `sql.placeholder`s only, so one text serves every filter of the same shape (deskShape).
 */
function deskValues(f: DeskFilter): Record<string, unknown> {
  const text = f.q ? searchText(f.q) : '';
  return {
    status: f.status,
    country: f.country,
    customerId: f.customerId,
    from: f.from && startOfDay(f.from),
    to: f.to && endOfDay(f.to),
    shipDateFrom: f.shipDateFrom,
    shipDateTo: f.shipDateTo,
    updatedSince: f.updatedSince && new Date(f.updatedSince),
    qCustomerIds: f.qCustomerIds,
    qPo: containsPattern(text),
    qId: Number(text),
  };
}

const p = (name: string) => sql.placeholder(name);

/** The filters other than the text, each a condition all listed orders meet. */
function deskConditions(f: DeskFilter, withStatus: boolean): SQL[] {
  const parts: SQL[] = [];
  if (withStatus && f.status) parts.push(eq(orders.status, p('status')));
  if (f.country) parts.push(eq(orders.country, p('country')));
  if (f.customerId) parts.push(eq(orders.userId, p('customerId')));
  if (f.from) parts.push(gte(orders.createdAt, p('from')));
  if (f.to) parts.push(lt(orders.createdAt, p('to')));
  if (f.shipDateFrom) parts.push(sql`${orders.requestedShipDate} >= ${p('shipDateFrom')}::date`);
  if (f.shipDateTo) parts.push(sql`${orders.requestedShipDate} <= ${p('shipDateTo')}::date`);
  if (f.updatedSince) parts.push(gt(orders.updatedAt, p('updatedSince')));
  // The predicate of orders_waiting_idx (migration 0033): the few waiting orders, read by it. Only
  // a placed order waits: a cancelled one keeps its hold reason and owes no deposit any more.
  if (f.waiting === 'credit')
    parts.push(
      sql`(${orders.holdReason} is not null or (${orders.depositCents} > 0 and ${orders.depositReceivedAt} is null))`,
      eq(orders.status, 'placed'),
    );
  return parts;
}

/**
 * What the text `q` matches, any of: the PO number contains it, the customer is one whose name
 * contains it, it is the order's number. NOTE: each alternative is indexable on its own (PO
 * trigram, the customers' ids, the primary key), and the customer ids are given as an array, not a
 * subquery: with a subquery (or an OR over the join) the planner guessed ~1,000 matches and walked
 * the whole date index to find a PO matched by two orders (0.7 s at 100,000 orders); with the ids
 * (an unnamed statement is planned with its values) it knows how many orders those customers have,
 * and picks the bitmap scans or the date index accordingly.
 */
function textAlternatives(f: DeskFilter): SQL[] {
  if (!f.q) return [];
  // The customers first: countTextMatchesByStatus counts their orders without leaving any out.
  const matches: SQL[] = [];
  if (f.qCustomerIds?.length)
    matches.push(sql`${orders.userId} = any(${p('qCustomerIds')}::int[])`);
  matches.push(ilike(orders.poNumber, p('qPo')));
  if (/^\d{1,9}$/.test(searchText(f.q))) matches.push(eq(orders.id, p('qId')));
  return matches;
}

function deskWhere(f: DeskFilter, withStatus: boolean): SQL | undefined {
  const parts = deskConditions(f, withStatus);
  const text = textAlternatives(f);
  if (text.length) parts.push(or(...text)!);
  return parts.length ? and(...parts) : undefined;
}

/**
 * The filter's plain conditions: all but the status (a tab) and the text search. A cache key or a
 * statement's shape made of them cannot forget one when a filter is added.
 */
export function deskFilterFacets(f: DeskFilter) {
  return [
    f.country,
    f.customerId,
    f.from,
    f.to,
    f.shipDateFrom,
    f.shipDateTo,
    f.updatedSince,
    f.waiting,
  ];
}

/** Which conditions deskWhere writes for `f` (not their values): statements with one shape share a text. */
function deskShape(f: DeskFilter): string {
  const q = f.q ? searchText(f.q) : undefined;
  return [
    f.status,
    ...deskFilterFacets(f),
    q !== undefined,
    Boolean(f.qCustomerIds?.length),
    q !== undefined && /^\d{1,9}$/.test(q),
  ]
    .map((present) => (present ? 1 : 0))
    .join('');
}

const ORDER_BY: Record<DeskSort, SQL[]> = {
  created_desc: [desc(orders.createdAt), desc(orders.id)],
  created_asc: [asc(orders.createdAt), asc(orders.id)],
  total_desc: [desc(orders.totalCents), desc(orders.id)],
  total_asc: [asc(orders.totalCents), asc(orders.id)],
  updated_asc: [asc(orders.updatedAt), asc(orders.id)],
  // An order without a requested date ships as soon as possible: it sorts as the earliest date.
  // Both directions read orders_ship_date_idx (migration 0031), forwards or backwards.
  ship_date_asc: [sql`${orders.requestedShipDate} asc nulls first`, asc(orders.id)],
  ship_date_desc: [sql`${orders.requestedShipDate} desc nulls last`, desc(orders.id)],
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
  customerCode: users.customerCode,
  poNumber: orders.poNumber,
  requestedShipDate: orders.requestedShipDate,
  totalCents: orders.totalCents,
  /** The estimated taxes: with the total, what the customer owes (the list shows both ways). */
  taxCents: orders.taxCents,
  version: orders.version,
  holdReason: orders.holdReason,
  depositCents: orders.depositCents,
  depositReceivedAt: orders.depositReceivedAt,
};

/** The CSV export's columns: the list's, and where, when and on what terms each order ships. */
const deskCsvColumns = {
  ...deskColumns,
  comment: orders.comment,
  shipTo: orders.shipTo,
  paymentTerms: orders.paymentTerms,
  /** The price lists the order's lines were priced by, by name (null: none). */
  priceLists: sql<string | null>`(
    select string_agg(distinct l.price_list_name, '; ' order by l.price_list_name)
    from order_lines l where l.order_id = ${orders.id})`,
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
  customerCode: string | null;
  poNumber: string | null;
  requestedShipDate: string | null;
  totalCents: number;
  taxCents: number;
  version: number;
  holdReason: OrderHoldReason | null;
  depositCents: number;
  depositReceivedAt: Date | null;
};

/** A row of the CSV export. */
export type DeskCsvRow = DeskRow & {
  comment: string | null;
  shipTo: OrderShipTo | null;
  paymentTerms: PaymentTerms | null;
  priceLists: string | null;
};

/**
 * The desk's page and counts statements, built once per shape (and database), run with the
 * filter's values. NOTE: Drizzle building the same few query shapes on every request was ~18 % of
 * the list's Node CPU under staff traffic. The statements stay unnamed (unlike db/prepared.ts):
 * PostgreSQL plans each run with its values, which the text searches need (a PO pattern, the named
 * customers' ids); a named statement may switch to one generic plan after five runs.
 */
const deskStatements = unnamedStatements(500);

/**
 * One page of the desk's list. NOTE: a later page skips `offset` orders first, by their ids alone,
 * then reads the page's rows and customers: joined directly, page 40 (offset 1,950) read 2,000
 * orders from the heap and looked up their customers to throw all but 50 away (26 ms at 100,000
 * orders); the ids come from an index-only scan of the sort's index (0.5 ms).
 */
export function selectDeskPage(
  tx: Tx,
  f: DeskFilter,
  sort: DeskSort,
  limit: number,
  offset: number,
): Promise<DeskRow[]> {
  const key = `page:${deskShape(f)}:${sort}:${offset === 0 ? 'first' : 'later'}`;
  const statement = deskStatements<DeskRow>(tx, key, (db) => {
    const rows = db.select(deskColumns).from(orders);
    if (offset === 0)
      return rows
        .innerJoin(users, eq(users.id, orders.userId))
        .where(deskWhere(f, true))
        .orderBy(...ORDER_BY[sort])
        .limit(p('limit'));
    const page = db
      .select({ id: orders.id })
      .from(orders)
      .where(deskWhere(f, true))
      .orderBy(...ORDER_BY[sort])
      .limit(p('limit'))
      .offset(p('offset'))
      .as('desk_page');
    return rows
      .innerJoin(page, eq(page.id, orders.id))
      .innerJoin(users, eq(users.id, orders.userId))
      .orderBy(...ORDER_BY[sort]);
  });
  return statement.execute({ ...deskValues(f), limit, offset });
}

/** Orders per status under the filters, the status filter aside (the desk's tabs). */
export async function countDeskByStatus(tx: Tx, f: DeskFilter): Promise<Record<string, number>> {
  const statement = deskStatements<{ status: OrderStatus; n: number }>(
    tx,
    `counts:${deskShape({ ...f, status: undefined })}`,
    (db) => {
      const text = textAlternatives(f);
      return text.length > 1
        ? countTextMatchesByStatus(db, deskConditions(f, false), text)
        : db
            .select({ status: orders.status, n: sql<number>`count(*)::int` })
            .from(orders)
            .where(deskWhere(f, false))
            .groupBy(orders.status);
    },
  );
  const rows = await statement.execute(deskValues(f));
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/**
 * The orders meeting `conditions` and any of the text's alternatives, per status. NOTE: counted
 * through the OR of the alternatives they were a sequential scan of every order (no one index
 * answers an OR across the customer ids and the PO trigrams; a name word such as "Shop" matches
 * 13,000 orders of 125 customers: 4,259 buffers, 75–150 ms). As a UNION ALL of one branch per
 * alternative, each leaving out the orders an earlier branch counted, the customers' orders (the
 * first branch, nothing left out) are an index-only scan and the POs a trigram lookup (612 buffers,
 * 13–19 ms).
 */
function countTextMatchesByStatus(tx: Tx, conditions: SQL[], text: SQL[]) {
  const [first, second, ...rest] = text.map((alternative, i) =>
    tx
      .select({ status: orders.status })
      .from(orders)
      .where(
        and(
          ...conditions,
          alternative,
          ...text.slice(0, i).map((earlier) => sql`(${earlier}) is not true`),
        ),
      ),
  );
  const matched = unionAll(first, second, ...rest).as('matched');
  return tx
    .select({ status: matched.status, n: sql<number>`count(*)::int` })
    .from(matched)
    .groupBy(matched.status);
}

/** Streams the filtered list in pages of `batch` rows (CSV export), keyset on (created_at, id). */
export async function* iterateDeskRows(
  tx: Tx,
  f: DeskFilter,
  batch = 1000,
): AsyncGenerator<DeskCsvRow[]> {
  const values = deskValues(f);
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const where = and(
      deskWhere(f, true),
      after
        ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
        : undefined,
    );
    const rows = await tx
      .select(deskCsvColumns)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batch)
      .execute(values);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}
