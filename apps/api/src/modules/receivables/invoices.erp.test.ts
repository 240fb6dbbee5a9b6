import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ErpInvoiceBody } from '@wholesale/contract';
import { insertOrder } from '../../test/shopping-fixtures';
import { erpBearer } from '../../test/erp-fixtures';
import { auditRowsFor } from '../../test/audit-rows';
import { ids, ordersStaff, t, useReceivablesTestApp } from './receivables.test-app';

/*
 * A distributor whose ERP issues invoices (INVOICES_ISSUED_BY=erp, docs/decisions/037-invoices.md):
 * shipments issue none; the ERP pushes its own, idempotent on external_ref, and reads them back.
 */

type Headers = Record<string, string>;
let erpWrite: Headers;
let erpRead: Headers;
let buyer: { userId: number; headers: Headers };
let orderId: number;
let lineId: number;

const body = (over: Partial<ErpInvoiceBody> = {}): ErpInvoiceBody => ({
  external_ref: 'ERP-INV-1001',
  number: 'ERP-1001',
  customer_id: buyer.userId,
  order_id: orderId,
  issued_on: '2031-03-10',
  po_number: 'PO-9',
  payment_terms: 'net_30',
  lines: [
    {
      order_line_id: lineId,
      product_id: 'WOOL',
      name: 'Wool',
      quantity: 2,
      ship_pack: 6,
      unit_price_cents: 1000,
      line_total_cents: 12_000,
    },
  ],
  taxes: [{ kind: 'HST', rate: 13, amount_cents: 1560 }],
  subtotal_cents: 12_000,
  tax_cents: 1560,
  total_cents: 13_560,
  ...over,
});
const push = (payload: object, headers: Headers = erpWrite) =>
  t.post('/api/integrations/invoices', headers, payload);

useReceivablesTestApp({
  env: { INVOICES_ISSUED_BY: 'erp' },
  products: [{ code: 'WOOL', shipPack: 6, ca: { selling: 1000, available: 100 } }],
});
beforeAll(async () => {
  t.app.clock.now = () => new Date('2031-03-10T15:00:00Z');
  buyer = await t.signIn({ ownerName: 'Olive Ontario', lang: 'en' });
  erpWrite = await erpBearer(t, ['invoices:write']);
  erpRead = await erpBearer(t, ['invoices:read']);
  ({
    id: orderId,
    lineIds: [lineId],
  } = await insertOrder(t.handle.db, { userId: buyer.userId, country: 'ca', status: 'picking' }, [
    { productId: ids.WOOL, code: 'WOOL', name: 'Wool', quantity: 2, shipPack: 6, unit: 1000 },
  ]));
});

describe('ERP mode', () => {
  it('ships without issuing an invoice', async () => {
    const res = await t.post(`/api/admin/orders/${orderId}/status`, ordersStaff.headers, {
      status: 'shipped',
      carrier: 'ups',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices`,
    );
    expect(Number(rows[0].n)).toBe(0);
  });

  it('takes a pushed invoice, due after the account’s net days, audit-logged', async () => {
    const res = await push(body());
    expect(res.statusCode, res.body).toBe(200);
    const { invoice, created } = res.json();
    expect(created).toBe(true);
    expect(invoice).toMatchObject({
      number: 'ERP-1001',
      source: 'erp',
      external_ref: 'ERP-INV-1001',
      customer_id: buyer.userId,
      order_id: orderId,
      issued_on: '2031-03-10',
      due_on: '2031-04-09',
      total_cents: 13_560,
      open_cents: 13_560,
      status: 'open',
      taxes: [{ kind: 'HST', rate: 13, amount_cents: 1560 }],
      lines: [{ order_line_id: lineId, quantity: 2, line_total_cents: 12_000 }],
    });
    const audit = await auditRowsFor(t.handle.db, 'invoice', invoice.id);
    expect(audit.map((a) => a.action)).toEqual(['invoice.push']);
    // The buyer sees it like any other.
    const mine = await t.get(`/api/invoices/${invoice.id}`, buyer.headers);
    expect(mine.json().invoice.number).toBe('ERP-1001');
  });

  it('answers the same invoice to the same push (keys in any order), 409 to another body', async () => {
    const again = await push(Object.fromEntries(Object.entries(body()).reverse()));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: false, invoice: { number: 'ERP-1001' } });
    const changed = await push(body({ po_number: 'PO-10' }));
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.fields.external_ref).toMatch(/another body/);
    const sameNumber = await push(body({ external_ref: 'ERP-INV-OTHER' }));
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json().error.fields.number).toBeTruthy();
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invoices`,
    );
    expect(Number(rows[0].n)).toBe(1);
  });

  // The totals must add up (400); the customer, order and lines must be theirs (422).
  it.each<[number, string, (strangerId: number) => object]>([
    [400, 'subtotal_cents', () => body({ subtotal_cents: 1 })],
    [400, 'tax_cents', () => body({ tax_cents: 1 })],
    [400, 'total_cents', () => body({ total_cents: 1 })],
    [400, 'lines', () => body({ lines: [] })],
    [400, 'customer_id', () => ({ ...body(), customer_id: 'abc' })],
    [400, 'due_on', () => body({ due_on: '2031-03-01' })],
    [
      400,
      'lines.0.line_total_cents',
      () => ({
        ...body({ lines: [{ ...body().lines[0], line_total_cents: 1 }] }),
        subtotal_cents: 1,
        total_cents: 1561,
      }),
    ],
    [422, 'customer_id', () => body({ customer_id: 999_999 })],
    [422, 'order_id', (strangerId) => body({ customer_id: strangerId })],
    [
      422,
      'lines.0.order_line_id',
      () => body({ lines: [{ ...body().lines[0], order_line_id: 999_999 }] }),
    ],
  ])('answers %i naming %s', async (status, field, payload) => {
    const stranger = await t.signIn();
    const ref = `BAD-${status}-${field}`;
    const res = await push({ ...payload(stranger.userId), external_ref: ref, number: ref });
    expect(res.statusCode).toBe(status);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });

  it('keeps each scope to its call', async () => {
    expect((await push(body(), erpRead)).statusCode).toBe(403);
    expect((await t.get('/api/integrations/invoices', erpWrite)).statusCode).toBe(403);
    expect((await t.get('/api/integrations/invoices')).statusCode).toBe(401);
    expect((await push(body(), buyer.headers)).statusCode).toBe(403);
  });

  it('pages what was created since an instant, with lines, for the ERP', async () => {
    const all = await t.get('/api/integrations/invoices', erpRead);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ total: 1, data: [{ number: 'ERP-1001' }] });
    expect(all.json().data[0].lines).toHaveLength(1);
    const later = await t.get(
      `/api/integrations/invoices?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      erpRead,
    );
    expect(later.json().total).toBe(0);
    // Not a time, or one PostgreSQL cannot hold (there is no year 0): 400 naming since, not a 500.
    for (const since of ['yesterday', '0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00']) {
      const res = await t.get(
        `/api/integrations/invoices?since=${encodeURIComponent(since)}`,
        erpRead,
      );
      expect(res.statusCode, since).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['since']);
    }
  });
});
