import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { invoiceTaxLines, type TaxLine } from '@wholesale/contract';
import { insertOrder } from '../../test/shopping-fixtures';
import { openTradeAccount } from '../../test/credit-fixtures';
import { erpWebhook, queuedDeliveries } from '../../test/erp-fixtures';
import { expectRefused } from '../../test/refused-calls';
import { auditRowsFor } from '../../test/audit-rows';
import { pdfText } from '../../test/pdf-text';
import { saveTestIdentity, TEST_IDENTITY } from '../../test/store-identity';
import { insertAddresses } from '../accounts';
import { creditStaff, ids, ordersStaff, t, useReceivablesTestApp } from './receivables.test-app';

/*
 * Invoices issued by shipments (docs/product/accounts-receivable.md "Invoices"): one per shipment,
 * partial ones too, in the shipment's transaction; what the buyer and staff read and download.
 */

type Headers = Record<string, string>;
let staff: Headers;
let buyer: { userId: number; headers: Headers };
let other: { userId: number; headers: Headers };
let hookId: number;

const SHIP_TO = {
  label: 'Back store',
  company: 'Mercerie Gagnon',
  line1: '12 rue des Érables',
  line2: null,
  city: 'Laval',
  region: 'QC',
  postal_code: 'H7N 1A1',
  country: 'ca' as const,
};
const BILL_TO = {
  label: 'Head office',
  company: 'Mercerie Gagnon inc.',
  line1: '1 boulevard Saint-Martin',
  line2: 'Bureau 200',
  city: 'Laval',
  region: 'QC',
  postal_code: 'H7M 1Y1',
  country: 'ca' as const,
};
/** Québec: GST 5 % and QST 9.975 % (thousandths of a percent, as orders freeze them). */
const QC_TAXES: TaxLine[] = [
  { kind: 'GST', rate: 5000, amountCents: 0 },
  { kind: 'QST', rate: 9975, amountCents: 0 },
];

/** An order written straight into `picking` with its lines (the desk then ships it). */
function pickingOrder(
  userId: number,
  lines: Array<{ code: string; quantity: number; shipPack: number; unit: number }>,
  taxes: TaxLine[] = QC_TAXES,
): Promise<{ id: number; lineIds: number[] }> {
  return insertOrder(
    t.handle.db,
    {
      userId,
      country: 'ca',
      status: 'picking',
      poNumber: 'PO-77',
      shipTo: SHIP_TO,
      paymentTerms: 'net_30',
      taxes,
    },
    lines.map((l) => ({ ...l, productId: ids[l.code] })),
  );
}

const ship = (orderId: number, payload: object) =>
  t.post(`/api/admin/orders/${orderId}/status`, staff, payload);
const get = (url: string, headers: Headers = staff) => t.get(url, headers);

/** Ships the rest of the order and answers the invoice it issued, as the buyer reads it. */
async function shipInFull(orderId: number) {
  const res = await ship(orderId, { status: 'shipped', carrier: 'ups' });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = (await get(`/api/invoices?order_id=${orderId}`, buyer.headers)).json().data;
  return (await get(`/api/invoices/${row.id}`, buyer.headers)).json().invoice;
}

useReceivablesTestApp({
  products: [
    { code: 'WOOL', shipPack: 6, ca: { selling: 1999, available: 1000 } },
    { code: 'NEEDLE', shipPack: 12, ca: { selling: 333, available: 1000 } },
  ],
});
beforeAll(async () => {
  await saveTestIdentity(t);
  // The shop's today is the clock's (Toronto): 2031-03-10, whatever the machine's date.
  t.app.clock.now = () => new Date('2031-03-10T15:00:00Z');
  staff = ordersStaff.headers;
  buyer = await t.signIn({
    ownerName: 'Gaston Gagnon',
    companyName: 'Mercerie Gagnon',
    lang: 'fr',
    paymentTerms: 'net_30',
  });
  other = await t.signIn({ ownerName: 'Other Buyer' });
  const { postal_code: p1, ...ship } = SHIP_TO;
  const { postal_code: p2, ...bill } = BILL_TO;
  await insertAddresses(t.handle.db, [
    { userId: buyer.userId, ...ship, postalCode: p1, isDefault: true },
    { userId: buyer.userId, ...bill, postalCode: p2, isBilling: true },
  ]);
  // Net 45 on this account: the due date follows the account, not a constant.
  await openTradeAccount(t.handle.db, buyer.userId, { creditLimitCents: 500_000, netDays: 45 });
  hookId = await erpWebhook(t, ['invoice.created']);
});

