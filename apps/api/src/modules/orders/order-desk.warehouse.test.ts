import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, earliestShipDate, shopToday } from '@wholesale/contract';
import type { TestApp } from '../../test/test-app';
import { expectRefused } from '../../test/refused-calls';
import { addToCart, createShopTestApp } from '../../test/shopping-fixtures';
import { pdfText } from '../../test/pdf-text';
import { insertAddresses } from '../accounts';
import { openTradeAccount } from '../../test/credit-fixtures';
import { erpWebhook, queuedDeliveries } from '../../test/erp-fixtures';

/*
 * The warehouse sees where and when (docs/product/back-office-orders.md): the order desk's detail,
 * list, filters, CSV, picking list, packing slip and webhook payloads carry the ship-to address,
 * requested ship date, payment terms, PO, comment and taxes the order was placed with.
 */

let t: TestApp;
let staff: Record<string, string>;
let buyer: { userId: number; headers: Record<string, string> };
let hookId: number;
/**
 * Requested ship dates a week apart on the same weekday, some weeks ahead (a request may be at most
 * a year ahead, so they follow the shop's today).
 */
const SOONER = earliestShipDate(addDays(shopToday(new Date()), 30));
const MIDDLE = addDays(SOONER, 7);
const AFTER_MIDDLE = addDays(MIDDLE, 1);
const LATER = addDays(SOONER, 14);
/** Orders of this file's buyer by their requested ship date ('' = none). */
const placed: Record<string, number> = {};

type Headers = Record<string, string>;

/** The buyer's address, as the order copies it. */
const SHIP_TO = {
  label: 'Back store',
  company: 'Mercerie Gagnon',
  line1: '12 rue des Érables',
  line2: 'Door 3',
  city: 'Laval',
  region: 'QC',
  postal_code: 'H7N 1A1',
  country: 'ca' as const,
};

