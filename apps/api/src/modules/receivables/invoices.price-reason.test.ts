import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { erpBearer, erpWebhook, queuedDeliveries } from '../../test/erp-fixtures';
import { pdfText } from '../../test/pdf-text';
import { insertPriceList } from '../../test/pricing-fixtures';
import { ids, ordersStaff, t, useReceivablesTestApp } from './receivables.test-app';

/*
 * docs/product/accounts-receivable.md "Invoices" and docs/product/pricing.md: an invoice line says
 * why its unit cost what it did, as the order line it bills said it: in the invoice's answers (the
 * buyer's, staff's and the ERP's feed), on its PDF in the invoice's language and in the
 * invoice.created webhook. A line at the catalogue's selling price says nothing.
 */

useReceivablesTestApp({
  products: [
    { code: 'A', shipPack: 1, ca: { selling: 1000, available: 10_000 } },
    { code: 'B', shipPack: 12, ca: { selling: 500, selling2: 450, available: 10_000 } },
    { code: 'C', shipPack: 1, ca: { selling: 2000, available: 10_000 } },
    { code: 'D', shipPack: 6, ca: { selling: 120, available: 10_000 } },
  ],
});

type Line = { product_id: string; unit_price_cents: number; price_reason: unknown };
type EventLine = Record<string, unknown> & { product_id: string };

let buyer: { userId: number; headers: Record<string, string> };
let hookId: number;
let orderId: number;
let invoice: { id: number; lines: Line[] };

/** The cart after adding each line (each add answered 200). */
async function fillCart(lines: Array<[string, number]>) {
  for (const [product_id, item] of lines) {
    const added = await t.post('/api/cart/add', buyer.headers, { product_id, item });
    expect(added.statusCode, added.body).toBe(200);
  }
}

/** Moves the order along the desk's steps as staff; the last step ships it (and bills it). */
async function shipOrder(id: number) {
  for (const step of [
    { status: 'accepted' },
    { status: 'picking' },
    { status: 'shipped', carrier: 'ups', tracking_number: '1ZPRICE' },
  ]) {
    const res = await t.post(`/api/admin/orders/${id}/status`, ordersStaff.headers, step);
    expect(res.statusCode, res.body).toBe(200);
  }
}

beforeAll(async () => {
  buyer = await t.signIn({ ownerName: 'Priced Buyer', companyName: 'Contract Crafts' });
  // An earlier order: the opening minimum and deposit do not apply to the orders here.
  await t.handle.db.execute(sql`
    insert into orders (user_id, country, status, total_cents)
    values (${buyer.userId}, 'ca', 'invoiced', 100)`);
  hookId = await erpWebhook(t, ['invoice.created']);
  // "Maison Tremblay", given to the buyer by name: A at 8.00 from one pack and 6.00 from 5,
  // D at 1.00. B is on sale in the catalogue; C has no list price.
  await insertPriceList(t.handle.db, {
    name: 'Maison Tremblay',
    customers: [buyer.userId],
    entries: [
      { productId: ids.A, minPacks: 1, unitCents: 800 },
      { productId: ids.A, minPacks: 5, unitCents: 600 },
      { productId: ids.D, minPacks: 1, unitCents: 100 },
    ],
  });
  await fillCart([
    ['A', 5],
    ['B', 1],
    ['C', 1],
    ['D', 2],
  ]);
  const placed = await t.post('/api/store/orders', buyer.headers, { po_number: 'PO-REASON' });
  expect(placed.statusCode, placed.body).toBe(200);
  orderId = placed.json().order_id as number;
  await shipOrder(orderId);
  const list = await t.get(`/api/invoices?order_id=${orderId}`, buyer.headers);
  expect(list.statusCode, list.body).toBe(200);
  expect(list.json().data).toHaveLength(1);
  const detail = await t.get(`/api/invoices/${list.json().data[0].id}`, buyer.headers);
  expect(detail.statusCode, detail.body).toBe(200);
  invoice = detail.json().invoice;
});

const contract = (minPacks: number) => ({
  kind: 'price_list',
  list_name: 'Maison Tremblay',
  assignee: 'customer',
  min_packs: minPacks,
});