describe('a shipment issues its invoice', () => {
  let orderId: number;
  let lineIds: number[];
  let first: Record<string, unknown> & { id: number };

  it('issues one invoice for a partial shipment: the shipped lines, dates, taxes, parties and numbers', async () => {
    ({ id: orderId, lineIds } = await pickingOrder(buyer.userId, [
      { code: 'WOOL', quantity: 3, shipPack: 6, unit: 1999 },
      { code: 'NEEDLE', quantity: 5, shipPack: 12, unit: 333 },
    ]));
    const res = await ship(orderId, {
      status: 'partially_shipped',
      carrier: 'ups',
      tracking_number: '1Z1',
      line_ids: [lineIds[0]],
    });
    expect(res.statusCode, res.body).toBe(200);

    const list = await get(`/api/invoices?order_id=${orderId}`, buyer.headers);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toHaveLength(1);
    const detail = await get(`/api/invoices/${list.json().data[0].id}`, buyer.headers);
    expect(detail.statusCode, detail.body).toBe(200);
    first = detail.json().invoice;
    const subtotal = 3 * 6 * 1999;
    const gst = Math.round((subtotal * 5) / 100);
    const qst = Math.round((subtotal * 9.975) / 100);
    expect(first).toMatchObject({
      number: 'CA-000001',
      customer_id: buyer.userId,
      order_id: orderId,
      source: 'store',
      issued_on: '2031-03-10',
      due_on: '2031-04-24',
      currency: 'CAD',
      lang: 'fr',
      po_number: 'PO-77',
      payment_terms: 'net_30',
      subtotal_cents: subtotal,
      tax_cents: gst + qst,
      total_cents: subtotal + gst + qst,
      open_cents: subtotal + gst + qst,
      status: 'open',
      lines: [
        {
          order_line_id: lineIds[0],
          product_id: 'WOOL',
          quantity: 3,
          ship_pack: 6,
          unit_price_cents: 1999,
          line_total_cents: subtotal,
        },
      ],
      taxes: [
        { kind: 'GST', rate: 5, amount_cents: gst },
        { kind: 'QST', rate: 9.975, amount_cents: qst },
      ],
      ship_to: { company: 'Mercerie Gagnon', region: 'QC' },
      bill_to: { company: 'Mercerie Gagnon inc.', line1: '1 boulevard Saint-Martin' },
      registrations: [{ label: 'GST/HST', number: '123456782 RT0001' }],
      exemptions: [],
    });
  });

  it('issues a second invoice for the rest, with the next number; together they bill the order', async () => {
    const res = await ship(orderId, { status: 'shipped', carrier: 'ups', tracking_number: '1Z2' });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await get(`/api/admin/invoices?customer_id=${buyer.userId}`)).json();
    const ofOrder = list.data.filter((i: { order_id: number }) => i.order_id === orderId);
    expect(ofOrder.map((i: { number: string }) => i.number)).toEqual(['CA-000002', 'CA-000001']);
    const second = (await get(`/api/admin/invoices/${ofOrder[0].id}`)).json().invoice;
    expect(second.lines.map((l: { order_line_id: number }) => l.order_line_id)).toEqual([
      lineIds[1],
    ]);
    expect(second.subtotal_cents + (first.subtotal_cents as number)).toBe(
      3 * 6 * 1999 + 5 * 12 * 333,
    );
    // Each invoice's lines are the lines its shipment carried, and no line is billed twice.
    const { rows } = await t.handle.db.execute<{ n: number }>(sql`
      select count(*)::int as n from invoice_lines il join invoices i on i.id = il.invoice_id
       where i.order_id = ${orderId}`);
    expect(Number(rows[0].n)).toBe(2);
  });

  it('queues invoice.created with the invoice and its lines, and audit-logs the issue', async () => {
    const events = await queuedDeliveries(t, hookId);
    expect(events[0].event).toBe('invoice.created');
    expect(events[0].data).toMatchObject({
      invoice_id: first.id,
      number: 'CA-000001',
      customer_id: buyer.userId,
      order_id: orderId,
      issued_on: '2031-03-10',
      due_on: '2031-04-24',
      currency: 'CAD',
      subtotal_cents: first.subtotal_cents,
      tax_cents: first.tax_cents,
      total_cents: first.total_cents,
      lines: [{ product_id: 'WOOL', quantity: 3, ship_pack: 6, line_total_cents: 35_982 }],
    });
    const audit = await auditRowsFor(t.handle.db, 'invoice', first.id);
    expect(audit.map((a) => a.action)).toEqual(['invoice.issue']);
  });

  it('leaves an exempt tax out and prints the certificate number', async () => {
    await t.handle.db.execute(sql`
      insert into tax_exemptions (user_id, tax_kind, region, certificate_number, valid_from)
      values (${buyer.userId}, 'QST', 'QC', 'QST-EXEMPT-9', '2031-01-01')`);
    const o = await pickingOrder(buyer.userId, [
      { code: 'NEEDLE', quantity: 1, shipPack: 12, unit: 333 },
    ]);
    const invoice = await shipInFull(o.id);
    expect(invoice.taxes.map((x: { kind: string }) => x.kind)).toEqual(['GST']);
    expect(invoice.exemptions).toEqual([
      { tax_kind: 'QST', region: 'QC', certificate_number: 'QST-EXEMPT-9' },
    ]);
    expect(invoice.tax_cents).toBe(
      invoiceTaxLines(12 * 333, [{ kind: 'GST', rate: 5000 }])[0].amountCents,
    );
    const pdf = await get(`/api/invoices/${invoice.id}/pdf`, buyer.headers);
    expect(pdfText(pdf.rawPayload)).toContain("Certificat d'exemption de taxe: QST-EXEMPT-9");
    // An order placed after the certificate carries no QST line: its invoice still prints it.
    const later = await pickingOrder(
      buyer.userId,
      [{ code: 'NEEDLE', quantity: 1, shipPack: 12, unit: 333 }],
      [QC_TAXES[0]],
    );
    const laterInvoice = await shipInFull(later.id);
    expect(laterInvoice.exemptions).toEqual(invoice.exemptions);
    expect(laterInvoice.tax_cents).toBe(invoice.tax_cents);
    await t.handle.db.execute(sql`delete from tax_exemptions where user_id = ${buyer.userId}`);
  });

  it('rolls the shipment back with its invoice when issuing fails (one transaction)', async () => {
    const o = await pickingOrder(buyer.userId, [
      { code: 'WOOL', quantity: 1, shipPack: 6, unit: 1999 },
    ]);
    await t.handle.db.execute(
      sql`alter table invoices add constraint test_no_more check (false) not valid`,
    );
    try {
      const res = await ship(o.id, { status: 'shipped', carrier: 'ups' });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.handle.db.execute(sql`alter table invoices drop constraint test_no_more`);
    }
    const { rows } = await t.handle.db.execute<{ status: string; parcels: number }>(sql`
      select status, (select count(*)::int from shipments where order_id = ${o.id}) as parcels
        from orders where id = ${o.id}`);
    expect(rows[0]).toMatchObject({ status: 'picking', parcels: 0 });
    // The number was given back: the next invoice takes the one the failed shipment would have.
    const before = await t.handle.db.execute<{ last_number: number }>(
      sql`select last_number from document_sequences where kind = 'invoice' and country = 'ca'`,
    );
    expect((await shipInFull(o.id)).number).toBe(
      `CA-${String(Number(before.rows[0].last_number) + 1).padStart(6, '0')}`,
    );
  });
});

