import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { estimateSalesTax } from '@wholesale/contract';
import { insertOrder } from '../../test/shopping-fixtures';
import { ids, ordersStaff, t, useReceivablesTestApp } from './receivables.test-app';

/*
 * The rule "an invoice's lines equal what shipped" (docs/product/accounts-receivable.md), as a property over random orders
 * and random ways of shipping them in parcels (docs/product/accounts-receivable.md "Invoices"):
 * each parcel issues one invoice whose lines are exactly the parcel's, no line is billed twice, the
 * invoices together bill the whole order, and their taxes stay within a cent per parcel and tax of
 * the order's estimate.
 */

let staff: Record<string, string>;
let buyer: number;
const CODES = ['A', 'B', 'C', 'D', 'E', 'F'];

useReceivablesTestApp({
  products: CODES.map((code) => ({ code, ca: { selling: 100, available: 1_000_000 } })),
});
beforeAll(async () => {
  t.app.clock.now = () => new Date('2031-05-04T15:00:00Z');
  staff = ordersStaff.headers;
  buyer = (await t.signIn()).userId;
});

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 40 }),
  shipPack: fc.constantFrom(1, 6, 12),
  unit: fc.integer({ min: 1, max: 250_000 }),
});

describe('invoices bill exactly what shipped', () => {
  it('holds for any order shipped in any parcels', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        async (lines, parcelOf) => {
          const subtotal = lines.reduce((s, l) => s + l.quantity * l.shipPack * l.unit, 0);
          const estimate = estimateSalesTax(subtotal, 'ca', 'ON');
          const { id: orderId, lineIds } = await insertOrder(
            t.handle.db,
            {
              userId: buyer,
              country: 'ca',
              status: 'picking',
              shipTo: {
                label: 'Shop',
                company: 'Shop',
                line1: '1 Main',
                line2: null,
                city: 'Ottawa',
                region: 'ON',
                postal_code: 'K1A 0A1',
                country: 'ca',
              },
              taxes: estimate.lines,
              taxCents: estimate.totalCents,
            },
            lines.map((l, i) => ({
              ...l,
              productId: ids[CODES[i]],
              code: CODES[i],
              name: CODES[i],
            })),
          );
          // Parcels in order of their number; the last one ships the rest ('shipped').
          const parcels = [...new Set(lineIds.map((_, i) => parcelOf[i] % 3))].sort();
          const shippedBy: number[][] = [];
          for (const [n, p] of parcels.entries()) {
            const carried = lineIds.filter((_, i) => parcelOf[i] % 3 === p);
            const last = n === parcels.length - 1;
            const res = await t.post(
              `/api/admin/orders/${orderId}/status`,
              staff,
              last
                ? { status: 'shipped', carrier: 'ups' }
                : { status: 'partially_shipped', carrier: 'ups', line_ids: carried },
            );
            expect(res.statusCode, res.body).toBe(200);
            shippedBy.push(carried);
          }

          const invoices = await t.handle.db.execute<{
            shipment_id: number;
            subtotal_cents: number;
            taxes: Array<{ kind: string; amountCents: number }>;
            total_cents: number;
            tax_cents: number;
          }>(sql`select shipment_id, subtotal_cents, taxes, total_cents, tax_cents
                   from invoices where order_id = ${orderId} order by id`);
          expect(invoices.rows).toHaveLength(parcels.length);
          const billed = await t.handle.db.execute<{ shipment_id: number; order_line_id: number }>(
            sql`select i.shipment_id, il.order_line_id from invoice_lines il
                  join invoices i on i.id = il.invoice_id where i.order_id = ${orderId}
                 order by il.order_line_id`,
          );
          const shipped = await t.handle.db.execute<{ id: number; shipment_id: number }>(
            sql`select id, shipment_id from order_lines where order_id = ${orderId} order by id`,
          );
          // Each invoice's lines are exactly its shipment's lines; every line is billed once.
          expect(billed.rows.map((r) => [Number(r.order_line_id), Number(r.shipment_id)])).toEqual(
            shipped.rows.map((r) => [Number(r.id), Number(r.shipment_id)]),
          );
          expect(shippedBy.flat().sort((a, b) => a - b)).toEqual(lineIds);
          const sum = (f: (r: (typeof invoices.rows)[number]) => number) =>
            invoices.rows.reduce((s, r) => s + Number(f(r)), 0);
          expect(sum((r) => r.subtotal_cents)).toBe(subtotal);
          for (const r of invoices.rows)
            expect(Number(r.total_cents)).toBe(Number(r.subtotal_cents) + Number(r.tax_cents));
          for (const tax of estimate.lines) {
            const billedTax = sum(
              (r) => r.taxes.find((x) => x.kind === tax.kind)?.amountCents ?? 0,
            );
            expect(Math.abs(billedTax - tax.amountCents)).toBeLessThanOrEqual(parcels.length);
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);
});
