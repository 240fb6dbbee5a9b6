import { sql } from 'drizzle-orm';
import {
  toPage,
  type Country,
  type CreditNote,
  type Lang,
  type Paginated,
  type ReturnRequest,
  type TaxLine,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { linesOf, pageTail, toReturnLine } from './returns.queries';

/**
 * Credit notes as the buyer lists them and their PDF prints them (issued when the warehouse
 * receives a return, see returns.service.ts).
 */

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
  const [rows, total] = await Promise.all([
    creditNoteRows(db, where, pageTail(query)),
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
    lines: lines.map(toReturnLine),
    customer: {
      name: c.owner_name,
      company: c.company_name,
      lang: c.lang,
      customerCode: c.customer_code,
    },
  };
}
