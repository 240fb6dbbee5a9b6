import { sql } from 'drizzle-orm';
import {
  allowedReturnSteps,
  lineTotalCents,
  toPage,
  type AdminReturn,
  type Country,
  type Lang,
  type Paginated,
  type ReturnRequest,
  type ReturnStatus,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';

/**
 * Reading returns (docs/product/accounts-receivable.md "Returns and credit notes"): the buyer's
 * own returns and the staff's returns desk. Asking is in returns.requests.ts, deciding and
 * receiving in returns.service.ts, credit notes in credit-notes.queries.ts.
 */

/** ISO text of a timestamp, the same on node-postgres (text) and PGlite. */
const iso = (column: string) => sql.raw(`to_json(${column})#>>'{}'`);

export const notFound = () => new AppError('NOT_FOUND', 'No such return');

type ReturnRow = {
  id: number;
  user_id: number;
  order_id: number;
  country: Country;
  status: ReturnStatus;
  reason: string;
  staff_note: string | null;
  created_at: string;
  decided_at: string | null;
  received_at: string | null;
  restocked: boolean;
  credit_note_id: number | null;
  credit_note_number: string | null;
  credit_note_total: number | null;
  owner_name: string;
  company_name: string | null;
  email: string;
  lang: Lang;
};

/**
 * The columns of an order line that returns read: its product, name, pack size and unit price as
 * frozen at ordering, the shipment that carried it, and a quantity of packs (the order line's, or
 * on a return line the packs asked back).
 */
export type OrderLineColumns = {
  product_code: string;
  name: string;
  quantity: number;
  ship_pack: number;
  unit_price_cents: number;
  shipment_id: number | null;
};

/** A line of a return: the order line it asks back, and how many of its packs. */
export type LineRow = OrderLineColumns & {
  return_id: number;
  order_line_id: number;
  product_id: number;
};

export async function returnRows(tx: Tx, where: ReturnType<typeof sql>, tail = sql``) {
  const result = await tx.execute<ReturnRow>(sql`
    select r.id, r.user_id, r.order_id, o.country, r.status, r.reason, r.staff_note,
           ${iso('r.created_at')} as created_at, ${iso('r.decided_at')} as decided_at,
           ${iso('r.received_at')} as received_at, r.restocked, r.credit_note_id,
           cn.number as credit_note_number, cn.total_cents as credit_note_total,
           u.owner_name, u.company_name, u.email, u.lang
      from return_requests r
      join orders o on o.id = r.order_id
      join users u on u.id = r.user_id
      left join credit_notes cn on cn.id = r.credit_note_id
     where ${where}
     order by r.created_at desc, r.id desc ${tail}`);
  return result.rows;
}

export async function linesOf(tx: Tx, returnIds: number[]): Promise<Map<number, LineRow[]>> {
  const byReturn = new Map<number, LineRow[]>();
  if (returnIds.length === 0) return byReturn;
  const result = await tx.execute<LineRow>(sql`
    select rl.return_id, rl.order_line_id, ol.product_id, ol.product_code, ol.name, rl.quantity,
           ol.ship_pack, ol.unit_price_cents, ol.shipment_id
      from return_lines rl join order_lines ol on ol.id = rl.order_line_id
     where rl.return_id = any(${`{${returnIds.join(',')}}`}::int[])
     order by rl.id`);
  for (const row of result.rows) {
    const list = byReturn.get(Number(row.return_id)) ?? [];
    list.push(row);
    byReturn.set(Number(row.return_id), list);
  }
  return byReturn;
}

/** One line of a return as the buyer, the desk and the credit note's PDF show it. */
export function toReturnLine(l: LineRow): ReturnRequest['lines'][number] {
  return {
    order_line_id: Number(l.order_line_id),
    product_code: l.product_code.trim(),
    name: l.name,
    quantity: Number(l.quantity),
    ship_pack: Number(l.ship_pack),
    unit_price_cents: Number(l.unit_price_cents),
    line_total_cents: lineTotalCents(
      Number(l.unit_price_cents),
      Number(l.quantity),
      Number(l.ship_pack),
    ),
  };
}

export function toDto(row: ReturnRow, lines: LineRow[]): ReturnRequest {
  const dtoLines = lines.map(toReturnLine);
  return {
    id: Number(row.id),
    order_id: Number(row.order_id),
    country: row.country,
    status: row.status,
    reason: row.reason,
    staff_note: row.staff_note,
    created_at: row.created_at,
    decided_at: row.decided_at,
    received_at: row.received_at,
    restocked: Boolean(row.restocked),
    subtotal_cents: dtoLines.reduce((sum, l) => sum + l.line_total_cents, 0),
    lines: dtoLines,
    credit_note:
      row.credit_note_id === null
        ? null
        : {
            id: Number(row.credit_note_id),
            number: row.credit_note_number ?? '',
            total_cents: Number(row.credit_note_total),
          },
  };
}

export function toAdminDto(row: ReturnRow, lines: LineRow[]): AdminReturn {
  return {
    ...toDto(row, lines),
    customer: {
      id: Number(row.user_id),
      name: row.owner_name,
      company: row.company_name,
      email: row.email,
      lang: row.lang,
    },
    allowed: [...allowedReturnSteps(row.status)],
  };
}

export async function withLines<T>(
  tx: Tx,
  rows: ReturnRow[],
  map: (row: ReturnRow, lines: LineRow[]) => T,
): Promise<T[]> {
  const lines = await linesOf(
    tx,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => map(r, lines.get(Number(r.id)) ?? []));
}

/** The page `query` asks for, as the tail of a newest-first select. */
export const pageTail = (query: { page: number; perPage: number }) =>
  sql`limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`;

async function countReturns(tx: Tx, where: ReturnType<typeof sql>): Promise<number> {
  const result = await tx.execute<{ n: number | string }>(
    sql`select count(*)::int as n from return_requests r where ${where}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** A buyer's own returns, newest first (one order's with `orderId`). */
export async function listOwnReturns(
  db: Database,
  userId: number,
  query: { orderId?: number; page: number; perPage: number },
): Promise<Paginated<ReturnRequest>> {
  const where = sql`r.user_id = ${userId}${query.orderId ? sql` and r.order_id = ${query.orderId}` : sql``}`;
  const [rows, total] = await Promise.all([
    returnRows(db, where, pageTail(query)),
    countReturns(db, where),
  ]);
  return toPage(await withLines(db, rows, toDto), total, query.page, query.perPage);
}

/** The staff's returns desk: every customer's returns, by status, newest first, with counts per status. */
export async function listDeskReturns(
  db: Database,
  query: { status?: ReturnStatus; page: number; perPage: number },
): Promise<Paginated<AdminReturn> & { counts: Record<string, number> }> {
  const where = query.status ? sql`r.status = ${query.status}` : sql`true`;
  const [rows, total, counts] = await Promise.all([
    returnRows(db, where, pageTail(query)),
    countReturns(db, where),
    db.execute<{ status: string; n: number | string }>(
      sql`select status, count(*)::int as n from return_requests group by status`,
    ),
  ]);
  return {
    ...toPage(await withLines(db, rows, toAdminDto), total, query.page, query.perPage),
    counts: Object.fromEntries(counts.rows.map((c) => [c.status, Number(c.n)])),
  };
}

/** One return as the desk sees it (404 when there is none). */
export async function getDeskReturn(tx: Tx, id: number): Promise<AdminReturn> {
  const [row] = await returnRows(tx, sql`r.id = ${id}`);
  if (!row) throw notFound();
  const [dto] = await withLines(tx, [row], toAdminDto);
  return dto;
}