describe('what the buyer reads', () => {
  it('lists only their own invoices, newest first, with the open amount and status', async () => {
    const own = (await get('/api/invoices', buyer.headers)).json();
    expect(own.total).toBeGreaterThanOrEqual(3);
    expect(own.data.every((i: { customer_id: number }) => i.customer_id === buyer.userId)).toBe(
      true,
    );
    const numbers = own.data.map((i: { number: string }) => i.number);
    expect([...numbers].sort().reverse()).toEqual(numbers);
    expect(own.data[0]).not.toHaveProperty('customer_name');
    expect((await get('/api/invoices', other.headers)).json().data).toEqual([]);
  });

  it('answers 404 for another customer’s invoice, its PDF too', async () => {
    const [mine] = (await get('/api/invoices', buyer.headers)).json().data;
    expect((await get(`/api/invoices/${mine.id}`, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${mine.id}/pdf`, other.headers)).statusCode).toBe(404);
    expect((await get('/api/invoices/999999', buyer.headers)).statusCode).toBe(404);
    await expectRefused(t, [
      { method: 'GET', url: '/api/invoices' },
      { method: 'GET', url: `/api/invoices/${mine.id}` },
      { method: 'GET', url: `/api/invoices/${mine.id}/pdf` },
    ]);
    // A staff account reads only its own (none): the buyer routes never show a customer's to staff.
    expect((await get('/api/invoices', staff)).json().data).toEqual([]);
    expect((await get(`/api/invoices/${mine.id}`, staff)).statusCode).toBe(404);
  });

  it('shows open = total − settlements: partly paid stays open, fully paid is paid, past due is overdue', async () => {
    const list = (await get('/api/invoices', buyer.headers)).json().data;
    const invoice = list.find((i: { number: string }) => i.number === 'CA-000001');
    const pay = async (cents: number) => {
      const p = await t.handle.db.execute<{ id: number }>(sql`
        insert into payments (user_id, amount_cents, method, received_on)
        values (${buyer.userId}, ${cents}, 'cheque', '2031-03-10') returning id`);
      await t.handle.db.execute(sql`
        insert into settlements (invoice_id, payment_id, amount_cents)
        values (${invoice.id}, ${Number(p.rows[0].id)}, ${cents})`);
    };
    await pay(1000);
    let read = (await get(`/api/invoices/${invoice.id}`, buyer.headers)).json().invoice;
    expect(read).toMatchObject({ open_cents: invoice.total_cents - 1000, status: 'open' });
    t.app.clock.now = () => new Date('2031-04-25T15:00:00Z');
    read = (await get(`/api/invoices/${invoice.id}`, buyer.headers)).json().invoice;
    expect(read.status).toBe('overdue');
    const overdue = (await get(`/api/admin/invoices?status=overdue&customer_id=${buyer.userId}`))
      .json()
      .data.map((i: { id: number }) => i.id);
    expect(overdue).toContain(invoice.id);
    await pay(invoice.total_cents - 1000);
    read = (await get(`/api/invoices/${invoice.id}`, buyer.headers)).json().invoice;
    expect(read).toMatchObject({ open_cents: 0, status: 'paid' });
    const paid = (await get(`/api/admin/invoices?status=paid`)).json().data;
    expect(paid.map((i: { id: number }) => i.id)).toEqual([invoice.id]);
    t.app.clock.now = () => new Date('2031-03-10T15:00:00Z');
  });
});

describe('the invoice PDF', () => {
  it('is in the customer’s language (French here) with the letterhead, registrations, parties, lines, taxes and totals', async () => {
    const [row] = (await get('/api/invoices', buyer.headers)).json().data.slice(-1);
    const res = await get(`/api/invoices/${row.id}/pdf`, buyer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const said of [
      TEST_IDENTITY.legal_name,
      'TPS/TVH 123456782 RT0001',
      'Facture CA-000001',
      "Date d'échéance: 2031-04-24",
      'Facturer à:',
      '1 boulevard Saint-Martin',
      'Expédier à:',
      '12 rue des Érables',
      'Bon de commande: PO-77',
      'Conditions: Net 30 jours',
      'WOOL',
      'TPS (5 %)',
      'TVQ (9.975 %)',
      'Total',
    ])
      expect(text).toContain(said);
    expect(text).toMatch(/\$\sCA/);
  });

  it('prints English or Spanish when asked, and staff download it too', async () => {
    const [row] = (await get('/api/invoices', buyer.headers)).json().data.slice(-1);
    const en = pdfText(
      (await get(`/api/invoices/${row.id}/pdf?lang=en`, buyer.headers)).rawPayload,
    );
    expect(en).toContain('Invoice CA-000001');
    expect(en).toContain('GST (5 %)');
    expect(en).toContain('CA$');
    const es = await get(`/api/admin/invoices/${row.id}/pdf?lang=es`);
    expect(es.statusCode).toBe(200);
    expect(pdfText(es.rawPayload)).toContain('Factura CA-000001');
    expect((await get(`/api/admin/invoices/${row.id}/pdf?lang=de`)).statusCode).toBe(400);
  });
});

describe('what staff read', () => {
  it('filters by customer, status and issue days, pages, and names the customer', async () => {
    const all = (await get('/api/admin/invoices?per_page=2')).json();
    expect(all.data).toHaveLength(2);
    expect(all.per_page).toBe(2);
    expect(all.data[0]).toMatchObject({ customer_name: 'Gaston Gagnon' });
    expect((await get('/api/admin/invoices?from=2031-03-11')).json().data).toEqual([]);
    expect((await get('/api/admin/invoices?to=2031-03-10')).json().total).toBe(all.total);
    expect((await get(`/api/admin/invoices?customer_id=${other.userId}`)).json().total).toBe(0);
    const reversed = await get('/api/admin/invoices?from=2031-03-11&to=2031-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields.from).toBeTruthy();
    expect((await get('/api/admin/invoices?status=late')).statusCode).toBe(400);
  });

  it('lets credit and orders staff in and keeps catalogue staff and buyers out', async () => {
    const content = (await t.signIn({ role: 'staff', staffRoles: ['content'] })).headers;
    expect((await get('/api/admin/invoices', content)).statusCode).toBe(403);
    expect((await get('/api/admin/invoices', creditStaff.headers)).statusCode).toBe(200);
    expect((await get('/api/admin/invoices', buyer.headers)).statusCode).toBe(403);
    expect((await get('/api/admin/invoices/999999')).statusCode).toBe(404);
  });
});
