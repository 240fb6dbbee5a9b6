import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { estimateSalesTax, CANADIAN_SALES_TAX } from '../checkout/rules';
import {
  ErpInvoiceBody,
  InvoiceLine,
  invoiceOpenCents,
  invoiceStatus,
  invoiceTaxLines,
} from './invoices';

const QC = CANADIAN_SALES_TAX.QC;

describe('invoiceTaxLines', () => {
  it('applies each rate to the shipped subtotal, rounded like the estimate', () => {
    expect(invoiceTaxLines(35_982, QC)).toEqual([
      { kind: 'GST', rate: 5000, amountCents: 1799 },
      { kind: 'QST', rate: 9975, amountCents: 3589 },
    ]);
  });

  it('leaves an exempt tax out', () => {
    expect(invoiceTaxLines(10_000, QC, ['QST'])).toEqual([
      { kind: 'GST', rate: 5000, amountCents: 500 },
    ]);
  });

  it('on a whole order equals the estimate; split over shipments it is off by at most a cent a shipment and tax', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 6 }),
        (parts) => {
          const whole = parts.reduce((s, p) => s + p, 0);
          const estimate = estimateSalesTax(whole, 'ca', 'QC').lines;
          expect(invoiceTaxLines(whole, QC)).toEqual(estimate);
          const billed = parts.map((p) => invoiceTaxLines(p, QC));
          estimate.forEach((line, i) => {
            const sum = billed.reduce((s, lines) => s + lines[i].amountCents, 0);
            expect(Math.abs(sum - line.amountCents)).toBeLessThanOrEqual(parts.length);
          });
        },
      ),
    );
  });
});

describe('invoice status', () => {
  it('is paid with nothing open, overdue after the due day, open otherwise', () => {
    expect(invoiceStatus(0, '2031-03-01', '2031-04-01')).toBe('paid');
    expect(invoiceStatus(1, '2031-03-01', '2031-03-01')).toBe('open');
    expect(invoiceStatus(1, '2031-03-01', '2031-03-02')).toBe('overdue');
  });

  it('never counts an over-settled invoice as owing', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (total, settled) => {
        const open = invoiceOpenCents(total, settled);
        expect(open).toBeGreaterThanOrEqual(0);
        expect(open).toBe(settled >= total ? 0 : total - settled);
      }),
    );
  });
});

describe('ErpInvoiceBody', () => {
  const valid = {
    external_ref: 'R1',
    number: 'E-1',
    customer_id: 1,
    issued_on: '2031-03-10',
    lines: [
      {
        product_id: 'A',
        name: 'A',
        quantity: 2,
        ship_pack: 3,
        unit_price_cents: 100,
        line_total_cents: 600,
      },
    ],
    taxes: [{ kind: 'GST', rate: 5, amount_cents: 30 }],
    subtotal_cents: 600,
    tax_cents: 30,
    total_cents: 630,
  };

  it('accepts totals that add up', () => {
    expect(ErpInvoiceBody.safeParse(valid).success).toBe(true);
  });

  it('names the field whose total does not add up', () => {
    const paths = (body: object) =>
      (ErpInvoiceBody.safeParse(body).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths({ ...valid, total_cents: 631 })).toEqual(['total_cents']);
    expect(paths({ ...valid, tax_cents: 31, total_cents: 631 })).toEqual(['tax_cents']);
    expect(paths({ ...valid, lines: [{ ...valid.lines[0], line_total_cents: 601 }] })).toEqual([
      'lines.0.line_total_cents',
      'subtotal_cents',
    ]);
  });
});

describe('InvoiceLine', () => {
  const line = {
    order_line_id: 7,
    product_id: 'A',
    name: 'Yarn',
    quantity: 10,
    ship_pack: 1,
    unit_price_cents: 20,
    line_total_cents: 200,
  };

  it('carries the order line’s price reason, or null when none was kept', () => {
    const reason = {
      kind: 'price_list' as const,
      list_name: 'Maison Tremblay',
      assignee: 'customer' as const,
      min_packs: 10,
    };
    expect(InvoiceLine.parse({ ...line, price_reason: reason }).price_reason).toEqual(reason);
    expect(InvoiceLine.parse({ ...line, price_reason: null }).price_reason).toBeNull();
  });

  it('refuses a line without the field or with an unknown reason', () => {
    expect(InvoiceLine.safeParse(line).success).toBe(false);
    expect(InvoiceLine.safeParse({ ...line, price_reason: { kind: 'bribe' } }).success).toBe(false);
  });
});
