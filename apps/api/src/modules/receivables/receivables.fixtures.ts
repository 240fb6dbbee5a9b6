import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { nextDocumentNumber } from './account-position.queries';

/*
 * Test fixtures of the receivables tests: invoices and credit notes written straight into their
 * tables (invoices are issued by shipments elsewhere; these tests only need them to exist).
 */

/**
 * An invoice of `userId` for `totalCents` (of which `taxCents`, none unless said), issued and due
 * on the given days, numbered in its country's sequence unless it brings its `number`, of an order
 * and shipment when they are named.
 */
export async function insertInvoice(
  tx: Tx,
  invoice: {
    userId: number;
    totalCents: number;
    taxCents?: number;
    issuedOn: string;
    dueOn: string;
    country?: 'ca' | 'us';
    lang?: 'en' | 'fr' | 'es';
    number?: string;
    orderId?: number;
    shipmentId?: number;
  },
): Promise<{ id: number; number: string }> {
  const country = invoice.country ?? 'ca';
  const number = invoice.number ?? (await nextDocumentNumber(tx, 'invoice', country));
  const tax = invoice.taxCents ?? 0;
  const result = await tx.execute<{ id: number }>(sql`
    insert into invoices (number, user_id, order_id, shipment_id, country, lang, issued_on, due_on,
                          subtotal_cents, tax_cents, total_cents)
    values (${number}, ${invoice.userId}, ${invoice.orderId ?? null}, ${invoice.shipmentId ?? null},
            ${country}, ${invoice.lang ?? 'en'}, ${invoice.issuedOn}, ${invoice.dueOn},
            ${invoice.totalCents - tax}, ${tax}, ${invoice.totalCents})
    returning id`);
  return { id: Number(result.rows[0].id), number };
}

/** A credit note of `userId`, optionally settling `invoiceId` by `settlesCents`. */
export async function insertCreditNote(
  tx: Tx,
  note: {
    userId: number;
    totalCents: number;
    issuedOn: string;
    invoiceId?: number;
    settlesCents?: number;
    country?: 'ca' | 'us';
  },
): Promise<number> {
  const country = note.country ?? 'ca';
  const number = await nextDocumentNumber(tx, 'credit_note', country);
  const result = await tx.execute<{ id: number }>(sql`
    insert into credit_notes (number, user_id, invoice_id, country, issued_on, subtotal_cents, total_cents)
    values (${number}, ${note.userId}, ${note.invoiceId ?? null}, ${country}, ${note.issuedOn},
            ${note.totalCents}, ${note.totalCents})
    returning id`);
  const id = Number(result.rows[0].id);
  if (note.invoiceId && note.settlesCents)
    await tx.execute(sql`
      insert into settlements (invoice_id, credit_note_id, amount_cents)
      values (${note.invoiceId}, ${id}, ${note.settlesCents})`);
  return id;
}

/** What each settlement source settled on an invoice, and the invoice's total. */
export async function settledOn(tx: Tx, invoiceId: number) {
  const result = await tx.execute<{ settled: string | number; total: number }>(sql`
    select coalesce((select sum(amount_cents) from settlements where invoice_id = ${invoiceId}), 0) as settled,
           (select total_cents from invoices where id = ${invoiceId}) as total`);
  return { settled: Number(result.rows[0].settled), total: Number(result.rows[0].total) };
}
