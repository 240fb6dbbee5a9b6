import { sql } from 'drizzle-orm';
import type { PaymentDto } from '@wholesale/contract';
import type { Tx } from '../../db/client';

/** A date or instant column as the API answers it: YYYY-MM-DD stays, an instant is ISO. */
export const isoText = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : String(value);

export type OpenInvoiceRow = {
  id: number;
  number: string;
  issuedOn: string;
  dueOn: string;
  totalCents: number;
  openCents: number;
};

/**
 * The customer's open invoices (what is left to pay on each), oldest due first. With `asOf`, as
 * they stood at the end of that day: invoices issued by then, less what payments received and
 * credit notes issued by then settled (a bounced payment's settlements are gone already).
 */
export async function openInvoices(
  tx: Tx,
  userId: number,
  asOf: string | null = null,
): Promise<OpenInvoiceRow[]> {
  const result = await tx.execute<{
    id: number;
    number: string;
    issued_on: string;
    due_on: string;
    total_cents: number;
    open_cents: string | number;
  }>(sql`
    select * from (
      select i.id, i.number, i.issued_on::text as issued_on, i.due_on::text as due_on, i.total_cents,
             i.total_cents - coalesce((
               select sum(s.amount_cents) from settlements s
                 left join payments p on p.id = s.payment_id
                 left join credit_notes c on c.id = s.credit_note_id
                where s.invoice_id = i.id
                  and (${asOf}::date is null or coalesce(p.received_on, c.issued_on) <= ${asOf}::date)
             ), 0) as open_cents
        from invoices i
       where i.user_id = ${userId} and (${asOf}::date is null or i.issued_on <= ${asOf}::date)
    ) o
    where o.open_cents > 0
    order by o.due_on, o.issued_on, o.id`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    number: r.number,
    issuedOn: r.issued_on,
    dueOn: r.due_on,
    totalCents: Number(r.total_cents),
    openCents: Number(r.open_cents),
  }));
}

/**
 * Locks the customer's invoices that still have something to pay (FOR UPDATE, in id order), so
 * two writers settling the same invoice go one after the other and never together settle more than
 * is open. The caller reads the open amounts again after this, in a new statement.
 */
export async function lockOpenInvoices(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`
    select i.id from invoices i
     where i.user_id = ${userId}
       and i.total_cents > coalesce((select sum(s.amount_cents) from settlements s where s.invoice_id = i.id), 0)
     order by i.id
       for update`);
}

type PaymentRow = {
  id: number;
  user_id: number;
  amount_cents: number;
  method: PaymentDto['method'];
  reference: string | null;
  received_on: string;
  source: PaymentDto['source'];
  external_ref: string | null;
  bounced_at: unknown;
  bounce_reason: string | null;
  request_hash: string | null;
  settlements: { invoice_id: number; invoice_number: string; amount_cents: number }[] | string;
};

const paymentSelect = sql`
  select p.id, p.user_id, p.amount_cents, p.method, p.reference, p.received_on::text as received_on,
         p.source, p.external_ref, p.bounced_at, p.bounce_reason, p.request_hash,
         coalesce((select json_agg(json_build_object('invoice_id', s.invoice_id,
                                                     'invoice_number', i.number,
                                                     'amount_cents', s.amount_cents) order by s.id)
                     from settlements s join invoices i on i.id = s.invoice_id
                    where s.payment_id = p.id), '[]'::json) as settlements
    from payments p`;

function paymentDto(r: PaymentRow): PaymentDto & { requestHash: string | null } {
  const settlements = (
    typeof r.settlements === 'string' ? JSON.parse(r.settlements) : r.settlements
  ) as { invoice_id: number; invoice_number: string; amount_cents: number }[];
  const applied = settlements.reduce((s, x) => s + Number(x.amount_cents), 0);
  const bounced = r.bounced_at !== null && r.bounced_at !== undefined;
  return {
    id: Number(r.id),
    customer_id: Number(r.user_id),
    amount_cents: Number(r.amount_cents),
    method: r.method,
    reference: r.reference,
    received_on: r.received_on,
    source: r.source,
    external_ref: r.external_ref,
    bounced_at: isoText(r.bounced_at),
    bounce_reason: r.bounce_reason,
    settlements: settlements.map((s) => ({
      invoice_id: Number(s.invoice_id),
      invoice_number: s.invoice_number,
      amount_cents: Number(s.amount_cents),
    })),
    unapplied_cents: bounced ? 0 : Number(r.amount_cents) - applied,
    requestHash: r.request_hash,
  };
}

/** One payment with its settlements, or null. */
export async function selectPayment(tx: Tx, id: number) {
  const result = await tx.execute<PaymentRow>(sql`${paymentSelect} where p.id = ${id}`);
  return result.rows[0] ? paymentDto(result.rows[0]) : null;
}

/** The payment the ERP recorded under `externalRef`, or null. */
export async function selectPaymentByExternalRef(tx: Tx, externalRef: string) {
  const result = await tx.execute<PaymentRow>(
    sql`${paymentSelect} where p.external_ref = ${externalRef}`,
  );
  return result.rows[0] ? paymentDto(result.rows[0]) : null;
}

/** A customer's payments, newest received first (at most `limit`). */
export async function selectCustomerPayments(tx: Tx, userId: number, limit = 200) {
  const result = await tx.execute<PaymentRow>(
    sql`${paymentSelect} where p.user_id = ${userId} order by p.received_on desc, p.id desc limit ${limit}`,
  );
  return result.rows.map(paymentDto);
}

/** A customer of the store: its country and language, or null. */
export async function selectCustomer(tx: Tx, userId: number) {
  const result = await tx.execute<{
    id: number;
    country: 'ca' | 'us';
    lang: 'en' | 'fr' | 'es';
    owner_name: string;
    company_name: string | null;
    customer_code: string | null;
  }>(sql`
    select id, country, lang, owner_name, company_name, customer_code
      from users where id = ${userId} and role = 'customer'`);
  return result.rows[0] ?? null;
}
