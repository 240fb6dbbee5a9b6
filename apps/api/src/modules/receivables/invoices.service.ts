import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_CREDIT_TERMS,
  currencyOf,
  invoiceDueDate,
  invoiceOpenCents,
  invoiceStatus,
  invoiceTaxLines,
  ratePercent,
  toPage,
  type AdminInvoiceListResponse,
  type Country,
  type ErpInvoice,
  type InvoiceDetail,
  type InvoiceSummary,
  type Lang,
  type PaymentTerms,
  type StoreIdentity,
  type TaxKind,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import type { InvoiceExemption, InvoiceParty, InvoiceRegistration } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hasSqlState } from '../../lib/db-errors';
import { findUserById } from '../accounts';
import { recordAudit, recordAuditBy } from '../audit';
import { priceReasonFields } from '../orders';
import { keptPriceColumns, keptPriceReason, type KeptPriceColumns } from '../pricing';
import { enqueueWebhookEvent } from '../webhooks';
import { nextDocumentNumber } from './account-position.queries';
import { activeTaxExemptions } from './tax-exemptions.queries';
import {
  insertInvoice,
  selectInvoice,
  selectInvoiceByExternalRef,
  selectInvoiceLines,
  selectInvoicePage,
  selectInvoicesSince,
  selectLinesOf,
  type InvoiceFilter,
  type InvoiceLineRow,
  type InvoiceRow,
  type InvoiceWithSettled,
  type NewInvoiceLineRow,
} from './invoices.queries';

/*
 * Invoices (docs/product/accounts-receivable.md "Invoices", docs/decisions/037-invoices.md): issued
 * by a shipment in the shipment's transaction (workflows/issue-invoice.ts) or pushed by the ERP.
 */

// ----- DTOs -------------------------------------------------------------------------------------

/** What every answer about an invoice and its `invoice.created` event say of it alike. */
function invoiceHead(row: InvoiceRow) {
  return {
    id: row.id,
    number: row.number,
    customer_id: row.userId,
    order_id: row.orderId,
    source: row.source,
    issued_on: row.issuedOn,
    due_on: row.dueOn,
    currency: currencyOf(row.country),
    subtotal_cents: row.subtotalCents,
    tax_cents: row.taxCents,
    total_cents: row.totalCents,
  };
}

/** A billed line, as the detail and the event give it. */
const lineOf = (l: InvoiceLineRow) => ({
  order_line_id: l.orderLineId,
  product_id: l.productCode,
  quantity: l.quantity,
  ship_pack: l.shipPack,
  unit_price_cents: l.unitPriceCents,
  line_total_cents: l.lineTotalCents,
});

/** The event's line: flat reason fields, as `order.placed` gives them (the list fields null unless a list). */
const eventLineOf = (l: InvoiceLineRow) => ({
  ...lineOf(l),
  ...priceReasonFields(l),
});

function summaryOf(row: InvoiceWithSettled, today: string): InvoiceSummary {
  const open = invoiceOpenCents(row.totalCents, row.settledCents);
  return {
    ...invoiceHead(row),
    open_cents: open,
    status: invoiceStatus(open, row.dueOn, today),
    created_at: new Date(row.createdAt).toISOString(),
  };
}

const party = (p: InvoiceParty | null) => (p ? { ...p, line2: p.line2 ?? null } : null);

function detailOf(row: InvoiceWithSettled, lines: InvoiceLineRow[], today: string): InvoiceDetail {
  return {
    ...summaryOf(row, today),
    country: row.country,
    lang: row.lang,
    external_ref: row.externalRef,
    po_number: row.poNumber,
    payment_terms: row.paymentTerms,
    bill_to: party(row.billTo),
    ship_to: party(row.shipTo),
    lines: lines.map((l) => ({ ...lineOf(l), name: l.name, price_reason: keptPriceReason(l) })),
    taxes: row.taxes.map((t) => ({
      kind: t.kind,
      rate: ratePercent(t.rate),
      amount_cents: t.amountCents,
    })),
    registrations: row.registrations,
    exemptions: row.exemptions.map((e) => ({
      tax_kind: e.taxKind,
      region: e.region,
      certificate_number: e.certificateNumber,
    })),
  };
}

/** The `invoice.created` webhook's data (docs in webhooks.routes.ts). */
function createdEvent(row: InvoiceRow, lines: InvoiceLineRow[]) {
  const { id, ...head } = invoiceHead(row);
  return { invoice_id: id, ...head, lines: lines.map(eventLineOf) };
}

// ----- Issuing at a shipment --------------------------------------------------------------------

