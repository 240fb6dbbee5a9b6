import { z } from 'zod';
import { optionalOrBlank } from '../common/optional-input';
import { BuyerPriceReason } from '../catalogue';
import { PAYMENT_TERMS, taxOn, type TaxKind, type TaxLine } from '../checkout/rules';
import { POSTAL_ADDRESS_FIELDS } from '../checkout/schemas';
import {
  dateField,
  listResponse,
  okResponse,
  optionalDateField,
  optionalInstantField,
} from '../common';
import {
  countField,
  CustomerNumber,
  idSchema,
  MAX_DATABASE_INTEGER,
  safeText,
} from '../common/safe-input';

/*
 * Invoices (docs/product/accounts-receivable.md "Invoices", docs/decisions/037-invoices.md): one per
 * shipment issued by the store, or pushed by the distributor's ERP when the ERP issues them.
 * Amounts are integer cents on the wire here (as the ERP API and the webhooks have them).
 */

export const INVOICE_SOURCES = ['store', 'erp'] as const;
export type InvoiceSource = (typeof INVOICE_SOURCES)[number];

/** Who issues the store's invoices (INVOICES_ISSUED_BY): the store at each shipment, or the ERP. */
export const INVOICE_ISSUERS = ['store', 'erp'] as const;
export type InvoiceIssuer = (typeof INVOICE_ISSUERS)[number];