async function place(h: Headers, payload: object): Promise<number> {
  expect((await addToCart(t, h, 'BIG', 2)).statusCode).toBe(200);
  expect((await addToCart(t, h, 'LATE', 3)).statusCode).toBe(200);
  const res = await t.inject({ method: 'POST', url: '/api/store/orders', headers: h, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order_id as number;
}

const get = (url: string, headers: Headers = staff) => t.inject({ method: 'GET', url, headers });

/** One of an order's warehouse documents as staff download it: the answer (200) and its text. */
async function warehouseDocument(name: 'picking-list' | 'packing-slip', orderId: number) {
  const res = await get(`/api/admin/orders/${orderId}/${name}.pdf`);
  expect(res.statusCode).toBe(200);
  return { res, text: pdfText(res.rawPayload) };
}

function expectLines(text: string, lines: string[]) {
  for (const line of lines) expect(text).toContain(line);
}

beforeAll(async () => {
  ({ t } = await createShopTestApp([
    { code: 'BIG', shipPack: 6, ca: { selling: 30_000, available: 1000 } },
    // Class N may be back-ordered: 3 packs asked, 1 in stock.
    {
      code: 'LATE',
      classCode: 'N',
      shipPack: 12,
      name: 'Late <b>thread</b>',
      ca: { selling: 1000, available: 1 },
    },
  ]));
  staff = (await t.signIn({ role: 'staff', ownerName: 'Wendy Warehouse' })).headers;
  buyer = await t.signIn({
    ownerName: 'Gaston Gagnon',
    companyName: 'Mercerie Gagnon',
    paymentTerms: 'net_30',
  });
  // This file is about the desk's facts, not credit: its orders owe no opening deposit.
  await openTradeAccount(t.handle.db, buyer.userId);
  const { postal_code: postalCode, ...address } = SHIP_TO;
  await insertAddresses(t.handle.db, [
    {
      userId: buyer.userId,
      ...address,
      postalCode,
      isDefault: true,
    },
  ]);
  hookId = await erpWebhook(t, ['order.placed', 'order.status_changed'], staff);
  placed[MIDDLE] = await place(buyer.headers, {
    requested_ship_date: MIDDLE,
    po_number: 'PO-WH-1',
    order_comment: 'Deliver to the back door, =not a formula',
  });
  placed[SOONER] = await place(buyer.headers, { requested_ship_date: SOONER });
  placed[LATER] = await place(buyer.headers, { requested_ship_date: LATER });
  placed[''] = await place(buyer.headers, {});
});
afterAll(() => t.close());

describe('the order desk shows where and when', () => {
  it('gives the detail the ship-to address, ship date, terms, PO, comment, tax lines and totals', async () => {
    const res = await get(`/api/admin/orders/${placed[MIDDLE]}`);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().order;
    expect(o).toMatchObject({
      po_number: 'PO-WH-1',
      order_comment: 'Deliver to the back door, =not a formula',
      requested_ship_date: MIDDLE,
      payment_terms: 'net_30',
      ship_to: SHIP_TO,
    });
    // Quebec: GST and QST on the goods total; the totals add up.
    expect(o.taxes.map((x: { kind: string }) => x.kind)).toEqual(['GST', 'QST']);
    expect(o.taxes[0].rate).toBe(5);
    const sum = o.taxes.reduce((a: number, x: { amount: number }) => a + x.amount, 0);
    expect(o.tax_total).toBeCloseTo(sum, 2);
    expect(o.tax_total).toBeGreaterThan(0);
    expect(o.total_with_tax).toBeCloseTo(o.total + o.tax_total, 2);

    // A status change answers the same facts (read by another statement).
    const changed = await t.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed[MIDDLE]}/status`,
      headers: staff,
      payload: { status: 'accepted' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json().order;
    for (const k of ['ship_to', 'requested_ship_date', 'payment_terms', 'taxes', 'tax_total'])
      expect(after[k], k).toEqual(o[k]);
  });

  it('says "none" for an order placed without them', async () => {
    const { rows } = await t.handle.db.execute<{ id: number }>(sql`
      insert into orders (user_id, country, status, total_cents) values (${buyer.userId}, 'ca', 'placed', 500) returning id`);
    const o = (await get(`/api/admin/orders/${Number(rows[0].id)}`)).json().order;
    expect(o).toMatchObject({
      ship_to: null,
      requested_ship_date: null,
      payment_terms: null,
      taxes: [],
      tax_total: 0,
      total_with_tax: 5,
    });
    await t.handle.db.execute(sql`delete from orders where id = ${Number(rows[0].id)}`);
  });

  it('lists the requested ship date, filters by its range and sorts by it, undated (as soon as possible) first', async () => {
    const list = async (query: string) => {
      const res = await get(`/api/admin/orders?customer_id=${buyer.userId}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: Array<{ order_id: number; requested_ship_date: string | null }>;
        total: number;
        counts: Record<string, number>;
      };
    };
    const asc = await list('sort=ship_date_asc');
    expect(asc.data.map((o) => o.requested_ship_date)).toEqual([null, SOONER, MIDDLE, LATER]);
    const desc = await list('sort=ship_date_desc');
    expect(desc.data.map((o) => o.requested_ship_date)).toEqual([LATER, MIDDLE, SOONER, null]);
    // Both ends included; the counts per status follow the range (not another filter's cache).
    const range = await list(`ship_date_from=${SOONER}&ship_date_to=${MIDDLE}&sort=ship_date_asc`);
    expect(range.data.map((o) => o.order_id)).toEqual([placed[SOONER], placed[MIDDLE]]);
    expect(range.total).toBe(2);
    expect(Object.values(range.counts).reduce((a, b) => a + b, 0)).toBe(2);
    const from = await list(`ship_date_from=${AFTER_MIDDLE}`);
    expect(from.data.map((o) => o.order_id)).toEqual([placed[LATER]]);
    const to = await list(`ship_date_to=${SOONER}`);
    expect(to.data.map((o) => o.order_id)).toEqual([placed[SOONER]]);
    // A later page of the same sort (its ids skipped first) keeps the order.
    const page2 = await list('sort=ship_date_asc&per_page=2&page=2');
    expect(page2.data.map((o) => o.requested_ship_date)).toEqual([MIDDLE, LATER]);
  });

  it('refuses a bad ship date filter or an empty range with 400 naming the field, list and CSV alike', async () => {
    for (const base of ['/api/admin/orders', '/api/admin/orders.csv'])
      for (const [query, field] of [
        ['ship_date_from=2031-02-30', 'ship_date_from'],
        ['ship_date_to=soon', 'ship_date_to'],
        [`ship_date_from=${MIDDLE}&ship_date_to=${SOONER}`, 'ship_date_from'],
      ]) {
        const res = await get(`${base}?${query}`);
        expect(res.statusCode, `${base}?${query}`).toBe(400);
        expect(Object.keys(res.json().error.fields), `${base}?${query}`).toEqual([field]);
      }
    const fr = await get('/api/admin/orders?ship_date_to=soon', {
      ...staff,
      'accept-language': 'fr',
    });
    expect(fr.json().error.reason).toEqual({
      key: 'DATE_INVALID',
      params: { field: 'ship_date_to' },
    });
    const reversed = await get(`/api/admin/orders?ship_date_from=${MIDDLE}&ship_date_to=${SOONER}`);
    expect(reversed.json().error.reason).toEqual({
      key: 'DATE_RANGE_REVERSED',
      params: { field: 'ship_date_from', other: 'ship_date_to' },
    });
    const sort = await get('/api/admin/orders?sort=ship_date');
    expect(Object.keys(sort.json().error.fields)).toEqual(['sort']);
  });

  it('exports the ship-to fields, ship date, terms, PO, comment and tax total, every cell neutralised', async () => {
    const res = await get(
      `/api/admin/orders.csv?customer_id=${buyer.userId}&ship_date_from=${MIDDLE}&ship_date_to=${MIDDLE}`,
    );
    expect(res.statusCode).toBe(200);
    const [header, row, ...rest] = res.body.trim().split('\n');
    expect(rest).toEqual([]);
    expect(header).toBe(
      'order_id,date,status,country,customer_id,customer_name,company_name,po_number,total,' +
        'requested_ship_date,payment_terms,ship_to_company,ship_to_line1,ship_to_line2,ship_to_city,' +
        'ship_to_region,ship_to_postal_code,ship_to_country,order_comment,tax_total,price_lists',
    );
    const detail = (await get(`/api/admin/orders/${placed[MIDDLE]}`)).json().order;
    expect(row).toContain(`${placed[MIDDLE]},`);
    expect(row).toContain(
      `,PO-WH-1,${detail.total},${MIDDLE},net_30,Mercerie Gagnon,12 rue des Érables,Door 3,Laval,QC,H7N 1A1,ca,` +
        `"Deliver to the back door, =not a formula",${detail.tax_total}`,
    );
  });

  it('neutralises a ship-to line a spreadsheet would run as a formula', async () => {
    await t.handle.db.execute(sql`
      update orders set ship_to = jsonb_set(ship_to, '{line1}', '"=HYPERLINK(1)"') where id = ${placed[LATER]}`);
    const res = await get(
      `/api/admin/orders.csv?customer_id=${buyer.userId}&ship_date_from=${LATER}`,
    );
    const row = res.body.trim().split('\n')[1];
    expect(row).toContain(`,"'=HYPERLINK(1)",`);
    expect(row).not.toMatch(/,=/);
  });
});

