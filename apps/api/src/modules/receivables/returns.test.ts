import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addToCart, stockOf } from '../../test/shopping-fixtures';
import { auditRowsFor } from '../../test/audit-rows';
import { pdfText } from '../../test/pdf-text';
import { expectRefused } from '../../test/refused-calls';
import { insertInvoice } from './receivables.fixtures';
import { creditStaff, ids, ordersStaff, t, useReceivablesTestApp } from './receivables.test-app';

// Returns and credit notes (docs/product/accounts-receivable.md "Returns and credit notes").

type Headers = Record<string, string>;
let admin: Headers;
let contentStaff: Headers;
let buyer: { userId: number; headers: Headers };
let other: { userId: number; headers: Headers };
const realNow = () => new Date();

useReceivablesTestApp({
  products: [
    { code: 'YARN', shipPack: 2, ca: { selling: 1000, available: 100 } },
    { code: 'NEEDLE', ca: { selling: 250, available: 100 } },
  ],
});
beforeAll(async () => {
  admin = (await t.signIn({ role: 'staff' })).headers;
  contentStaff = (await t.signIn({ role: 'staff', staffRoles: ['content'] })).headers;
  buyer = await t.signIn({
    ownerName: 'Béatrice Buyer',
    companyName: 'Mercerie Laval',
    lang: 'fr',
  });
  other = await t.signIn({ ownerName: 'Oscar Other' });
  // Neither is on their opening order (its minimum and deposit are not what these tests are about).
  for (const who of [buyer, other])
    await t.handle.db.execute(sql`
      insert into orders (user_id, country, status, total_cents) values (${who.userId}, 'ca', 'invoiced', 60000)`);
});
afterEach(() => {
  t.app.clock.now = realNow;
});

const desk = (id: number, payload: object) =>
  t.post(`/api/admin/orders/${id}/status`, admin, payload);

/**
 * An order of 3 YARN (packs of 2) and 4 NEEDLE placed through the cart, with Québec taxes (GST 5 %,
 * QST 9.975 %) written on it, then shipped by the desk: in full, or only the YARN line (`partial`).
 * Answers the order and its line ids by product.
 */
async function shippedOrder(
  who: { headers: Headers },
  partial = false,
): Promise<{ id: number; yarn: number; needle: number; shipmentId: number }> {
  expect((await addToCart(t, who.headers, 'YARN', 3)).statusCode).toBe(200);
  expect((await addToCart(t, who.headers, 'NEEDLE', 4)).statusCode).toBe(200);
  const placed = await t.post('/api/store/orders', who.headers, {});
  expect(placed.statusCode, placed.body).toBe(200);
  const id = Number(placed.json().order_id);
  await t.handle.db.execute(sql`
    update orders set taxes = '[{"kind":"GST","rate":5000,"amountCents":0},{"kind":"QST","rate":9975,"amountCents":0}]'::jsonb
     where id = ${id}`);
  const lines = (
    await t.handle.db.execute<{ id: number; product_code: string }>(
      sql`select id, product_code from order_lines where order_id = ${id}`,
    )
  ).rows;
  const yarn = Number(lines.find((l) => l.product_code.trim() === 'YARN')!.id);
  const needle = Number(lines.find((l) => l.product_code.trim() === 'NEEDLE')!.id);
  expect((await desk(id, { status: 'accepted' })).statusCode).toBe(200);
  expect((await desk(id, { status: 'picking' })).statusCode).toBe(200);
  const shipped = await desk(
    id,
    partial
      ? { status: 'partially_shipped', carrier: 'ups', tracking_number: '1Z', line_ids: [yarn] }
      : { status: 'shipped', carrier: 'ups', tracking_number: '1Z' },
  );
  expect(shipped.statusCode, shipped.body).toBe(200);
  const [s] = (
    await t.handle.db.execute<{ id: number }>(
      sql`select id from shipments where order_id = ${id} order by id desc limit 1`,
    )
  ).rows;
  // The desk issued an invoice per shipment (store mode); these tests write the invoice each needs
  // themselves (invoiceFor), as an ERP pushing its own would, so the one issued goes.
  await t.handle.db.execute(sql`delete from invoices where order_id = ${id}`);
  return { id, yarn, needle, shipmentId: Number(s.id) };
}

