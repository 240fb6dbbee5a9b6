import type { AdminInvoiceRow, InvoiceSummary } from '@wholesale/contract';

/**
 * An open store invoice of CA$114.98 (100.00 and 14.98 of tax) issued 2031-03-10, due 2031-04-09,
 * numbered after its id (CA-000003) and billing order 40 + id of buyer 7; a test overrides what it
 * checks.
 */
export function anInvoice(id: number, extra: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id,
    number: `CA-00000${id}`,
    customer_id: 7,
    order_id: 40 + id,
    source: 'store',
    issued_on: '2031-03-10',
    due_on: '2031-04-09',
    currency: 'CAD',
    subtotal_cents: 10_000,
    tax_cents: 1_498,
    total_cents: 11_498,
    open_cents: 11_498,
    status: 'open',
    created_at: '2031-03-10T15:00:00.000Z',
    ...extra,
  };
}

/** The same invoice as a staff list shows it: customer 40 (Mercerie Gagnon), order 500 + id. */
export function anAdminInvoice(id: number, extra: Partial<AdminInvoiceRow> = {}): AdminInvoiceRow {
  return {
    ...anInvoice(id, { customer_id: 40, order_id: 500 + id }),
    customer_name: 'Julien Gagnon',
    company_name: 'Mercerie Gagnon',
    ...extra,
  };
}
