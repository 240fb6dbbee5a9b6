import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { invoiceLines, invoices, users } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type NewInvoiceLineRow = Omit<typeof invoiceLines.$inferInsert, 'invoiceId'>;

/** An invoice with what settled it so far (payments and credit notes applied to it). */
export type InvoiceWithSettled = InvoiceRow & { settledCents: number };
export type AdminInvoiceListRow = InvoiceWithSettled & {
  customerName: string;
  companyName: string | null;
};

/** Writes an invoice and its lines; returns the invoice row. */
export async function insertInvoice(
  tx: Tx,
  values: NewInvoiceRow,
  lines: NewInvoiceLineRow[],
): Promise<{ invoice: InvoiceRow; lines: InvoiceLineRow[] }> {
  const [invoice] = await tx.insert(invoices).values(values).returning();
  const written = lines.length
    ? await tx
        .insert(invoiceLines)
        .values(lines.map((l) => ({ ...l, invoiceId: invoice.id })))
        .returning()
    : [];
  return { invoice, lines: written };
}

// What settled an invoice: the settlements table (payments and credit notes applied to it).
// NOTE: the outer column is spelled out: Drizzle writes `${invoices.id}` as a bare "id" in a
// one-table select, which inside this subquery would mean settlements.id.
const settled = sql<number>`(select coalesce(sum(s.amount_cents), 0)::int from settlements s
  where s.invoice_id = "invoices"."id")`.mapWith(Number);

/** A selected invoice row (and any columns beside it) flattened, with what settled it. */
const withSettled = <R extends { invoice: InvoiceRow; settledCents: number }>({
  invoice,
  ...beside
}: R): InvoiceRow & Omit<R, 'invoice'> => ({ ...invoice, ...beside });

/** The one invoice `condition` finds, with what settled it; undefined when there is none. */
async function selectOneInvoice(tx: Tx, condition: SQL): Promise<InvoiceWithSettled | undefined> {
  const [row] = await tx
    .select({ invoice: invoices, settledCents: settled })
    .from(invoices)
    .where(condition);
  return row && withSettled(row);
}

/** The invoice, with what settled it; undefined when there is none with that id. */
export const selectInvoice = (tx: Tx, id: number) => selectOneInvoice(tx, eq(invoices.id, id));

/** The invoice the ERP pushed under `externalRef`, with what settled it. */
export const selectInvoiceByExternalRef = (tx: Tx, externalRef: string) =>
  selectOneInvoice(tx, eq(invoices.externalRef, externalRef));

export function selectInvoiceLines(tx: Tx, invoiceId: number): Promise<InvoiceLineRow[]> {
  return tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.id));
}

/** The lines of several invoices at once (the ERP's page), by invoice id. */
export async function selectLinesOf(
  tx: Tx,
  invoiceIds: number[],
): Promise<Map<number, InvoiceLineRow[]>> {
  const byInvoice = new Map<number, InvoiceLineRow[]>();
  if (!invoiceIds.length) return byInvoice;
  const rows = await tx
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.id));
  for (const r of rows) byInvoice.set(r.invoiceId, [...(byInvoice.get(r.invoiceId) ?? []), r]);
  return byInvoice;
}

export type InvoiceFilter = {
  customerId?: number;
  orderId?: number;
  status?: InvoiceStatus;
  from?: string;
  to?: string;
  /** The shop's today: what "overdue" is measured against. */
  today: string;
};

function where(f: InvoiceFilter): SQL | undefined {
  const open = sql`${invoices.totalCents} > ${settled}`;
  const conditions = [
    f.customerId !== undefined ? eq(invoices.userId, f.customerId) : undefined,
    f.orderId !== undefined ? eq(invoices.orderId, f.orderId) : undefined,
    f.from ? gte(invoices.issuedOn, f.from) : undefined,
    f.to ? lte(invoices.issuedOn, f.to) : undefined,
    f.status === 'paid' ? sql`not (${open})` : undefined,
    f.status === 'open' ? and(open, gte(invoices.dueOn, f.today)) : undefined,
    f.status === 'overdue' ? and(open, sql`${invoices.dueOn} < ${f.today}`) : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return conditions.length ? and(...conditions) : undefined;
}

async function countInvoices(tx: Tx, condition: SQL | undefined): Promise<number> {
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(invoices)
    .where(condition);
  return count?.n ?? 0;
}

/** A page of rows read beside how many invoices `condition` matches (the list's total). */
async function withTotal<R extends { invoice: InvoiceRow; settledCents: number }>(
  tx: Tx,
  condition: SQL | undefined,
  page: Promise<R[]>,
) {
  const [rows, total] = await Promise.all([page, countInvoices(tx, condition)]);
  return { rows: rows.map(withSettled), total };
}

/** A page of invoices, newest first, with the customer's name, and how many match. */
export async function selectInvoicePage(
  tx: Tx,
  f: InvoiceFilter,
  limit: number,
  offset: number,
): Promise<{ rows: AdminInvoiceListRow[]; total: number }> {
  const condition = where(f);
  return withTotal(
    tx,
    condition,
    tx
      .select({
        invoice: invoices,
        settledCents: settled,
        customerName: users.ownerName,
        companyName: users.companyName,
      })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(condition)
      .orderBy(desc(invoices.issuedOn), desc(invoices.id))
      .limit(limit)
      .offset(offset),
  );
}

/** Invoices created at or after an instant, oldest first (the ERP's feed), and how many. */
export async function selectInvoicesSince(
  tx: Tx,
  since: Date | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: InvoiceWithSettled[]; total: number }> {
  const condition = since ? gte(invoices.createdAt, since) : undefined;
  return withTotal(
    tx,
    condition,
    tx
      .select({ invoice: invoices, settledCents: settled })
      .from(invoices)
      .where(condition)
      .orderBy(asc(invoices.createdAt), asc(invoices.id))
      .limit(limit)
      .offset(offset),
  );
}