const ask = (h: Headers, orderId: number, payload: object) =>
  t.post(`/api/orders/${orderId}/returns`, h, payload);

/** An invoice of the order's shipment, as the invoicing would write it (a fixture of this file). */
const invoiceFor = async (
  order: { id: number; shipmentId: number },
  userId: number,
  totalCents: number,
) =>
  (
    await insertInvoice(t.handle.db, {
      userId,
      totalCents,
      issuedOn: '2026-11-01',
      dueOn: '2026-12-01',
      lang: 'fr',
      number: `CA-T${order.shipmentId}`,
      orderId: order.id,
      shipmentId: order.shipmentId,
    })
  ).id;

/** Moves a return a step on the desk (authorise, refuse, receive) as whoever `headers` sign in as. */
const returnStep = (
  id: number,
  step: 'authorise' | 'refuse' | 'receive',
  headers: Headers,
  body: object = {},
) => t.post(`/api/admin/returns/${id}/${step}`, headers, body);

describe('returns: who may call', () => {
  it('answers 401 to guests and 403 to buyers on every staff route', async () => {
    await expectRefused(
      t,
      [
        { method: 'GET', url: '/api/admin/returns' },
        { method: 'GET', url: '/api/admin/returns/1' },
        { method: 'POST', url: '/api/admin/returns/1/authorise', payload: {} },
        { method: 'POST', url: '/api/admin/returns/1/refuse', payload: {} },
        { method: 'POST', url: '/api/admin/returns/1/receive', payload: { restock: true } },
        { method: 'GET', url: '/api/admin/credit-notes/1/pdf' },
      ],
      buyer.headers,
    );
    expect((await t.get('/api/returns')).statusCode).toBe(401);
    expect((await t.get('/api/credit-notes')).statusCode).toBe(401);
    expect((await t.post('/api/orders/1/returns', {}, { lines: [] })).statusCode).toBe(401);
  });
});