/** The account's net days (plain read, no lock); the country's default before an account exists. */
export async function creditNetDays(tx: Tx, userId: number, country: Country): Promise<number> {
  const result = await tx.execute<{ net_days: number }>(
    sql`select net_days from credit_accounts where user_id = ${userId}`,
  );
  const row = result.rows[0];
  return row ? Number(row.net_days) : DEFAULT_CREDIT_TERMS[country].netDays;
}

/**
 * The store's registration numbers an invoice of a country prints: GST/HST and QST on a Canadian
 * invoice, the EIN on an American one (store identity, /admin/settings), frozen on the invoice.
 */
export function storeRegistrations(
  identity: StoreIdentity | null,
  country: Country,
): InvoiceRegistration[] {
  if (!identity) return [];
  const { gst_hst, qst, us_ein } = identity.tax;
  const all =
    country === 'ca'
      ? [
          { label: 'GST/HST', number: gst_hst },
          { label: 'QST', number: qst },
        ]
      : [{ label: 'EIN', number: us_ein }];
  return all.filter((r) => r.number !== '');
}

/**
 * The invoice line that bills an order line as it shipped: its frozen name, packs and prices, and
 * why it cost that (migration 0045's reason and list snapshot; absent: not kept, as before).
 */
export function billedLine(
  l: {
    id: number;
    productCode: string;
    name: string;
    quantity: number;
    shipPack: number;
    unitPriceCents: number;
    lineTotalCents: number;
  } & Partial<KeptPriceColumns>,
): NewInvoiceLineRow {
  return {
    orderLineId: l.id,
    productCode: l.productCode,
    name: l.name,
    quantity: l.quantity,
    shipPack: l.shipPack,
    unitPriceCents: l.unitPriceCents,
    lineTotalCents: l.lineTotalCents,
    ...keptPriceColumns(l),
  };
}

/** What a shipment bills, as the workflow gathered it from the order, the book and the identity. */
export type ShipmentInvoiceDraft = {
  userId: number;
  orderId: number;
  shipmentId: number;
  country: Country;
  lang: Lang;
  /** The shop's today (an injected clock upstream). */
  issuedOn: string;
  paymentTerms: PaymentTerms | null;
  poNumber: string | null;
  billTo: InvoiceParty | null;
  shipTo: InvoiceParty | null;
  /** The order's frozen tax rates (thousandths of a percent). */
  taxRates: ReadonlyArray<{ kind: TaxKind; rate: number }>;
  registrations: InvoiceRegistration[];
  lines: NewInvoiceLineRow[];
  actor: { id: number | null; email?: string | null };
};

/**
 * Issues the invoice of one shipment in the caller's transaction: the next gapless number of the
 * country, due after the account's net days, exactly the shipped lines, the order's tax rates on
 * the shipped subtotal less the taxes a certificate exempts on the issue day (whose numbers it
 * prints), then its audit row and the `invoice.created` event, committed with the shipment.
 */
export async function issueShipmentInvoice(
  tx: Tx,
  draft: ShipmentInvoiceDraft,
): Promise<{ invoice: InvoiceRow; lines: InvoiceLineRow[] }> {
  const region = draft.shipTo?.region ?? draft.billTo?.region ?? '';
  const [netDays, certificates] = await Promise.all([
    creditNetDays(tx, draft.userId, draft.country),
    region ? activeTaxExemptions(tx, draft.userId, region, draft.issuedOn) : Promise.resolve([]),
  ]);
  const exempt = certificates.map((c) => c.taxKind as string);
  // Every certificate active in the region prints, also when the order already left its tax out
  // (an order placed after the certificate was recorded carries no such tax line).
  const exemptions: InvoiceExemption[] = certificates.map((c) => ({
    taxKind: c.taxKind,
    region: c.region,
    certificateNumber: c.certificateNumber,
  }));
  const subtotal = draft.lines.reduce((s, l) => s + l.lineTotalCents, 0);
  const taxes = invoiceTaxLines(subtotal, draft.taxRates, exempt);
  const tax = taxes.reduce((s, t) => s + t.amountCents, 0);
  const number = await nextDocumentNumber(tx, 'invoice', draft.country);
  const written = await insertInvoice(
    tx,
    {
      number,
      userId: draft.userId,
      orderId: draft.orderId,
      shipmentId: draft.shipmentId,
      country: draft.country,
      lang: draft.lang,
      source: 'store',
      issuedOn: draft.issuedOn,
      dueOn: invoiceDueDate(draft.issuedOn, netDays),
      paymentTerms: draft.paymentTerms,
      poNumber: draft.poNumber,
      billTo: draft.billTo,
      shipTo: draft.shipTo,
      subtotalCents: subtotal,
      taxes,
      taxCents: tax,
      totalCents: subtotal + tax,
      registrations: draft.registrations,
      exemptions,
    },
    draft.lines,
  );
  await recordAuditBy(tx, draft.actor, {
    action: 'invoice.issue',
    entity: 'invoice',
    entityId: written.invoice.id,
    after: {
      number,
      order_id: draft.orderId,
      shipment_id: draft.shipmentId,
      total_cents: subtotal + tax,
    },
  });
  await enqueueWebhookEvent(tx, 'invoice.created', createdEvent(written.invoice, written.lines));
  return written;
}