describe('an invoice line carries its price reason', () => {
  it('copies each order line’s reason onto the invoice line the buyer and staff read', async () => {
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        product_id: 'A',
        unit_price_cents: 600,
        price_reason: contract(5),
      }),
      expect.objectContaining({
        product_id: 'B',
        unit_price_cents: 450,
        price_reason: { kind: 'sale' },
      }),
      expect.objectContaining({
        product_id: 'C',
        unit_price_cents: 2000,
        price_reason: { kind: 'selling' },
      }),
      expect.objectContaining({
        product_id: 'D',
        unit_price_cents: 100,
        price_reason: contract(1),
      }),
    ]);
    const asStaff = await t.get(`/api/admin/invoices/${invoice.id}`, ordersStaff.headers);
    expect(asStaff.statusCode, asStaff.body).toBe(200);
    expect(asStaff.json().invoice.lines).toEqual(invoice.lines);
  });

  it('gives the ERP’s feed the same reasons', async () => {
    const erp = await erpBearer(t, ['invoices:read']);
    const feed = await t.get('/api/integrations/invoices?per_page=200', erp);
    expect(feed.statusCode, feed.body).toBe(200);
    const ours = feed.json().data.find((i: { id: number }) => i.id === invoice.id);
    expect(ours.lines).toEqual(invoice.lines);
  });

  it('prints the reason under the line’s description in the invoice’s language, none for the selling price', async () => {
    const text = async (lang: string) => {
      const pdf = await t.get(`/api/invoices/${invoice.id}/pdf?lang=${lang}`, buyer.headers);
      expect(pdf.statusCode).toBe(200);
      return pdfText(pdf.rawPayload).split('\n');
    };
    const en = await text('en');
    // Each reason is a text of its own, drawn after its row: the description, then the packs, the
    // pack size, the unit price and the amount, then the reason (or the next row's product code).
    const after = (lines: string[], name: string) => lines[lines.indexOf(name) + 5];
    expect(after(en, 'Product A')).toBe('From 5 ship packs, list Maison Tremblay');
    expect(after(en, 'Product B')).toBe('Sale price');
    expect(after(en, 'Product D')).toBe('Contract price, list Maison Tremblay');
    expect(after(en, 'Product C')).toBe('D'); // the next row: no reason printed
    expect(en.filter((l) => l.includes('Maison Tremblay'))).toHaveLength(2);

    const fr = await text('fr');
    expect(after(fr, 'Product A')).toBe('À partir de 5 emballages, liste Maison Tremblay');
    expect(after(fr, 'Product D')).toBe('Prix contractuel, liste Maison Tremblay');
    expect(after(fr, 'Product B')).toBe('Prix soldé');
    const es = await text('es');
    expect(after(es, 'Product A')).toBe('Desde 5 paquetes de envío, lista Maison Tremblay');
    expect(after(es, 'Product D')).toBe('Precio de contrato, lista Maison Tremblay');
    expect(after(es, 'Product B')).toBe('Precio de oferta');
  });

  it('says it in the invoice.created webhook, as order.placed says it', async () => {
    const events = await queuedDeliveries<{ invoice_id: number; lines: EventLine[] }>(t, hookId);
    const data = events.find((e) => e.data.invoice_id === invoice.id)?.data;
    const list = (minPacks: number) => ({
      price_reason: 'price_list',
      price_list_name: 'Maison Tremblay',
      price_list_assignee: 'customer',
      price_min_packs: minPacks,
    });
    expect(data?.lines).toEqual([
      expect.objectContaining({ product_id: 'A', unit_price_cents: 600, ...list(5) }),
      expect.objectContaining({ product_id: 'B', price_reason: 'sale', price_list_name: null }),
      expect.objectContaining({
        product_id: 'C',
        price_reason: 'selling',
        price_list_id: null,
        price_list_name: null,
        price_list_assignee: null,
        price_min_packs: null,
      }),
      expect.objectContaining({ product_id: 'D', unit_price_cents: 100, ...list(1) }),
    ]);
    // The list's id is the one the order line kept (a snapshot, as on the order).
    const { rows } = await t.handle.db.execute<{ id: number }>(
      sql`select price_list_id as id from order_lines where order_id = ${orderId} and product_code = 'A'`,
    );
    expect(data?.lines[0].price_list_id).toBe(Number(rows[0].id));
  });

  it('leaves the reason out of an invoice line whose order line kept none (ordered before reasons)', async () => {
    await fillCart([['A', 1]]);
    const placed = await t.post('/api/store/orders', buyer.headers, {});
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order_id as number;
    await t.handle.db.execute(sql`
      update order_lines set price_reason = null, price_list_id = null, price_list_name = null,
        price_list_assignee = null, price_min_packs = null where order_id = ${id}`);
    await shipOrder(id);
    const [row] = (await t.get(`/api/invoices?order_id=${id}`, buyer.headers)).json().data;
    const detail = (await t.get(`/api/invoices/${row.id}`, buyer.headers)).json().invoice;
    expect(detail.lines).toEqual([
      expect.objectContaining({ product_id: 'A', unit_price_cents: 800, price_reason: null }),
    ]);
    const pdf = await t.get(`/api/invoices/${row.id}/pdf?lang=en`, buyer.headers);
    expect(pdfText(pdf.rawPayload)).not.toContain('Maison Tremblay');
  });
});
