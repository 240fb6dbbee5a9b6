import { sql } from 'drizzle-orm';
import {
  RETURN_WINDOW_DAYS,
  addDays,
  allowedReturnSteps,
  canMoveReturn,
  creditNoteAmounts,
  creditSettlementCents,
  lineReturnable,
  lineTotalCents,
  returnablePacks,
  shopToday,
  toPage,
  type AdminReturn,
  type Country,
  type CreditNote,
  type Lang,
  type Paginated,
  type ReturnRequest,
  type ReturnableLine,
  type ReturnStatus,
  type TaxKind,
  type TaxLine,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError, reasonError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import { returnStock } from '../catalogue';
import { nextDocumentNumber } from './account-position.queries';

/**
 * Returns and credit notes (docs/product/accounts-receivable.md "Returns and credit notes"): a
 * buyer asks lines of a shipped order back within RETURN_WINDOW_DAYS of their shipment; credit
 * staff authorise or refuse; the warehouse receives an authorised return, which issues a credit
 * note (and, when staff say so, puts the packs back in stock) in the same transaction.
 */

type Actor = { id: number; email: string | null };

/** ISO text of a timestamp, the same on node-postgres (text) and PGlite. */
const iso = (column: string) => sql.raw(`to_json(${column})#>>'{}'`);

const notFound = () => new AppError('NOT_FOUND', 'No such return');

// ----- Reading ---------------------------------------------------------------------------------

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

type LineRow = {
  return_id: number;
  order_line_id: number;
  product_id: number;
  product_code: string;
  name: string;
  quantity: number;
  ship_pack: number;
  unit_price_cents: number;
  shipment_id: number | null;
};

async function returnRows(tx: Tx, where: ReturnType<typeof sql>, tail = sql``) {
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

async function linesOf(tx: Tx, returnIds: number[]): Promise<Map<number, LineRow[]>> {
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

function toDto(row: ReturnRow, lines: LineRow[]): ReturnRequest {
  const dtoLines = lines.map((l) => ({
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
  }));
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

function toAdminDto(row: ReturnRow, lines: LineRow[]): AdminReturn {
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

async function withLines<T>(
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
  const offset = (query.page - 1) * query.perPage;
  const [rows, total] = await Promise.all([
    returnRows(db, where, sql`limit ${query.perPage} offset ${offset}`),
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
  const offset = (query.page - 1) * query.perPage;
  const [rows, total, counts] = await Promise.all([
    returnRows(db, where, sql`limit ${query.perPage} offset ${offset}`),
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

// ----- Asking ----------------------------------------------------------------------------------

type OrderLineState = {
  id: number;
  product_code: string;
  name: string;
  quantity: number;
  ship_pack: number;
  unit_price_cents: number;
  shipment_id: number | null;
  shipped_on: string | null;
  asked: number;
};

/** Each line of an order: what shipped and when (the shop's calendar day), what returns already ask. */
async function orderLineStates(tx: Tx, orderId: number): Promise<OrderLineState[]> {
  const result = await tx.execute<OrderLineState>(sql`
    select ol.id, ol.product_code, ol.name, ol.quantity, ol.ship_pack, ol.unit_price_cents,
           ol.shipment_id,
           ((s.shipped_at at time zone 'America/Toronto')::date)::text as shipped_on,
           coalesce((select sum(rl.quantity) from return_lines rl
                       join return_requests rr on rr.id = rl.return_id
                      where rl.order_line_id = ol.id and rr.status <> 'refused'), 0)::int as asked
      from order_lines ol left join shipments s on s.id = ol.shipment_id
     where ol.order_id = ${orderId}
     order by ol.id`);
  return result.rows;
}

/**
 * The lines of a buyer's own order as the return form offers them: shipped packs, what may still
 * be asked back, and whether the 60 days since shipment have passed (404 for another's order).
 */
export async function returnableLines(
  db: Database,
  userId: number,
  orderId: number,
  now: Date,
): Promise<ReturnableLine[]> {
  const order = await db.execute<{ id: number }>(
    sql`select id from orders where id = ${orderId} and user_id = ${userId}`,
  );
  if (!order.rows[0]) throw new AppError('NOT_FOUND', 'No such order');
  const today = shopToday(now);
  return (await orderLineStates(db, orderId)).map((l) => {
    const shipped = l.shipment_id === null || !l.shipped_on ? 0 : Number(l.quantity);
    return {
      order_line_id: Number(l.id),
      product_code: l.product_code.trim(),
      name: l.name,
      ship_pack: Number(l.ship_pack),
      unit_price_cents: Number(l.unit_price_cents),
      shipped,
      shipped_on: l.shipped_on,
      last_day: l.shipped_on ? addDays(l.shipped_on, RETURN_WINDOW_DAYS) : null,
      within_window: l.shipped_on ? lineReturnable(l.shipped_on, today) : false,
      available: returnablePacks(shipped, Number(l.asked)),
    };
  });
}

/**
 * A buyer asks lines of their own order back (POST /api/orders/:id/returns). Every line must have
 * shipped, within RETURN_WINDOW_DAYS of `now` in the shop's calendar, and ask no more packs than
 * shipped less what other returns (not refused) already ask. The order row is locked so two
 * requests of one order cannot together ask more than shipped. Another customer's order is a 404.
 */
export async function requestReturn(
  db: Database,
  input: {
    userId: number;
    orderId: number;
    lines: Array<{ order_line_id: number; quantity: number }>;
    reason: string;
    now: Date;
  },
): Promise<ReturnRequest> {
  const reason = input.reason.trim();
  const id = await db.transaction(async (tx) => {
    const order = await tx.execute<{ id: number; country: Country }>(sql`
      select id, country from orders where id = ${input.orderId} and user_id = ${input.userId}
      for update`);
    if (!order.rows[0]) throw new AppError('NOT_FOUND', 'No such order');
    const country = order.rows[0].country;
    if (!reason)
      throw reasonError('VALIDATION_FAILED', 'FIELD_REQUIRED', { field: 'reason' }, 'reason');
    const state = await orderLineStates(tx, input.orderId);
    const lines = new Map(state.map((l) => [Number(l.id), l]));
    const today = shopToday(input.now);
    const seen = new Set<number>();
    input.lines.forEach((asked, i) => {
      const field = `lines.${i}`;
      const line = lines.get(asked.order_line_id);
      const refuse = (
        key: Parameters<typeof reasonError>[1],
        params?: Record<string, string | number>,
      ) => reasonError('VALIDATION_FAILED', key, params, field, country);
      if (!line) throw refuse('RETURN_LINE_UNKNOWN');
      if (seen.has(asked.order_line_id)) throw refuse('RETURN_LINE_TWICE');
      seen.add(asked.order_line_id);
      const product = line.product_code.trim();
      if (line.shipment_id === null || !line.shipped_on)
        throw refuse('RETURN_LINE_NOT_SHIPPED', { product });
      if (!lineReturnable(line.shipped_on, today))
        throw refuse('RETURN_WINDOW_PASSED', { days: RETURN_WINDOW_DAYS, date: line.shipped_on });
      const available = returnablePacks(Number(line.quantity), Number(line.asked));
      if (asked.quantity > available) throw refuse('RETURN_TOO_MANY', { available, product });
    });
    const created = await tx.execute<{ id: number }>(sql`
      insert into return_requests (user_id, order_id, reason)
      values (${input.userId}, ${input.orderId}, ${reason}) returning id`);
    const returnId = Number(created.rows[0].id);
    const ids = input.lines.map((l) => l.order_line_id);
    const quantities = input.lines.map((l) => l.quantity);
    await tx.execute(sql`
      insert into return_lines (return_id, order_line_id, quantity)
      select ${returnId}, u.line_id, u.quantity
        from unnest(${`{${ids.join(',')}}`}::int[], ${`{${quantities.join(',')}}`}::int[])
             with ordinality as u(line_id, quantity, n)
       order by u.n`);
    return returnId;
  });
  const [row] = await returnRows(db, sql`r.id = ${id}`);
  const [dto] = await withLines(db, [row], toDto);
  return dto;
}

// ----- Deciding and receiving ------------------------------------------------------------------

async function lockReturn(tx: Tx, id: number) {
  const result = await tx.execute<{
    id: number;
    user_id: number;
    order_id: number;
    status: ReturnStatus;
    reason: string;
    staff_note: string | null;
  }>(sql`
    select id, user_id, order_id, status, reason, staff_note
      from return_requests where id = ${id} for update`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return row;
}

function refuseStep(from: ReturnStatus, to: ReturnStatus): AppError {
  const allowed = allowedReturnSteps(from);
  return reasonError('CONFLICT', 'RETURN_TRANSITION_NOT_ALLOWED', {
    from,
    to,
    allowed: allowed.length ? allowed.join(', ') : 'none',
  });
}

/**
 * Credit staff authorise or refuse a requested return, with an optional note the buyer sees;
 * audit-logged. A return that is not `requested` any more answers 409 with what it allows.
 */
export async function decideReturn(
  db: Database,
  input: { id: number; to: 'authorised' | 'refused'; note?: string; actor: Actor },
): Promise<AdminReturn> {
  return db.transaction(async (tx) => {
    const row = await lockReturn(tx, input.id);
    if (!canMoveReturn(row.status, input.to)) throw refuseStep(row.status, input.to);
    const note = input.note?.trim() || null;
    await tx.execute(sql`
      update return_requests
         set status = ${input.to}, staff_note = ${note}, decided_by_user_id = ${input.actor.id},
             decided_at = now(), updated_at = now()
       where id = ${input.id}`);
    await recordAudit(tx, {
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      action: input.to === 'authorised' ? 'return.authorise' : 'return.refuse',
      entity: 'return',
      entityId: input.id,
      before: { status: row.status, staff_note: row.staff_note },
      after: { status: input.to, staff_note: note },
    });
    return getDeskReturn(tx, input.id);
  });
}

/**
 * The warehouse receives an authorised return: in ONE transaction the return becomes `received`,
 * a credit note is issued (the returned packs at the order's frozen unit prices, the order's taxes
 * at their rates, numbered CN-<country>-NNNNNN), applied to the invoices of the lines' shipments
 * (oldest first, never more than each still owes), and with `restock` the packs go back to stock
 * (the catalogue's trigger tells its caches at commit). Both the return and the credit note are
 * audit-logged.
 */
export async function receiveReturn(
  db: Database,
  input: { id: number; restock: boolean; actor: Actor; now: Date },
): Promise<AdminReturn> {
  return db.transaction(async (tx) => {
    const row = await lockReturn(tx, input.id);
    if (!canMoveReturn(row.status, 'received')) throw refuseStep(row.status, 'received');
    const order = await tx.execute<{ country: Country; taxes: unknown }>(sql`
      select country, taxes from orders where id = ${row.order_id}`);
    const country = order.rows[0].country;
    const rawTaxes = order.rows[0].taxes;
    const orderTaxes = (typeof rawTaxes === 'string' ? JSON.parse(rawTaxes) : rawTaxes) as
      TaxLine[] | null;
    const lines = (await linesOf(tx, [row.id])).get(Number(row.id)) ?? [];
    const amounts = creditNoteAmounts(
      lines.map((l) => ({
        quantity: Number(l.quantity),
        shipPack: Number(l.ship_pack),
        unitPriceCents: Number(l.unit_price_cents),
      })),
      (orderTaxes ?? []).map((t) => ({ kind: t.kind as TaxKind, rate: Number(t.rate) })),
    );
    // The invoices of the shipments that carried the returned lines, oldest first, locked so a
    // payment applied at the same time cannot together with this credit settle more than owed.
    const shipmentIds = [...new Set(lines.map((l) => Number(l.shipment_id)).filter(Boolean))];
    const invoices = shipmentIds.length
      ? (
          await tx.execute<{ id: number; total_cents: number; settled: number }>(sql`
            select i.id, i.total_cents,
                   coalesce((select sum(s.amount_cents) from settlements s where s.invoice_id = i.id), 0)::int as settled
              from invoices i
             where i.shipment_id = any(${`{${shipmentIds.join(',')}}`}::int[])
             order by i.issued_on, i.id
             for update of i`)
        ).rows
      : [];
    const number = await nextDocumentNumber(tx, 'credit_note', country);
    const issuedOn = shopToday(input.now);
    const noteReason = `Return #${row.id}: ${row.reason}`;
    let creditNoteId: number | null = null;
    if (amounts.totalCents > 0) {
      const inserted = await tx.execute<{ id: number }>(sql`
        insert into credit_notes (number, user_id, invoice_id, return_id, country, issued_on,
                                  subtotal_cents, taxes, tax_cents, total_cents, reason, issued_by_user_id)
        values (${number}, ${row.user_id}, ${invoices[0]?.id ?? null}, ${row.id}, ${country}, ${issuedOn},
                ${amounts.subtotalCents}, ${JSON.stringify(amounts.taxes)}::jsonb, ${amounts.taxCents},
                ${amounts.totalCents}, ${noteReason}, ${input.actor.id})
        returning id`);
      creditNoteId = Number(inserted.rows[0].id);
      let left = amounts.totalCents;
      const applied: Array<{ invoice_id: number; amount_cents: number }> = [];
      for (const invoice of invoices) {
        const amount = creditSettlementCents(
          left,
          Number(invoice.total_cents),
          Number(invoice.settled),
        );
        if (amount <= 0) continue;
        await tx.execute(sql`
          insert into settlements (invoice_id, credit_note_id, amount_cents)
          values (${invoice.id}, ${creditNoteId}, ${amount})`);
        applied.push({ invoice_id: Number(invoice.id), amount_cents: amount });
        left -= amount;
      }
      await recordAudit(tx, {
        actorId: input.actor.id,
        actorEmail: input.actor.email,
        action: 'credit_note.issue',
        entity: 'credit_note',
        entityId: creditNoteId,
        before: null,
        after: {
          number,
          return_id: Number(row.id),
          customer_id: Number(row.user_id),
          subtotal_cents: amounts.subtotalCents,
          tax_cents: amounts.taxCents,
          total_cents: amounts.totalCents,
          settlements: applied,
        },
      });
    }
    if (input.restock) {
      await returnStock(
        tx,
        country,
        lines.map((l) => ({ id: Number(l.product_id), quantity: Number(l.quantity) })),
      );
    }
    await tx.execute(sql`
      update return_requests
         set status = 'received', received_at = now(), restocked = ${input.restock},
             credit_note_id = ${creditNoteId}, updated_at = now()
       where id = ${row.id}`);
    await recordAudit(tx, {
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      action: 'return.receive',
      entity: 'return',
      entityId: row.id,
      before: { status: row.status },
      after: { status: 'received', restocked: input.restock, credit_note: creditNoteId && number },
    });
    return getDeskReturn(tx, row.id);
  });
}

// ----- Credit notes ----------------------------------------------------------------------------

type CreditNoteRow = {
  id: number;
  user_id: number;
  number: string;
  issued_on: string;
  country: Country;
  subtotal_cents: number;
  taxes: unknown;
  tax_cents: number;
  total_cents: number;
  applied: number;
  invoice_id: number | null;
  invoice_number: string | null;
  return_id: number | null;
  order_id: number | null;
  reason: string | null;
};

async function creditNoteRows(tx: Tx, where: ReturnType<typeof sql>, tail = sql``) {
  const result = await tx.execute<CreditNoteRow>(sql`
    select cn.id, cn.user_id, cn.number, cn.issued_on::text as issued_on, cn.country,
           cn.subtotal_cents, cn.taxes, cn.tax_cents, cn.total_cents,
           coalesce((select sum(s.amount_cents) from settlements s where s.credit_note_id = cn.id), 0)::int as applied,
           cn.invoice_id, i.number as invoice_number, cn.return_id, r.order_id, cn.reason
      from credit_notes cn
      left join invoices i on i.id = cn.invoice_id
      left join return_requests r on r.id = cn.return_id
     where ${where}
     order by cn.issued_on desc, cn.id desc ${tail}`);
  return result.rows;
}

function toCreditNote(row: CreditNoteRow): CreditNote {
  const taxes = (typeof row.taxes === 'string' ? JSON.parse(row.taxes) : row.taxes) as TaxLine[];
  return {
    id: Number(row.id),
    number: row.number,
    issued_on: row.issued_on,
    country: row.country,
    subtotal_cents: Number(row.subtotal_cents),
    taxes: (taxes ?? []).map((t) => ({
      kind: t.kind,
      rate: Number(t.rate),
      amount_cents: Number(t.amountCents),
    })),
    tax_cents: Number(row.tax_cents),
    total_cents: Number(row.total_cents),
    applied_cents: Number(row.applied),
    invoice_id: row.invoice_id === null ? null : Number(row.invoice_id),
    invoice_number: row.invoice_number,
    return_id: row.return_id === null ? null : Number(row.return_id),
    order_id: row.order_id === null ? null : Number(row.order_id),
    reason: row.reason,
  };
}

/** A buyer's own credit notes, newest first. */
export async function listOwnCreditNotes(
  db: Database,
  userId: number,
  query: { page: number; perPage: number },
): Promise<Paginated<CreditNote>> {
  const where = sql`cn.user_id = ${userId}`;
  const offset = (query.page - 1) * query.perPage;
  const [rows, total] = await Promise.all([
    creditNoteRows(db, where, sql`limit ${query.perPage} offset ${offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from credit_notes cn where ${where}`),
  ]);
  return toPage(rows.map(toCreditNote), Number(total.rows[0]?.n ?? 0), query.page, query.perPage);
}

/** What a credit note's PDF prints: the note, its lines (the return's) and its customer. */
export type CreditNoteDocument = {
  note: CreditNote;
  lines: ReturnRequest['lines'];
  customer: { name: string; company: string | null; lang: Lang; customerCode: string | null };
};

/**
 * One credit note with what its PDF prints; `ownerId` limits it to that customer's (a buyer's own:
 * another customer's is a 404, as if it did not exist).
 */
export async function creditNoteDocument(
  db: Database,
  id: number,
  ownerId?: number,
): Promise<CreditNoteDocument> {
  const where =
    ownerId === undefined ? sql`cn.id = ${id}` : sql`cn.id = ${id} and cn.user_id = ${ownerId}`;
  const [row] = await creditNoteRows(db, where);
  if (!row) throw new AppError('NOT_FOUND', 'No such credit note');
  const note = toCreditNote(row);
  const lines = note.return_id
    ? ((await linesOf(db, [note.return_id])).get(note.return_id) ?? [])
    : [];
  const customer = await db.execute<{
    owner_name: string;
    company_name: string | null;
    lang: Lang;
    customer_code: string | null;
  }>(
    sql`select owner_name, company_name, lang, customer_code from users where id = ${row.user_id}`,
  );
  const c = customer.rows[0];
  return {
    note,
    lines: lines.map((l) => ({
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
    })),
    customer: {
      name: c.owner_name,
      company: c.company_name,
      lang: c.lang,
      customerCode: c.customer_code,
    },
  };
}