// ----- Reading ----------------------------------------------------------------------------------

const notFound = () => new AppError('NOT_FOUND', 'This invoice does not exist');

/** One invoice with its lines; a buyer's read passes `ownerId` (another customer's answers 404). */
export async function getInvoice(
  db: Database | Tx,
  id: number,
  today: string,
  ownerId?: number,
): Promise<InvoiceDetail> {
  const row = await selectInvoice(db, id);
  if (!row || (ownerId !== undefined && row.userId !== ownerId)) throw notFound();
  return detailOf(row, await selectInvoiceLines(db, id), today);
}

/** A page of invoices (a buyer's own, or staff's filtered view), newest first, with open amounts. */
export async function listInvoices(
  db: Database | Tx,
  filter: InvoiceFilter,
  page: number,
  perPage: number,
): Promise<AdminInvoiceListResponse> {
  if (filter.from && filter.to && filter.from > filter.to)
    throw new AppError('VALIDATION_FAILED', 'from must not be after to', {
      fields: { from: 'from must not be after to' },
    });
  const { rows, total } = await selectInvoicePage(db, filter, perPage, (page - 1) * perPage);
  return {
    status: true,
    ...toPage(
      rows.map((r) => ({
        ...summaryOf(r, filter.today),
        customer_name: r.customerName,
        company_name: r.companyName,
      })),
      total,
      page,
      perPage,
    ),
  };
}

/** The ERP's feed: invoices created since an instant, oldest first, each with its lines. */
export async function invoicesSince(
  db: Database | Tx,
  since: Date | undefined,
  page: number,
  perPage: number,
  today: string,
) {
  const { rows, total } = await selectInvoicesSince(db, since, perPage, (page - 1) * perPage);
  const lines = await selectLinesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    status: true as const,
    ...toPage(
      rows.map((r) => detailOf(r, lines.get(r.id) ?? [], today)),
      total,
      page,
      perPage,
    ),
  };
}

/** The invoice and its customer's name, for the PDF. */
export async function invoiceForPdf(
  db: Database | Tx,
  id: number,
  today: string,
  ownerId?: number,
) {
  const invoice = await getInvoice(db, id, today, ownerId);
  const customer = await findUserById(db, invoice.customer_id);
  return {
    invoice,
    customer: {
      name: customer?.ownerName ?? '',
      company: customer?.companyName ?? null,
      customerCode: customer?.customerCode ?? null,
      lang: customer?.lang ?? invoice.lang,
    },
  };
}

// ----- ERP push ---------------------------------------------------------------------------------

/** The canonical form of a push (keys sorted), hashed: the same body always hashes the same. */
function fingerprint(body: ErpInvoice): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .filter(([, x]) => x !== undefined)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

const conflict = (field: string, message: string) =>
  new AppError('CONFLICT', message, { fields: { [field]: message } });

/**
 * An invoice the ERP issued (docs/decisions/037-invoices.md), in one transaction: idempotent on
 * `external_ref` (the same body answers the invoice it created, another body 409), the customer must
 * be a customer, the order (optional) theirs and each order line named of that order. Its due date
 * defaults to the account's net days; its audit row and `invoice.created` event go with it.
 */