describe('a buyer asks for a return', () => {
  it('accepts shipped lines with a reason, and lists them on the order and in the account', async () => {
    const order = await shippedOrder(buyer);
    const res = await ask(buyer.headers, order.id, {
      lines: [{ order_line_id: order.yarn, quantity: 2 }],
      reason: 'Wrong colour',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      order_id: order.id,
      status: 'requested',
      reason: 'Wrong colour',
      subtotal_cents: 2 * 2 * 1000,
      credit_note: null,
    });
    expect(data.lines).toEqual([
      expect.objectContaining({ order_line_id: order.yarn, product_code: 'YARN', quantity: 2 }),
    ]);
    const mine = (await t.get(`/api/returns?order_id=${order.id}`, buyer.headers)).json();
    expect(mine.data.map((r: { id: number }) => r.id)).toEqual([data.id]);
    // Another customer sees none of it, and cannot ask back lines of this order.
    expect((await t.get('/api/returns', other.headers)).json().total).toBe(0);
    const foreign = await ask(other.headers, order.id, {
      lines: [{ order_line_id: order.yarn, quantity: 1 }],
      reason: 'Mine now',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('requires a reason, naming the field', async () => {
    const order = await shippedOrder(buyer);
    const res = await ask(buyer.headers, order.id, {
      lines: [{ order_line_id: order.yarn, quantity: 1 }],
      reason: '   ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ reason: 'reason is required' });
    expect(res.json().error.reason).toEqual({ key: 'FIELD_REQUIRED', params: { field: 'reason' } });
  });

  it('refuses lines not shipped, of another order, listed twice, or more packs than left', async () => {
    const order = await shippedOrder(buyer, true);
    const elsewhere = await shippedOrder(buyer);
    // The form offers what shipped, what is left to ask back and the last day.
    const offered = await t.get(`/api/orders/${order.id}/returnable-lines`, buyer.headers);
    expect(offered.statusCode).toBe(200);
    const byLine = new Map(
      offered.json().data.map((l: { order_line_id: number }) => [l.order_line_id, l]),
    );
    expect(byLine.get(order.yarn)).toMatchObject({ shipped: 3, available: 3, within_window: true });
    expect(byLine.get(order.needle)).toMatchObject({
      shipped: 0,
      available: 0,
      shipped_on: null,
      within_window: false,
    });
    expect(
      (await t.get(`/api/orders/${order.id}/returnable-lines`, other.headers)).statusCode,
    ).toBe(404);
    const cases: Array<[object[], string, string]> = [
      [[{ order_line_id: order.needle, quantity: 1 }], 'lines.0', 'RETURN_LINE_NOT_SHIPPED'],
      [[{ order_line_id: elsewhere.yarn, quantity: 1 }], 'lines.0', 'RETURN_LINE_UNKNOWN'],
      [
        [
          { order_line_id: order.yarn, quantity: 1 },
          { order_line_id: order.yarn, quantity: 1 },
        ],
        'lines.1',
        'RETURN_LINE_TWICE',
      ],
      [[{ order_line_id: order.yarn, quantity: 4 }], 'lines.0', 'RETURN_TOO_MANY'],
    ];
    for (const [lines, field, key] of cases) {
      const res = await ask(buyer.headers, order.id, { lines, reason: 'Damaged' });
      expect(res.statusCode, key).toBe(400);
      expect(Object.keys(res.json().error.fields), key).toEqual([field]);
      expect(res.json().error.reason.key).toBe(key);
    }
    // What other returns ask is no longer available, unless staff refused them.
    const first = await ask(buyer.headers, order.id, {
      lines: [{ order_line_id: order.yarn, quantity: 2 }],
      reason: 'Damaged',
    });
    expect(first.statusCode).toBe(200);
    const tooMany = await ask(buyer.headers, order.id, {
      lines: [{ order_line_id: order.yarn, quantity: 2 }],
      reason: 'Damaged too',
    });
    expect(tooMany.json().error.message).toBe('At most 1 ship packs of YARN can still be returned');
    const refused = await returnStep(first.json().data.id, 'refuse', creditStaff.headers, {
      note: 'Not damaged',
    });
    expect(refused.statusCode).toBe(200);
    const again = await ask(buyer.headers, order.id, {
      lines: [{ order_line_id: order.yarn, quantity: 3 }],
      reason: 'Damaged, all of it',
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('accepts a line up to 60 days after its shipment, in the shop’s calendar, and refuses it after with the rule said', async () => {
    const order = await shippedOrder(buyer);
    // 03:00 UTC on 1 January is still 31 December in Eastern time.
    await t.handle.db.execute(
      sql`update shipments set shipped_at = '2030-01-01T03:00:00Z' where id = ${order.shipmentId}`,
    );
    const body = { lines: [{ order_line_id: order.needle, quantity: 1 }], reason: 'Too many' };
    t.app.clock.now = () => new Date('2030-03-02T12:00:00Z');
    const late = await ask(buyer.headers, order.id, body);
    expect(late.statusCode).toBe(400);
    const message =
      'Returns are accepted within 60 days of shipment; this line shipped on 2029-12-31';
    expect(late.json().error.fields).toEqual({ 'lines.0': message });
    expect(late.json().error.reason).toEqual({
      key: 'RETURN_WINDOW_PASSED',
      params: { days: 60, date: '2029-12-31' },
    });
    t.app.clock.now = () => new Date('2030-03-01T12:00:00Z');
    expect((await ask(buyer.headers, order.id, body)).statusCode).toBe(200);
  });
});

describe('staff decide and receive returns', () => {
  it('lets credit staff authorise, the warehouse receive, and refuses every other step with 409', async () => {
    const order = await shippedOrder(buyer);
    const asked = await ask(buyer.headers, order.id, {
      lines: [
        { order_line_id: order.yarn, quantity: 1 },
        { order_line_id: order.needle, quantity: 2 },
      ],
      reason: 'Shop closing',
    });
    const id = asked.json().data.id as number;
    // The warehouse cannot decide, and nothing is received before it is authorised.
    expect((await returnStep(id, 'authorise', ordersStaff.headers)).statusCode).toBe(403);
    const early = await returnStep(id, 'receive', ordersStaff.headers, { restock: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.reason).toEqual({
      key: 'RETURN_TRANSITION_NOT_ALLOWED',
      params: { from: 'requested', to: 'received', allowed: 'authorised, refused' },
    });
    const ok = await returnStep(id, 'authorise', creditStaff.headers, {
      note: 'Send it back with the RMA number',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'authorised',
      staff_note: 'Send it back with the RMA number',
      allowed: ['received'],
    });
    const twice = await returnStep(id, 'refuse', creditStaff.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(
      'A return that is authorised cannot become refused; allowed: received',
    );
    // The desk lists it under its status, for credit and orders staff alike.
    const list = await t.get('/api/admin/returns?status=authorised', ordersStaff.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect(list.json().counts.authorised).toBeGreaterThanOrEqual(1);
    expect((await t.get('/api/admin/returns', contentStaff)).statusCode).toBe(403);

    const stockBefore = [
      await stockOf(t.handle.db, ids.YARN),
      await stockOf(t.handle.db, ids.NEEDLE),
    ];
    // The catalogue's caches hear of the new levels (its channel names the products). Notifications
    // arrive in order: once a marker sent now is heard, the order's own stock news is behind us.
    const marker = new Promise<void>((resolve) =>
      t.app.changeFeed.subscribe('ws_catalogue', (payload) => payload === 'f:*' && resolve()),
    );
    await t.handle.db.execute(sql`select pg_notify('ws_catalogue', 'f:*')`);
    await marker;
    const heard = new Promise<string>((resolve) =>
      t.app.changeFeed.subscribe('ws_catalogue', (payload) => {
        if (payload.startsWith('p:') && payload.includes(String(ids.YARN))) resolve(payload);
      }),
    );
    const received = await returnStep(id, 'receive', ordersStaff.headers, {
      restock: true,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data).toMatchObject({
      status: 'received',
      restocked: true,
      allowed: [],
    });
    expect([await stockOf(t.handle.db, ids.YARN), await stockOf(t.handle.db, ids.NEEDLE)]).toEqual([
      stockBefore[0] + 1,
      stockBefore[1] + 2,
    ]);
    expect(await heard).toContain(String(ids.NEEDLE));
    const again = await returnStep(id, 'receive', ordersStaff.headers, { restock: true });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t.handle.db, ids.YARN)).toBe(stockBefore[0] + 1);

    const audit = await auditRowsFor(t.handle.db, 'return', id);
    expect(audit.map((a) => a.action)).toEqual(['return.authorise', 'return.receive']);
  });

  it('issues a credit note at the order’s prices and tax rates, applied to the shipment’s invoice up to what it still owes', async () => {
    const order = await shippedOrder(buyer);
    // The invoice owes 2,500 of 3,000 after a payment.
    const invoiceId = await invoiceFor(order, buyer.userId, 3000);
    const { rows: pay } = await t.handle.db.execute<{ id: number }>(sql`
      insert into payments (user_id, amount_cents, method, received_on)
      values (${buyer.userId}, 500, 'cheque', '2026-11-05') returning id`);
    await t.handle.db.execute(sql`
      insert into settlements (invoice_id, payment_id, amount_cents) values (${invoiceId}, ${pay[0].id}, 500)`);
    const asked = await ask(buyer.headers, order.id, {
      lines: [{ order_line_id: order.yarn, quantity: 3 }],
      reason: 'Wrong dye lot',
    });
    const id = asked.json().data.id as number;
    await returnStep(id, 'authorise', creditStaff.headers);
    const stock = await stockOf(t.handle.db, ids.YARN);
    const received = await returnStep(id, 'receive', creditStaff.headers, {
      restock: false,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(await stockOf(t.handle.db, ids.YARN)).toBe(stock);
    const note = received.json().data.credit_note;
    expect(note.number).toMatch(/^CN-CA-\d{6}$/);

    const notes = (await t.get('/api/credit-notes', buyer.headers)).json();
    const mine = notes.data.find((n: { id: number }) => n.id === note.id);
    // 3 packs of 2 at $10.00 = $60.00; GST 5 % = $3.00, QST 9.975 % = $5.985 → $5.99 (half up).
    expect(mine).toMatchObject({
      subtotal_cents: 6000,
      taxes: [
        { kind: 'GST', rate: 5000, amount_cents: 300 },
        { kind: 'QST', rate: 9975, amount_cents: 599 },
      ],
      tax_cents: 899,
      total_cents: 6899,
      applied_cents: 2500,
      invoice_id: invoiceId,
      return_id: id,
      order_id: order.id,
    });
    const { rows: settled } = await t.handle.db.execute<{ amount: number }>(sql`
      select coalesce(sum(amount_cents), 0)::int as amount from settlements where invoice_id = ${invoiceId}`);
    expect(Number(settled[0].amount)).toBe(3000);
    expect((await t.get('/api/credit-notes', other.headers)).json().total).toBe(0);

    const audit = await auditRowsFor(t.handle.db, 'credit_note', note.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'credit_note.issue',
        after: expect.objectContaining({
          number: note.number,
          total_cents: 6899,
          settlements: [{ invoice_id: invoiceId, amount_cents: 2500 }],
        }),
      }),
    ]);
  });

  it('issues a credit note with no invoice to settle when the shipment has none', async () => {
    const order = await shippedOrder(buyer);
    const asked = await ask(buyer.headers, order.id, {
      lines: [{ order_line_id: order.needle, quantity: 1 }],
      reason: 'Bent',
    });
    const id = asked.json().data.id as number;
    await returnStep(id, 'authorise', admin);
    const received = await returnStep(id, 'receive', admin, { restock: true });
    const note = received.json().data.credit_note;
    const detail = (await t.get(`/api/admin/returns/${id}`, creditStaff.headers)).json().data;
    expect(detail.credit_note).toEqual(note);
    const listed = (await t.get('/api/credit-notes?per_page=100', buyer.headers))
      .json()
      .data.find((n: { id: number }) => n.id === note.id);
    expect(listed).toMatchObject({ invoice_id: null, applied_cents: 0, subtotal_cents: 250 });
  });
});

describe('returns at the same time', () => {
  it('never lets two requests together ask more than shipped, nor two receipts issue two credit notes', async () => {
    const order = await shippedOrder(buyer);
    const body = { lines: [{ order_line_id: order.yarn, quantity: 3 }], reason: 'All of it' };
    const asks = await Promise.all([
      ask(buyer.headers, order.id, body),
      ask(buyer.headers, order.id, body),
    ]);
    expect(asks.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const id = asks.find((r) => r.statusCode === 200)!.json().data.id as number;
    await returnStep(id, 'authorise', creditStaff.headers);
    const receipts = await Promise.all([
      returnStep(id, 'receive', ordersStaff.headers, { restock: false }),
      returnStep(id, 'receive', ordersStaff.headers, { restock: false }),
    ]);
    expect(receipts.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from credit_notes where return_id = ${id}`,
    );
    expect(Number(rows[0].n)).toBe(1);
  });
});

describe('credit note PDF', () => {
  it('prints the credit note in the customer’s language, to its buyer and to staff only', async () => {
    const order = await shippedOrder(buyer);
    await invoiceFor(order, buyer.userId, 100_000);
    const asked = await ask(buyer.headers, order.id, {
      lines: [{ order_line_id: order.yarn, quantity: 1 }],
      reason: 'Couleur différente',
    });
    const id = asked.json().data.id as number;
    await returnStep(id, 'authorise', admin);
    const note = (await returnStep(id, 'receive', admin, { restock: false })).json().data
      .credit_note;
    const res = await t.get(`/api/credit-notes/${note.id}/pdf`, buyer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Note de crédit ${note.number}`);
    expect(text).toContain('Mercerie Laval — Béatrice Buyer');
    expect(text).toContain(`Crédite la facture: CA-T${order.shipmentId}`);
    expect(text).toContain('Couleur différente');
    expect(text).toContain('YARN');
    expect(text).toContain('Total crédité');
    expect((await t.get(`/api/credit-notes/${note.id}/pdf`, other.headers)).statusCode).toBe(404);
    const staffCopy = await t.get(`/api/admin/credit-notes/${note.id}/pdf`, ordersStaff.headers);
    expect(staffCopy.statusCode).toBe(200);
    expect(pdfText(staffCopy.rawPayload)).toContain(`Note de crédit ${note.number}`);
  });
});