/** What a buyer and staff read of an invoice: paid (nothing open), overdue (past due), open. */
export const INVOICE_STATUSES = ['open', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const TAX_KINDS = ['GST', 'HST', 'PST', 'QST', 'STATE'] as const;

/**
 * The tax lines of an invoice: each of the order's rates (thousandths of a percent, as the order
 * froze them) applied to the shipped subtotal, rounded on its own like the estimate; a tax a
 * certificate exempts is left out. NOTE: a fully shipped order's invoices may add up to a cent or
 * two off the order's estimate, each partial shipment being rounded on its own.
 */
export function invoiceTaxLines(
  subtotalCents: number,
  rates: ReadonlyArray<{ kind: TaxKind; rate: number }>,
  exemptKinds: ReadonlyArray<string> = [],
): TaxLine[] {
  return rates
    .filter((r) => !exemptKinds.includes(r.kind))
    .map((r) => ({ kind: r.kind, rate: r.rate, amountCents: taxOn(subtotalCents, r.rate) }));
}

/** What is still owed on an invoice: its total less what settled it, never below zero. */
export const invoiceOpenCents = (totalCents: number, settledCents: number): number =>
  Math.max(0, totalCents - settledCents);

/** Paid when nothing is open; overdue when something is open after the due day; open otherwise. */
export function invoiceStatus(openCents: number, dueOn: string, today: string): InvoiceStatus {
  if (openCents <= 0) return 'paid';
  return dueOn < today ? 'overdue' : 'open';
}

// ----- Wire shapes ------------------------------------------------------------------------------

export const InvoiceParty = z.object({
  label: z.string().optional(),
  ...POSTAL_ADDRESS_FIELDS,
});
export type InvoiceParty = z.infer<typeof InvoiceParty>;

export const InvoiceTaxLine = z.object({
  kind: z.enum(TAX_KINDS),
  /** In percent (9.975). */
  rate: z.number(),
  amount_cents: z.number().int(),
});
export type InvoiceTaxLine = z.infer<typeof InvoiceTaxLine>;

/**
 * What a line of a money document bills or credits: its name, how many ship packs, the pack's size,
 * the unit price and the line's total (an invoice line, a return line credited by a credit note).
 */
export const PRICED_PACKS_FIELDS = {
  name: z.string(),
  /** Ship packs (billed, or asked back). */
  quantity: z.number().int(),
  ship_pack: z.number().int(),
  unit_price_cents: z.number().int(),
  line_total_cents: z.number().int(),
};

export const InvoiceLine = z.object({
  order_line_id: z.number().int().nullable(),
  product_id: z.string(),
  ...PRICED_PACKS_FIELDS,
  /**
   * Why the unit cost `unit_price_cents`, copied from the order line it bills (a price list, a
   * sale, the catalogue's selling price); null on lines billed before reasons were kept and on the
   * ERP's lines. Printed under the line's description ("Contract price, list Maison Tremblay").
   */
  price_reason: BuyerPriceReason.nullable(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const InvoiceSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  customer_id: z.number().int(),
  order_id: z.number().int().nullable(),
  source: z.enum(INVOICE_SOURCES),
  issued_on: z.string(),
  due_on: z.string(),
  currency: z.enum(['CAD', 'USD']),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  /** total − settlements (payments and credit notes applied to it). */
  open_cents: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  created_at: z.string(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const InvoiceDetail = InvoiceSummary.extend({
  country: z.enum(['ca', 'us']),
  lang: z.enum(['en', 'fr', 'es']),
  external_ref: z.string().nullable(),
  po_number: z.string().nullable(),
  payment_terms: z.enum(PAYMENT_TERMS).nullable(),
  bill_to: InvoiceParty.nullable(),
  ship_to: InvoiceParty.nullable(),
  lines: z.array(InvoiceLine),
  taxes: z.array(InvoiceTaxLine),
  registrations: z.array(z.object({ label: z.string(), number: z.string() })),
  exemptions: z.array(
    z.object({ tax_kind: z.string(), region: z.string(), certificate_number: z.string() }),
  ),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

export const AdminInvoiceRow = InvoiceSummary.extend({
  customer_name: z.string(),
  company_name: z.string().nullable(),
});
export type AdminInvoiceRow = z.infer<typeof AdminInvoiceRow>;

export const InvoiceListResponse = listResponse(InvoiceSummary);
export type InvoiceListResponse = z.infer<typeof InvoiceListResponse>;
export const AdminInvoiceListResponse = listResponse(AdminInvoiceRow);
export type AdminInvoiceListResponse = z.infer<typeof AdminInvoiceListResponse>;
export const InvoiceDetailResponse = okResponse({ invoice: InvoiceDetail });
export type InvoiceDetailResponse = z.infer<typeof InvoiceDetailResponse>;
/** POST /api/integrations/invoices: the invoice, and whether this call created it. */
export const ErpInvoiceResponse = okResponse({ invoice: InvoiceDetail, created: z.boolean() });
export type ErpInvoiceResponse = z.infer<typeof ErpInvoiceResponse>;

export const InvoiceParams = z.object({ id: idSchema('id') });

const pageFields = {
  page: countField(100_000, 'page must be a page number', undefined, 'page is too far').default(1),
  per_page: countField(100, 'per_page must be a number', 'per_page must be between 1 and 100')
    .optional()
    .default(25),
};

/** GET /api/invoices: the buyer's own, newest first; `order_id` keeps one order's (its page links them). */
export const InvoiceListQuery = z.object({
  order_id: optionalOrBlank(idSchema('order_id')),
  ...pageFields,
});
export type InvoiceListQuery = z.input<typeof InvoiceListQuery>;

/** GET /api/invoices/:id/pdf (and the staff twin): the language (the customer's by default). */
export const InvoicePdfQuery = z.object({
  lang: optionalOrBlank(z.enum(['en', 'fr', 'es'], { message: 'lang must be en, fr or es' })),
});

/** GET /api/admin/invoices: filtered by customer, status and issue days; newest first. */
export const AdminInvoiceListQuery = z.object({
  customer_id: optionalOrBlank(CustomerNumber),
  status: optionalOrBlank(
    z.enum(INVOICE_STATUSES, { message: 'status must be open, paid or overdue' }),
  ),
  from: optionalDateField('from'),
  to: optionalDateField('to'),
  ...pageFields,
});
export type AdminInvoiceListQuery = z.input<typeof AdminInvoiceListQuery>;

/** GET /api/integrations/invoices: what was created since an instant, oldest first, a page at a time. */
export const IntegrationInvoiceListQuery = z.object({
  since: optionalInstantField('since'),
  page: pageFields.page,
  per_page: countField(200, 'per_page must be a number', 'per_page must be between 1 and 200')
    .optional()
    .default(100),
});
export type IntegrationInvoiceListQuery = z.input<typeof IntegrationInvoiceListQuery>;
export const IntegrationInvoiceListResponse = listResponse(InvoiceDetail);
export type IntegrationInvoiceListResponse = z.infer<typeof IntegrationInvoiceListResponse>;

const cents = (field: string) =>
  z
    .number({ message: `${field} must be a whole number of cents` })
    .int({ message: `${field} must be a whole number of cents` })
    .min(0, { message: `${field} must not be negative` })
    .max(MAX_DATABASE_INTEGER, { message: `${field} is too large` });
const packs = (field: string) =>
  z
    .number({ message: `${field} must be a whole number` })
    .int({ message: `${field} must be a whole number` })
    .min(1, { message: `${field} must be at least 1` })
    .max(1_000_000, { message: `${field} is too large` });
const text = (field: string, max: number) =>
  safeText(max, field)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { message: `${field} is required` });

/**
 * POST /api/integrations/invoices: an invoice the ERP issued. Idempotent on `external_ref`: the
 * same reference with the same body answers the same invoice, with another body 409.
 */
export const ErpInvoiceBody = z
  .object({
    external_ref: text('external_ref', 100),
    number: text('number', 40),
    customer_id: idSchema('customer_id'),
    order_id: idSchema('order_id').optional(),
    issued_on: dateField('issued_on'),
    /** Defaults to issued_on + the account's net days. */
    due_on: optionalDateField('due_on'),
    po_number: safeText(100, 'po_number').optional(),
    payment_terms: z
      .enum(PAYMENT_TERMS, { message: 'payment_terms is not a known term' })
      .optional(),
    lang: z.enum(['en', 'fr', 'es'], { message: 'lang must be en, fr or es' }).optional(),
    lines: z
      .array(
        z.object({
          order_line_id: idSchema('order_line_id').optional(),
          product_id: text('product_id', 64),
          name: text('name', 300),
          quantity: packs('quantity'),
          ship_pack: packs('ship_pack').default(1),
          unit_price_cents: cents('unit_price_cents'),
          line_total_cents: cents('line_total_cents'),
        }),
        { message: 'lines must be a list' },
      )
      .min(1, { message: 'lines must have at least one line' })
      .max(1000, { message: 'lines has too many lines (1000 at most)' }),
    taxes: z
      .array(
        z.object({
          kind: z.enum(TAX_KINDS, { message: 'kind must be GST, HST, PST, QST or STATE' }),
          rate: z
            .number({ message: 'rate must be a percentage' })
            .min(0, { message: 'rate must be a percentage' })
            .max(100, { message: 'rate must be a percentage' }),
          amount_cents: cents('amount_cents'),
        }),
        { message: 'taxes must be a list' },
      )
      .max(10, { message: 'taxes has too many lines' })
      .default([]),
    subtotal_cents: cents('subtotal_cents'),
    tax_cents: cents('tax_cents'),
    total_cents: cents('total_cents'),
  })
  .superRefine((b, ctx) => {
    const refuse = (path: Array<string | number>, message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    b.lines.forEach((l, i) => {
      if (l.line_total_cents !== l.quantity * l.ship_pack * l.unit_price_cents)
        refuse(
          ['lines', i, 'line_total_cents'],
          'line_total_cents must be quantity × ship_pack × unit_price_cents',
        );
    });
    const subtotal = b.lines.reduce((s, l) => s + l.line_total_cents, 0);
    if (subtotal !== b.subtotal_cents)
      refuse(['subtotal_cents'], `subtotal_cents must be the sum of the lines (${subtotal})`);
    const tax = b.taxes.reduce((s, t) => s + t.amount_cents, 0);
    if (tax !== b.tax_cents)
      refuse(['tax_cents'], `tax_cents must be the sum of the taxes (${tax})`);
    if (b.subtotal_cents + b.tax_cents !== b.total_cents)
      refuse(['total_cents'], 'total_cents must be subtotal_cents + tax_cents');
    if (b.due_on && b.due_on < b.issued_on)
      refuse(['due_on'], 'due_on must not be before issued_on');
  });
export type ErpInvoiceBody = z.input<typeof ErpInvoiceBody>;
export type ErpInvoice = z.output<typeof ErpInvoiceBody>;