export async function pushErpInvoice(
  db: Database,
  body: ErpInvoice,
  actor: { id: number | null; email?: string | null; token?: string },
  today: string,
): Promise<{ invoice: InvoiceDetail; created: boolean }> {
  const print = fingerprint(body);
  const same = async (tx: Database | Tx) => {
    const existing = await selectInvoiceByExternalRef(tx, body.external_ref);
    if (!existing) return undefined;
    if (existing.externalFingerprint !== print)
      throw conflict(
        'external_ref',
        'external_ref was already pushed with another body; an invoice is not changed by a push',
      );
    return {
      invoice: detailOf(existing, await selectInvoiceLines(tx, existing.id), today),
      created: false,
    };
  };
  const before = await same(db);
  if (before) return before;
  try {
    return await db.transaction(async (tx) => {
      const again = await same(tx);
      if (again) return again;
      const customer = await findUserById(tx, body.customer_id);
      if (!customer || customer.role !== 'customer')
        throw new AppError('UNPROCESSABLE', 'customer_id is not a customer', {
          fields: { customer_id: 'customer_id is not a customer' },
        });
      await checkOrderOf(tx, body);
      const taken = await tx.execute<{ id: number }>(
        sql`select id from invoices where number = ${body.number}`,
      );
      if (taken.rows.length) throw conflict('number', 'number is already an invoice number');
      const netDays = await creditNetDays(tx, customer.id, customer.country);
      const written = await insertInvoice(
        tx,
        {
          number: body.number,
          userId: customer.id,
          orderId: body.order_id ?? null,
          country: customer.country,
          lang: body.lang ?? customer.lang,
          source: 'erp',
          externalRef: body.external_ref,
          externalFingerprint: print,
          issuedOn: body.issued_on,
          dueOn: body.due_on ?? invoiceDueDate(body.issued_on, netDays),
          paymentTerms: body.payment_terms ?? null,
          poNumber: body.po_number?.trim() || null,
          subtotalCents: body.subtotal_cents,
          // Rates arrive in percent; invoices keep thousandths of a percent like orders.
          taxes: body.taxes.map((t) => ({
            kind: t.kind,
            rate: Math.round(t.rate * 1000),
            amountCents: t.amount_cents,
          })),
          taxCents: body.tax_cents,
          totalCents: body.total_cents,
        },
        body.lines.map((l) => ({
          orderLineId: l.order_line_id ?? null,
          productCode: l.product_id,
          name: l.name,
          quantity: l.quantity,
          shipPack: l.ship_pack,
          unitPriceCents: l.unit_price_cents,
          lineTotalCents: l.line_total_cents,
        })),
      );
      await recordAudit(tx, {
        actorId: actor.id,
        actorEmail: actor.email ?? actor.token ?? null,
        action: 'invoice.push',
        entity: 'invoice',
        entityId: written.invoice.id,
        after: {
          number: body.number,
          external_ref: body.external_ref,
          total_cents: body.total_cents,
        },
      });
      await enqueueWebhookEvent(
        tx,
        'invoice.created',
        createdEvent(written.invoice, written.lines),
      );
      return {
        invoice: detailOf({ ...written.invoice, settledCents: 0 }, written.lines, today),
        created: true,
      };
    });
  } catch (error) {
    // Two pushes of one reference at once: the loser reads what the winner wrote.
    if (hasSqlState(error, '23505')) {
      const after = await same(db);
      if (after) return after;
      throw conflict('number', 'number is already an invoice number');
    }
    throw error;
  }
}

/**
 * NOTE: the order an ERP invoice names is checked with a plain read of orders (the same reading of
 * another module's table account-position.queries.ts does for the open orders): the receivables
 * module does not import the orders module, which may one day import it.
 */
async function checkOrderOf(tx: Tx, body: ErpInvoice): Promise<void> {
  if (body.order_id === undefined) {
    if (body.lines.some((l) => l.order_line_id !== undefined))
      throw new AppError('UNPROCESSABLE', 'order_line_id needs order_id', {
        fields: { order_id: 'order_id is required when a line names an order line' },
      });
    return;
  }
  const order = await tx.execute<{ user_id: number }>(
    sql`select user_id from orders where id = ${body.order_id}`,
  );
  if (order.rows[0]?.user_id === undefined || Number(order.rows[0].user_id) !== body.customer_id)
    throw new AppError('UNPROCESSABLE', "order_id is not one of this customer's orders", {
      fields: { order_id: "order_id is not one of this customer's orders" },
    });
  const lineIds = body.lines.flatMap((l) => (l.order_line_id ? [l.order_line_id] : []));
  if (!lineIds.length) return;
  const known = await tx.execute<{ id: number }>(
    sql`select id from order_lines where order_id = ${body.order_id}
         and id in (${sql.join(
           lineIds.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const ids = new Set(known.rows.map((r) => Number(r.id)));
  const bad = body.lines.findIndex((l) => l.order_line_id && !ids.has(l.order_line_id));
  if (bad >= 0)
    throw new AppError('UNPROCESSABLE', 'order_line_id is not a line of order_id', {
      fields: { [`lines.${bad}.order_line_id`]: 'order_line_id is not a line of order_id' },
    });
}