describe('warehouse documents', () => {
  it('prints ship-to, ship date, PO and comment on the picking list', async () => {
    const { text } = await warehouseDocument('picking-list', placed[MIDDLE]);
    expectLines(text, [
      `Picking list — order #${placed[MIDDLE]}`,
      'Ship to:',
      'Mercerie Gagnon',
      '12 rue des Érables',
      'Door 3',
      'Laval QC H7N 1A1',
      `Requested ship date: ${MIDDLE}`,
      'PO number: PO-WH-1',
      'Comment: Deliver to the back door, =not a formula',
    ]);
    const asap = (await warehouseDocument('picking-list', placed[''])).text;
    expect(asap).toContain('Requested ship date: as soon as possible');
  });

  it('prints a packing slip: ship-to, PO, lines in packs and units, no prices', async () => {
    const { res, text } = await warehouseDocument('packing-slip', placed[MIDDLE]);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`packing-slip-${placed[MIDDLE]}.pdf`);
    expectLines(text, [
      `Packing slip — order #${placed[MIDDLE]}`,
      'Customer: Mercerie Gagnon — Gaston Gagnon',
      '12 rue des Érables',
      'Laval QC H7N 1A1',
      'PO number: PO-WH-1',
      `Requested ship date: ${MIDDLE}`,
      'Late thread',
      'Back-order',
      // BIG: 2 packs of 6 = 12 units, to ship; LATE is back-ordered.
      'To ship: 2 pack(s), 12 unit(s)',
    ]);
    const lines = text.split('\n');
    expect(lines).toContain('36'); // LATE: 3 packs of 12
    // No money on a packing slip.
    expect(text).not.toMatch(/\$|Price|Total|net_30|Net 30/);
  });

  it("prints a recorded parcel's slip: what this box carries, what is still to follow", async () => {
    const orderId = placed[SOONER];
    const detail = (await get(`/api/admin/orders/${orderId}`)).json().order;
    const big = detail.lines.find((l: { product_id: string }) => l.product_id === 'BIG');
    for (const payload of [
      { status: 'accepted' },
      { status: 'picking' },
      {
        status: 'partially_shipped',
        carrier: 'purolator',
        tracking_number: 'P1',
        line_ids: [big.id],
      },
    ]) {
      const res = await t.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/status`,
        headers: staff,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [parcel] = (await get(`/api/admin/orders/${orderId}`)).json().order.shipments;
    const res = await get(`/api/admin/orders/${orderId}/packing-slip.pdf?parcel=${parcel.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `packing-slip-${orderId}-parcel-${parcel.id}.pdf`,
    );
    const text = pdfText(res.rawPayload);
    expectLines(text, [
      `Packing slip — order #${orderId}, parcel #${parcel.id}`,
      `Shipped: ${parcel.shipped_at.slice(0, 10)}`,
      'In this parcel',
      'Back-order, to follow',
      'In this parcel: 2 pack(s), 12 unit(s)',
    ]);
    expect(text).not.toContain('To ship');
    // The order's own slip now says where the shipped line went.
    expect((await warehouseDocument('packing-slip', orderId)).text).toContain(
      `Shipped (parcel #${parcel.id})`,
    );

    // Another order's parcel, or none, is not this order's: 404 naming the parcel; a bad one 400.
    const other = await get(
      `/api/admin/orders/${placed[MIDDLE]}/packing-slip.pdf?parcel=${parcel.id}`,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toMatchObject({
      fields: { parcel: `This order has no parcel #${parcel.id}` },
      reason: { key: 'PARCEL_NOT_FOUND', params: { parcel: parcel.id } },
    });
    const bad = await get(`/api/admin/orders/${orderId}/packing-slip.pdf?parcel=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('parcel');
  });

  it('lets only order staff print it, and answers 404 for an unknown order', async () => {
    await expectRefused(
      t,
      [{ method: 'GET', url: `/api/admin/orders/${placed['']}/packing-slip.pdf` }],
      buyer.headers,
    );
    const catalogueOnly = (await t.signIn({ role: 'staff', staffRoles: ['content'] })).headers;
    expect(
      (await get(`/api/admin/orders/${placed['']}/packing-slip.pdf`, catalogueOnly)).statusCode,
    ).toBe(403);
    expect((await get('/api/admin/orders/999999/packing-slip.pdf')).statusCode).toBe(404);
    expect((await get('/api/admin/orders/abc/packing-slip.pdf')).statusCode).toBe(400);
  });
});

describe('webhook payloads', () => {
  it('carry ship-to, ship date, terms, PO, comment and taxes on order.placed and order.status_changed', async () => {
    type OrderEvent = {
      order_id: number;
      taxes: Array<{ kind: string; rate: number }>;
      lines: unknown[];
    };
    const data = (await queuedDeliveries<OrderEvent>(t, hookId)).filter(
      (r) => r.data.order_id === placed[MIDDLE],
    );
    expect(data.map((d) => d.event)).toEqual(['order.placed', 'order.status_changed']);
    const detail = (await get(`/api/admin/orders/${placed[MIDDLE]}`)).json().order;
    const facts = {
      po_number: 'PO-WH-1',
      ship_to: SHIP_TO,
      requested_ship_date: MIDDLE,
      payment_terms: 'net_30',
      order_comment: 'Deliver to the back door, =not a formula',
      tax_cents: Math.round(detail.tax_total * 100),
    };
    for (const { data: d } of data) {
      expect(d).toMatchObject(facts);
      expect(d.taxes.map((x: { kind: string }) => x.kind)).toEqual(['GST', 'QST']);
      expect(d.taxes[0]).toMatchObject({
        rate: 5,
        amount_cents: Math.round(detail.taxes[0].amount * 100),
      });
    }
    // The older fields are still there under their names (added, not renamed).
    expect(data[0].data).toMatchObject({
      customer_id: buyer.userId,
      country: 'ca',
      total_cents: Math.round(detail.total * 100),
      placed_by_staff_id: null,
    });
    expect(data[0].data.lines).toHaveLength(2);
    expect(data[1].data).toMatchObject({ from: 'placed', to: 'accepted', version: 2 });
  });
});
