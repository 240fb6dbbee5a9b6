import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ErpInvoiceBody } from '@wholesale/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertShoppingFixtures } from '../../test/shopping-fixtures';
import { auditRowsFor } from '../../test/audit-rows';

/*
 * A distributor whose ERP issues invoices (INVOICES_ISSUED_BY=erp, docs/decisions/037-invoices.md):
 * shipments issue none; the ERP pushes its own, idempotent on external_ref, and reads them back.
 */

type Headers = Record<string, string>;
let t: TestApp;
let admin: Headers;
let erpWrite: Headers;
let erpRead: Headers;
let buyer: { userId: number; headers: Headers };
let orderId: number;
let lineId: number;

async function token(scopes: string[]): Promise<Headers> {
  const res = await t.post('/api/admin/integrations/tokens', admin, {
    name: scopes.join(),
    scopes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${res.json().secret}` };
}

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

beforeAll(async () => {
  t = await createTestApp({ env: { INVOICES_ISSUED_BY: 'erp' } });
  const ids = await insertShoppingFixtures(t.handle.db, [
    { code: 'WOOL', shipPack: 6, ca: { selling: 1000, available: 100 } },
  ]);
  t.app.clock.now = () => new Date('2031-03-10T15:00:00Z');
  admin = (await t.signIn({ role: 'staff', staffRoles: ['admin'] })).headers;
  buyer = await t.signIn({ ownerName: 'Olive Ontario', lang: 'en' });
  erpWrite = await token(['invoices:write']);
  erpRead = await token(['invoices:read']);
  const { rows } = await t.handle.db.execute<{ id: number }>(sql`
    insert into orders (user_id, country, status, total_cents) values (${buyer.userId}, 'ca', 'picking', 12000)
    returning id`);
  orderId = Number(rows[0].id);
  const line = await t.handle.db.execute<{ id: number }>(sql`
    insert into order_lines (order_id, product_id, product_code, name, class_code, quantity, ship_pack, unit_price_cents, line_total_cents, stock_taken)
    values (${orderId}, ${ids.WOOL}, 'WOOL', 'Wool', 'A', 2, 6, 1000, 12000, 2) returning id`);
  lineId = Number(line.rows[0].id);
}, 120_000);
afterAll(() => t?.close());

describe('ERP mode', () => {
  it('ships without issuing an invoice', async () => {
    const res = await t.post(`/api/admin/orders/${orderId}/status`, admin, {
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

  it('refuses totals that do not add up, naming the field', async () => {
    const cases: Array<[object, string]> = [
      [body({ external_ref: 'X1', number: 'X1', subtotal_cents: 1 }), 'subtotal_cents'],
      [body({ external_ref: 'X2', number: 'X2', tax_cents: 1 }), 'tax_cents'],
      [body({ external_ref: 'X3', number: 'X3', total_cents: 1 }), 'total_cents'],
      [body({ external_ref: 'X4', number: 'X4', lines: [] }), 'lines'],
      [{ ...body({ external_ref: 'X5', number: 'X5' }), customer_id: 'abc' }, 'customer_id'],
      [body({ external_ref: 'X6', number: 'X6', due_on: '2031-03-01' }), 'due_on'],
    ];
    for (const [payload, field] of cases) {
      const res = await push(payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}).join(), field).toContain(field);
    }
    const wrongLine = body({ external_ref: 'X7', number: 'X7' });
    wrongLine.lines[0].line_total_cents = 1;
    const res = await push({ ...wrongLine, subtotal_cents: 1, total_cents: 1561 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain('lines.0.line_total_cents');
  });

  it('refuses an unknown customer, another customer’s order and a line of another order (422)', async () => {
    const stranger = await t.signIn();
    const cases: Array<[object, string]> = [
      [body({ external_ref: 'Y1', number: 'Y1', customer_id: 999_999 }), 'customer_id'],
      [body({ external_ref: 'Y2', number: 'Y2', customer_id: stranger.userId }), 'order_id'],
      [
        body({
          external_ref: 'Y3',
          number: 'Y3',
          lines: [{ ...body().lines[0], order_line_id: 999_999 }],
        }),
        'lines.0.order_line_id',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await push(payload);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().error.fields), field).toContain(field);
    }
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
    expect((await t.get('/api/integrations/invoices?since=yesterday', erpRead)).statusCode).toBe(
      400,
    );
  });
});
