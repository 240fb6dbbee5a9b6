import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, allowedTransitions, type OrderStatus } from '@wholesale/contract';
import type { TestApp } from '../../test/test-app';
import { expectRefused } from '../../test/refused-calls';
import { createShopTestApp, stockOf } from '../../test/shopping-fixtures';
import { auditRowsFor } from '../../test/audit-rows';
import { insertAddresses } from '../accounts';
import { webhookEventPart } from '../webhooks';
import { hasSqlState } from '../../lib/db-errors';
import { ORDER_CHANGED_SQLSTATE, writeStatusChange } from './order-desk.queries';

let t: TestApp;
let ids: Record<string, number>;
let staff: { userId: number; headers: Record<string, string> };
let buyer: { userId: number; headers: Record<string, string> };

beforeAll(async () => {
  ({ t, ids } = await createShopTestApp([
    { code: 'BIG', ca: { selling: 30_000, available: 1000 } },
    { code: 'SMALL', shipPack: 10, ca: { selling: 150, available: 40 } },
    { code: 'SOON', classCode: 'N', shipPack: 2, ca: { selling: 1000, available: 3 } },
  ]));
  staff = await t.signIn({ role: 'staff', ownerName: 'Sam Staff' });
  buyer = await t.signIn({
    ownerName: 'Béatrice Buyer',
    companyName: 'Mercerie Laval',
    lang: 'fr',
  });
});
afterAll(() => t.close());

type Headers = Record<string, string>;

/** Places an order through the real workflow (cart → order) and answers its id. */
async function placeThroughCart(h: Headers, lines: Array<[string, number]>, po?: string) {
  for (const [product_id, item] of lines) {
    const added = await t.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: h,
      payload: { product_id, item },
    });
    expect(added.statusCode).toBe(200);
  }
  const placed = await t.inject({
    method: 'POST',
    url: '/api/store/orders',
    headers: h,
    payload: po ? { po_number: po } : {},
  });
  expect(placed.statusCode, placed.body).toBe(200);
  return placed.json().order_id as number;
}

/** An order written straight into `status` with two lines (for the transition table). */
async function orderIn(status: OrderStatus): Promise<{ id: number; lineIds: number[] }> {
  const { rows } = await t.handle.db.execute<{ id: number }>(sql`
    insert into orders (user_id, country, status, total_cents) values (${buyer.userId}, 'ca', ${status}, 3000) returning id`);
  const id = Number(rows[0].id);
  const lines = await t.handle.db.execute<{ id: number }>(sql`
    insert into order_lines (order_id, product_id, product_code, name, class_code, quantity, ship_pack, unit_price_cents, line_total_cents, stock_taken)
    values (${id}, ${ids.BIG}, 'BIG', 'Big', 'A', 1, 1, 1000, 1000, 0), (${id}, ${ids.SMALL}, 'SMALL', 'Small', 'A', 2, 10, 100, 2000, 0)
    returning id`);
  return { id, lineIds: lines.rows.map((r) => Number(r.id)) };
}

const change = (id: number, payload: object, h: Headers = staff.headers) =>
  t.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, headers: h, payload });

/** An order of 2 BIG placed through the buyer's cart, then accepted, picked and shipped by staff. */
async function shippedThroughCart(
  buyer: Headers,
  parcel: { carrier: string; tracking_number: string },
): Promise<number> {
  const id = await placeThroughCart(buyer, [['BIG', 2]]);
  await change(id, { status: 'accepted' });
  await change(id, { status: 'picking' });
  await change(id, { status: 'shipped', ...parcel });
  return id;
}

function bodyFor(to: OrderStatus, lineIds: number[]): object {
  if (to === 'shipped') return { status: to, carrier: 'ups', tracking_number: '1Z999' };
  if (to === 'partially_shipped')
    return { status: to, carrier: 'fedex', tracking_number: '42', line_ids: [lineIds[0]] };
  return { status: to };
}

describe('order desk: who may call', () => {
  const routes = [
    { method: 'GET', url: '/api/admin/orders' },
    { method: 'GET', url: '/api/admin/orders.csv' },
    { method: 'GET', url: '/api/admin/orders/1' },
    { method: 'POST', url: '/api/admin/orders/1/status', payload: { status: 'accepted' } },
    { method: 'GET', url: '/api/admin/orders/1/picking-list.pdf' },
  ] as const;

  it('answers 401 to guests and 403 to buyers on every desk route', async () => {
    await expectRefused(t, routes, buyer.headers);
  });
});

describe('order workflow over the API', () => {
  it('allows every workflow step and refuses every other with 409 and the allowed steps', async () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const o = await orderIn(from);
        const res = await change(o.id, bodyFor(to, o.lineIds));
        if (allowedTransitions(from).includes(to)) {
          expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
          expect(res.json().order.status).toBe(to);
          expect(res.json().order.version).toBe(2);
        } else {
          expect(res.statusCode, `${from} → ${to}`).toBe(409);
          const error = res.json().error;
          expect(error.reason.key).toBe('TRANSITION_NOT_ALLOWED');
          expect(error.reason.params.allowed).toBe(
            allowedTransitions(from).length ? allowedTransitions(from).join(', ') : 'none',
          );
          const [row] = (
            await t.handle.db.execute<{ status: string; version: number }>(
              sql`select status, version from orders where id = ${o.id}`,
            )
          ).rows;
          expect(row).toEqual({ status: from, version: 1 });
        }
      }
    }
  });

  it('returns the stock an order took when it is cancelled, back-order lines included', async () => {
    const before = {
      big: await stockOf(t.handle.db, ids.BIG),
      soon: await stockOf(t.handle.db, ids.SOON),
    };
    const id = await placeThroughCart(buyer.headers, [
      ['BIG', 2],
      ['SOON', 5],
    ]);
    expect(await stockOf(t.handle.db, ids.BIG)).toBe(before.big - 2);
    expect(await stockOf(t.handle.db, ids.SOON)).toBe(0);
    expect((await change(id, { status: 'accepted' })).statusCode).toBe(200);
    const cancelled = await change(id, { status: 'cancelled', note: 'Customer asked' });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf(t.handle.db, ids.BIG)).toBe(before.big);
    // Only the 3 packs the back-order line took go back, not the 5 it asked for.
    expect(await stockOf(t.handle.db, ids.SOON)).toBe(before.soon);
    const history = cancelled.json().order.history;
    expect(history.map((h: { status: string }) => h.status)).toEqual([
      'placed',
      'accepted',
      'cancelled',
    ]);
    expect(history[2]).toMatchObject({ by: 'Sam Staff', note: 'Customer asked' });
  });

  it('writes an audit row for each status change with before/after, and none for a refused one', async () => {
    const o = await orderIn('placed');
    expect((await change(o.id, { status: 'accepted', note: 'ok' })).statusCode).toBe(200);
    expect((await change(o.id, { status: 'invoiced' })).statusCode).toBe(409);
    expect((await change(o.id, bodyFor('shipped', o.lineIds))).statusCode).toBe(409);
    expect((await change(o.id, { status: 'picking' })).statusCode).toBe(200);
    expect((await change(o.id, bodyFor('shipped', o.lineIds))).statusCode).toBe(200);
    const rows = await auditRowsFor(t.handle.db, 'order', o.id);
    expect(rows).toEqual([
      {
        actor_user_id: staff.userId,
        action: 'order.status',
        before: { status: 'placed', version: 1 },
        after: { status: 'accepted', version: 2, note: 'ok' },
      },
      {
        actor_user_id: staff.userId,
        action: 'order.status',
        before: { status: 'accepted', version: 2 },
        after: { status: 'picking', version: 3 },
      },
      {
        actor_user_id: staff.userId,
        action: 'order.status',
        before: { status: 'picking', version: 3 },
        after: { status: 'shipped', version: 4, carrier: 'ups', tracking_number: '1Z999' },
      },
    ]);
  });

  it('lets one of two concurrent changes win; the other gets 409 and nothing is lost', async () => {
    const o = await orderIn('placed');
    const [a, b] = await Promise.all([
      change(o.id, { status: 'accepted', expected_version: 1 }),
      change(o.id, { status: 'cancelled', expected_version: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error.reason.key).toBe('ORDER_CHANGED');
    const { rows } = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from order_status_history where order_id = ${o.id}`,
    );
    expect(rows[0].n).toBe(1);
    const stale = await change(o.id, { status: 'picking', expected_version: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('writes nothing when the order changed between the read and the write statement', async () => {
    // A plain step runs without a transaction: its one write statement checks the version read.
    const o = await orderIn('placed');
    const steps = async () =>
      (
        await t.handle.db.execute<{ n: number }>(
          sql`select count(*)::int as n from order_status_history where order_id = ${o.id}`,
        )
      ).rows[0].n;
    const before = await steps();
    const stale = writeStatusChange(
      t.handle.db,
      {
        orderId: o.id,
        from: 'placed',
        to: 'accepted',
        version: 99,
        actorUserId: staff.userId,
        note: null,
      },
      webhookEventPart('order.status_changed', { order_id: o.id }, 'after-commit'),
      [],
    );
    await expect(stale).rejects.toSatisfy((e) => hasSqlState(e, ORDER_CHANGED_SQLSTATE));
    expect(await steps()).toBe(before);
    expect((await change(o.id, { status: 'accepted' })).statusCode).toBe(200);
    expect(await steps()).toBe(before + 1);
  });

  it('ships part of an order, leaves the rest back-ordered, then ships the rest', async () => {
    const o = await orderIn('picking');
    const partial = await change(o.id, {
      status: 'partially_shipped',
      carrier: 'canada_post',
      tracking_number: 'CP123',
      line_ids: [o.lineIds[0]],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const after = partial.json().order;
    expect(after.lines.find((l: { id: number }) => l.id === o.lineIds[1]).shipment_id).toBeNull();
    expect(after.shipments[0].tracking_url).toContain('CP123');
    const rest = await change(o.id, {
      status: 'shipped',
      carrier: 'other',
      tracking_number: 'TRUCK-9',
    });
    expect(rest.statusCode).toBe(200);
    const done = rest.json().order;
    expect(done.lines.every((l: { shipment_id: number | null }) => l.shipment_id !== null)).toBe(
      true,
    );
    expect(done.shipments[1]).toMatchObject({
      carrier: 'other',
      tracking_number: 'TRUCK-9',
      tracking_url: null,
    });
  });

  it('refuses bad input with a message naming the field, and unknown orders with 404', async () => {
    const o = await orderIn('picking');
    for (const [field, payload] of [
      ['carrier', { status: 'shipped' }],
      // A partial shipment must leave at least one line back-ordered.
      ['line_ids', { status: 'partially_shipped', carrier: 'ups', line_ids: o.lineIds }],
      ['status', { status: 'lost' }],
      ['note', { status: 'shipped', carrier: 'ups', note: 'x'.repeat(1001) }],
    ] as const) {
      const res = await change(o.id, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields, field).toHaveProperty(field);
    }
    expect((await change(999_999, { status: 'accepted' })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: '/api/admin/orders/999999', headers: staff.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: '/api/admin/orders/abc', headers: staff.headers }))
        .statusCode,
    ).toBe(400);
    const [row] = (
      await t.handle.db.execute<{ status: string }>(
        sql`select status from orders where id = ${o.id}`,
      )
    ).rows;
    expect(row.status).toBe('picking');
  });
});

describe('buyer follow-up', () => {
  it('mails the buyer in their language, and the preference turns off all but the shipped mail', async () => {
    const mailsTo = async (email: string) =>
      (
        await t.handle.db.execute<{
          template: string;
          lang: string;
          subject: string;
          text: string;
        }>(
          sql`select template, lang, subject, text from mail_outbox where to_address = ${email} order by id`,
        )
      ).rows;
    const fr = await t.signIn({ lang: 'fr' });
    await shippedThroughCart(fr.headers, { carrier: 'purolator', tracking_number: 'PUR-1' });
    const mails = (await mailsTo(fr.email)).filter((m) => m.template !== 'order-confirmation');
    expect(mails.map((m) => m.template)).toEqual(['order-accepted', 'order-shipped']);
    expect(mails[1].lang).toBe('fr');
    expect(mails[1].subject).toContain('expédiée');
    expect(mails[1].text).toContain('PUR-1');
    expect(mails[1].text).toContain('purolator.com');

    // The buyer turns the optional mails off in their profile; the status code reads the same column.
    const quiet = await t.signIn();
    const prefsUrl = '/api/me/mail-preferences';
    const prefs = (payload?: object, headers: Headers = quiet.headers) =>
      t.inject({ method: payload ? 'PUT' : 'GET', url: prefsUrl, headers, payload });
    expect((await prefs()).json()).toEqual({
      status: true,
      preferences: { order_status_mails: true },
    });
    const bad = await prefs({ order_status_mails: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('order_status_mails');
    expect((await t.inject({ method: 'GET', url: prefsUrl })).statusCode).toBe(401);
    const off = await prefs({ order_status_mails: false });
    expect(off.json().preferences).toEqual({ order_status_mails: false });
    expect((await prefs()).json().preferences.order_status_mails).toBe(false);
    await shippedThroughCart(quiet.headers, { carrier: 'ups', tracking_number: '1Z' });
    const quietMails = (await mailsTo(quiet.email)).map((m) => m.template);
    expect(quietMails).toEqual(['order-confirmation', 'order-shipped']);
    // Turned back on, the next cancellation mails again.
    await prefs({ order_status_mails: true });
    const cid = await placeThroughCart(quiet.headers, [['BIG', 1]]);
    await change(cid, { status: 'cancelled' });
    expect((await mailsTo(quiet.email)).map((m) => m.template).at(-1)).toBe('order-cancelled');
  });

  it('shows the buyer the status, its dates, the carrier and tracking link, and filters by status', async () => {
    const b = await t.signIn();
    const id = await shippedThroughCart(b.headers, { carrier: 'ups', tracking_number: '1Z 42' });
    const detail = (
      await t.inject({ method: 'GET', url: `/api/fetch-order?order_id=${id}`, headers: b.headers })
    ).json().order;
    expect(detail.status).toBe('shipped');
    expect(detail.shipments[0].tracking_url).toBe('https://www.ups.com/track?tracknum=1Z%2042');
    expect(detail.history.map((s: { status: string }) => s.status)).toEqual([
      'placed',
      'accepted',
      'picking',
      'shipped',
    ]);
    // Staff names stay with the staff.
    expect(detail.history[1].by).toBeNull();
    const shipped = (
      await t.inject({
        method: 'GET',
        url: '/api/order-history?status=shipped',
        headers: b.headers,
      })
    ).json();
    expect(shipped.data.map((o: { order_id: number }) => o.order_id)).toEqual([id]);
    expect(shipped.data[0].status_at).toBeTruthy();
    const placed = (
      await t.inject({ method: 'GET', url: '/api/order-history?status=placed', headers: b.headers })
    ).json();
    expect(placed.total).toBe(0);
  });
});

/** GET /api/admin/orders?qs as staff; the answer's body. */
async function list(qs: string) {
  const res = await t.inject({
    method: 'GET',
    url: `/api/admin/orders?${qs}`,
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('order desk list', () => {
  it('filters by status, country, customer and text, sorts, pages and counts per status', async () => {
    const c = await t.signIn({ ownerName: 'Zoé Quilting', companyName: 'Atelier Zed' });
    const first = await placeThroughCart(c.headers, [['BIG', 2]], 'PO-ZED-1');
    const second = await placeThroughCart(c.headers, [['BIG', 1]], 'PO-ZED-2');
    await change(second, { status: 'accepted' });
    const byCustomer = await list(`customer_id=${c.userId}`);
    expect(byCustomer.data.map((o: { order_id: number }) => o.order_id)).toEqual([second, first]);
    expect(byCustomer.counts).toEqual({ placed: 1, accepted: 1 });
    expect(byCustomer.data[0]).toMatchObject({
      customer_name: 'Zoé Quilting',
      company_name: 'Atelier Zed',
    });
    expect((await list(`customer_id=${c.userId}&status=accepted`)).data).toHaveLength(1);
    expect((await list('q=zed-1')).data.map((o: { order_id: number }) => o.order_id)).toEqual([
      first,
    ]);
    expect((await list('q=atelier')).total).toBe(2);
    expect((await list(`q=${first}`)).data.map((o: { order_id: number }) => o.order_id)).toContain(
      first,
    );
    expect((await list(`customer_id=${c.userId}&sort=total_asc`)).data[0].order_id).toBe(second);
    const paged = await list(`customer_id=${c.userId}&per_page=1&page=2`);
    expect(paged).toMatchObject({ total: 2, last_page: 2, current_page: 2 });
    // A later page skips the orders before it by id first, then reads its rows and customers.
    expect(paged.data).toMatchObject([{ order_id: first, customer_name: 'Zoé Quilting' }]);
    const sortedPage = await list(`customer_id=${c.userId}&sort=total_asc&per_page=1&page=2`);
    expect(sortedPage.data.map((o: { order_id: number }) => o.order_id)).toEqual([first]);
    expect((await list('country=us')).total).toBe(0);
    expect((await list('q=100%25_')).total).toBe(0);
  });

  it('answers each filter of one shape with its own values (one statement text per shape)', async () => {
    const a = await t.signIn({
      ownerName: 'Shape Alpha',
      companyName: 'Alpha Looms',
      country: 'ca',
    });
    const b = await t.signIn({ ownerName: 'Shape Beta', companyName: 'Beta Looms', country: 'ca' });
    const fromA = await placeThroughCart(a.headers, [['BIG', 2]], 'SHAPE-A-77');
    const fromB = await placeThroughCart(b.headers, [['BIG', 2]], 'SHAPE-B-88');
    await change(fromB, { status: 'accepted' });
    const ids = async (qs: string) =>
      (await list(qs)).data.map((o: { order_id: number }) => o.order_id);
    // Same shapes, other values: the statement built for the first must not keep its values.
    expect(await ids(`customer_id=${a.userId}`)).toEqual([fromA]);
    expect(await ids(`customer_id=${b.userId}`)).toEqual([fromB]);
    expect(await ids(`customer_id=${a.userId}&status=placed`)).toEqual([fromA]);
    expect(await ids(`customer_id=${b.userId}&status=placed`)).toEqual([]);
    expect(await ids(`customer_id=${b.userId}&status=accepted`)).toEqual([fromB]);
    expect(await ids('q=alpha')).toEqual([fromA]);
    expect(await ids('q=beta')).toEqual([fromB]);
    expect(await ids('q=shape-a')).toEqual([fromA]);
    expect(await ids('q=shape-b')).toEqual([fromB]);
    expect(await ids(`q=${fromB}`)).toContain(fromB);
    expect(await ids(`q=${fromB}`)).not.toContain(fromA);
    expect((await list(`customer_id=${a.userId}&per_page=1&page=2`)).data).toEqual([]);
    expect((await list(`customer_id=${b.userId}`)).counts).toEqual({ accepted: 1 });
    expect((await list(`customer_id=${a.userId}`)).counts).toEqual({ placed: 1 });
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`customer_id=${a.userId}&from=${today}&to=${today}`)).toEqual([fromA]);
    expect(await ids(`customer_id=${a.userId}&from=2001-01-01&to=2001-01-31`)).toEqual([]);
  });

  it('counts an order a text matches several ways (its PO and its customer) once', async () => {
    const named = await t.signIn({ ownerName: 'Overlap Crafts', companyName: null });
    const other = await t.signIn({ ownerName: 'Someone Else', companyName: 'Elsewhere' });
    const both = await placeThroughCart(named.headers, [['BIG', 2]], 'PO-OVERLAP-1');
    const byName = await placeThroughCart(named.headers, [['BIG', 1]]);
    const byPo = await placeThroughCart(other.headers, [['BIG', 2]], 'OVERLAP-9');
    await change(byName, { status: 'accepted' });
    const found = await list('q=overlap');
    expect(found.counts).toEqual({ placed: 2, accepted: 1 });
    expect(found.total).toBe(3);
    expect(found.data.map((o: { order_id: number }) => o.order_id)).toEqual([byPo, byName, both]);
    expect((await list('q=overlap&status=placed')).total).toBe(2);
    expect((await list(`q=overlap&customer_id=${other.userId}`)).counts).toEqual({ placed: 1 });
    expect((await list('q=overlap&country=us')).counts).toEqual({});
  });

  it('keeps the counts per status right when orders change elsewhere (change feed) and here', async () => {
    const c = await t.signIn({ ownerName: 'Counted Customer', companyName: 'Tally Fabrics' });
    const a = await placeThroughCart(c.headers, [['BIG', 2]], 'PO-TALLY-1');
    const b = await placeThroughCart(c.headers, [['BIG', 1]], 'PO-TALLY-2');
    const counts = async (qs: string) => (await list(qs)).counts;
    // The status tab, the text search and the page share the counts of their filter.
    expect(await counts(`customer_id=${c.userId}`)).toEqual({ placed: 2 });
    expect(await counts(`customer_id=${c.userId}&status=accepted&page=2`)).toEqual({ placed: 2 });
    expect(await counts('q=tally')).toEqual({ placed: 2 });
    // Another process (an ERP script, a second API instance) changes an order in SQL: the
    // notification on ws_orders drops the cached counts.
    await t.handle.db.execute(sql`update orders set status = 'cancelled' where id = ${a}`);
    await expect.poll(() => counts(`customer_id=${c.userId}`)).toEqual({ placed: 1, cancelled: 1 });
    await expect.poll(() => counts('q=tally')).toEqual({ placed: 1, cancelled: 1 });
    // A change made through the desk shows in the very next list, and other processes hear of
    // it: the desk notifies ws_orders itself once the change has committed (migration 0022).
    const heard = new Promise<void>((resolve) =>
      t.app.changeFeed.subscribe('ws_orders', () => resolve()),
    );
    expect((await change(b, { status: 'accepted' })).statusCode).toBe(200);
    expect(await counts(`customer_id=${c.userId}`)).toEqual({ accepted: 1, cancelled: 1 });
    await heard;
  });

  it('looks up the customers a text names once, and again after a rename or a first order', async () => {
    const c = await t.signIn({ ownerName: 'Ottilie Quenneville', companyName: 'Brocante Xyst' });
    const first = await placeThroughCart(c.headers, [['BIG', 2]]);
    const ids = async (qs: string) =>
      (await list(qs)).data.map((o: { order_id: number }) => o.order_id);
    const names = () => t.app.caches.stats()['orders.desk-names'];
    expect(await ids('q=quenneville')).toEqual([first]);
    // The same text on another tab, page or sort asks for no second lookup. The first order's
    // notice may still be on its way over LISTEN and drop the lookups once; after it, it hits.
    const hitsWithoutLookup = async () => {
      const before = names();
      expect(await ids('q=quenneville&status=placed&sort=total_desc')).toEqual([first]);
      const after = names();
      return after.hits === before.hits + 1 && after.misses === before.misses;
    };
    await expect.poll(hitsWithoutLookup).toBe(true);
    // Renamed elsewhere (SQL): the user change notice drops the lookups.
    await t.handle.db.execute(
      sql`update users set owner_name = 'Ottilie Zwingli' where id = ${c.userId}`,
    );
    await expect.poll(() => ids('q=zwingli')).toEqual([first]);
    expect(await ids('q=quenneville')).toEqual([]);
    // A customer the text named without orders places a first one: the orders notice drops them.
    const other = await t.signIn({ ownerName: 'Yvonne Zwingli' });
    expect(await ids('q=yvonne')).toEqual([]);
    const second = await placeThroughCart(other.headers, [['BIG', 2]]);
    await expect.poll(() => ids('q=yvonne')).toEqual([second]);
  });

  it('refuses bad filters with a message naming the field', async () => {
    for (const [qs, field] of [
      ['status=lost', 'status'],
      ['country=fr', 'country'],
      ['from=yesterday', 'from'],
      ['per_page=5000', 'per_page'],
      ['updated_since=soon', 'updated_since'],
      ['q=' + 'x'.repeat(101), 'q'],
    ]) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/admin/orders?${qs}`,
        headers: staff.headers,
      });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.fields, qs).toHaveProperty(field);
    }
  });

  it('exports a PO number written as a formula neutralised, never as a live formula', async () => {
    const c = await t.signIn();
    const po = '=HYPERLINK("http://x","y")';
    await placeThroughCart(c.headers, [['BIG', 2]], po);
    const csv = await t.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?customer_id=${c.userId}`,
      headers: staff.headers,
    });
    expect(csv.statusCode).toBe(200);
    const [, line] = csv.body.trim().split('\n');
    expect(line).toContain(`,"'=HYPERLINK(""http://x"",""y"")",`);
    expect(line).not.toMatch(/,=/);
  });

  it('exports the filtered list as CSV and prints a picking list', async () => {
    const c = await t.signIn({ ownerName: 'Csv, "Quoted" Buyer' });
    const id = await placeThroughCart(c.headers, [['BIG', 2]], 'PO-CSV');
    const csv = await t.inject({
      method: 'GET',
      url: `/api/admin/orders.csv?customer_id=${c.userId}`,
      headers: staff.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    // The first columns keep their place (order-desk.warehouse.test.ts checks the added ones).
    expect(lines[0]).toMatch(
      /^order_id,date,status,country,customer_id,customer_name,company_name,po_number,total,/,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${id},`);
    expect(lines[1]).toContain('"Csv, ""Quoted"" Buyer"');
    const pdf = await t.inject({
      method: 'GET',
      url: `/api/admin/orders/${id}/picking-list.pdf`,
      headers: staff.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows staff the order with its customer, comment, PO and who changed it', async () => {
    const id = await placeThroughCart(buyer.headers, [['BIG', 2]], 'PO-DETAIL');
    await change(id, { status: 'accepted', note: 'Checked credit' });
    const res = await t.inject({
      method: 'GET',
      url: `/api/admin/orders/${id}`,
      headers: staff.headers,
    });
    const o = res.json().order;
    expect(o).toMatchObject({
      po_number: 'PO-DETAIL',
      status: 'accepted',
      allowed: ['picking', 'cancelled'],
    });
    expect(o.customer).toMatchObject({
      name: 'Béatrice Buyer',
      company: 'Mercerie Laval',
      lang: 'fr',
    });
    expect(o.history[1]).toMatchObject({
      status: 'accepted',
      by: 'Sam Staff',
      note: 'Checked credit',
    });
  });
});

describe('ERP polling', () => {
  it('lists orders changed since a time to an orders:read token, oldest change first, and refuses other tokens', async () => {
    const mint = async (scopes: string[]) =>
      (
        await t.inject({
          method: 'POST',
          url: '/api/admin/integrations/tokens',
          headers: staff.headers,
          payload: { name: `ERP ${scopes.join()}`, scopes },
        })
      ).json().secret as string;
    const reader = { authorization: `Bearer ${await mint(['orders:read'])}` };
    const writer = { authorization: `Bearer ${await mint(['catalogue:write'])}` };
    // The database's own clock, just before the order: earlier tests' orders (more than a page of
    // them on a fast run) changed before it, so the list holds this order on its first page.
    const clock = await t.handle.db.execute<{ at: string }>(
      sql`select to_json(clock_timestamp())#>>'{}' as at`,
    );
    const since = new Date(clock.rows[0].at).toISOString();
    const o = await orderIn('placed');
    await change(o.id, { status: 'accepted' });
    const url = `/api/admin/orders?updated_since=${encodeURIComponent(since)}`;
    const res = await t.inject({ method: 'GET', url, headers: reader });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json().data as Array<{ order_id: number; updated_at: string }>;
    expect(found.map((r) => r.order_id)).toContain(o.id);
    const times = found.map((r) => r.updated_at);
    expect([...times].sort()).toEqual(times);
    expect((await t.inject({ method: 'GET', url, headers: writer })).statusCode).toBe(403);
    // A token reads the list only: no order detail, no status change.
    expect(
      (await t.inject({ method: 'GET', url: `/api/admin/orders/${o.id}`, headers: reader }))
        .statusCode,
    ).toBe(401);
    expect((await change(o.id, { status: 'picking' }, reader)).statusCode).toBe(401);
  });
});

describe('phone orders', () => {
  it("places the customer's cart on their behalf through the same workflow; the buyer sees who placed it", async () => {
    const c = await t.signIn({ ownerName: 'Phone Customer' });
    await t.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: c.headers,
      payload: { product_id: 'BIG', item: 2 },
    });
    const cart = await t.inject({
      method: 'GET',
      url: `/api/admin/phone-orders/${c.userId}/cart`,
      headers: staff.headers,
    });
    expect(cart.statusCode, cart.body).toBe(200);
    expect(cart.json().products).toHaveLength(1);
    const placed = await t.inject({
      method: 'POST',
      url: `/api/admin/phone-orders/${c.userId}`,
      headers: staff.headers,
      payload: { po_number: 'PHONE-1' },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order_id;
    const history = (
      await t.inject({ method: 'GET', url: '/api/order-history', headers: c.headers })
    ).json();
    expect(history.data[0]).toMatchObject({
      order_id: id,
      placed_by: 'Sam Staff',
      po_number: 'PHONE-1',
    });
    const desk = (
      await t.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: staff.headers })
    ).json().order;
    expect(desk.placed_by).toBe('Sam Staff');
    expect(await auditRowsFor(t.handle.db, 'order', id)).toMatchObject([
      {
        actor_user_id: staff.userId,
        action: 'order.phone_order',
        before: null,
        after: { customer_id: c.userId, status: 'placed', po_number: 'PHONE-1', lines: 1 },
      },
    ]);
    // The cart is emptied like any order; a second call has nothing to order.
    const again = await t.inject({
      method: 'POST',
      url: `/api/admin/phone-orders/${c.userId}`,
      headers: staff.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(422);
  });

  it("offers the customer's own checkout choices and ships to the address staff pick", async () => {
    const c = await t.signIn({ ownerName: 'Phone Checkout', paymentTerms: 'net_30' });
    const other = await t.signIn({ ownerName: 'Someone Else' });
    const address = (userId: number, label: string, region: string, isDefault: boolean) => ({
      userId,
      label,
      company: 'Phone Co',
      line1: '1 Main Street',
      city: 'Somewhere',
      region,
      postalCode: 'A1A 1A1',
      country: 'ca' as const,
      isDefault,
    });
    await insertAddresses(t.handle.db, [
      address(c.userId, 'Main', 'QC', true),
      address(c.userId, 'Warehouse', 'ON', false),
      address(other.userId, 'Foreign', 'BC', true),
    ]);
    const checkout = await t.inject({
      method: 'GET',
      url: `/api/admin/phone-orders/${c.userId}/checkout`,
      headers: staff.headers,
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const choices = checkout.json();
    expect(choices.addresses.map((a: { label: string }) => a.label)).toEqual(['Main', 'Warehouse']);
    expect(choices).toMatchObject({
      payment_terms: 'net_30',
      opening_minimum: 500,
      customer: { id: c.userId, name: 'Phone Checkout', country: 'ca', lang: 'en' },
    });
    const warehouse = choices.addresses[1].id as number;

    await t.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: c.headers,
      payload: { product_id: 'BIG', item: 2 },
    });
    const place = (payload: object) =>
      t.inject({
        method: 'POST',
        url: `/api/admin/phone-orders/${c.userId}`,
        headers: staff.headers,
        payload,
      });
    // Another account's address, a past ship date: refused naming the field, nothing ordered.
    const { rows: foreign } = await t.handle.db.execute<{ id: number }>(
      sql`select id from customer_addresses where user_id = ${other.userId}`,
    );
    const wrongAddress = await place({ ship_to_address_id: Number(foreign[0].id) });
    expect(wrongAddress.statusCode).toBe(422);
    expect(wrongAddress.json().error.reason.key).toBe('UNKNOWN_ADDRESS');
    expect(wrongAddress.json().error.fields).toHaveProperty('ship_to_address_id');
    const past = await place({ requested_ship_date: '2020-01-06' });
    expect(past.statusCode).toBe(422);
    expect(past.json().error.fields).toHaveProperty('requested_ship_date');
    const badDate = await place({ requested_ship_date: 'soon' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.fields).toHaveProperty('requested_ship_date');
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/admin/phone-orders/${c.userId}/cart`,
          headers: staff.headers,
        })
      ).json().products,
    ).toHaveLength(1);

    const placed = await place({ ship_to_address_id: warehouse, po_number: 'PHONE-2' });
    expect(placed.statusCode, placed.body).toBe(200);
    const order = (
      await t.inject({
        method: 'GET',
        url: `/api/fetch-order?order_id=${placed.json().order_id}`,
        headers: c.headers,
      })
    ).json().order;
    expect(order).toMatchObject({ po_number: 'PHONE-2', placed_by: 'Sam Staff' });
    expect(JSON.stringify(order)).toContain('Warehouse');
  });

  it('refuses an empty cart, the opening minimum and an inactive customer, each by its reason', async () => {
    const c = await t.signIn({ ownerName: 'Small Spender' });
    const place = () =>
      t.inject({
        method: 'POST',
        url: `/api/admin/phone-orders/${c.userId}`,
        headers: staff.headers,
        payload: {},
      });
    const empty = await place();
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.reason.key).toBe('NOTHING_SELECTED');
    await t.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: c.headers,
      payload: { product_id: 'SMALL', item: 1 },
    });
    const small = await place();
    expect(small.statusCode).toBe(422);
    expect(small.json().error.reason).toMatchObject({
      key: 'OPENING_MINIMUM',
      params: { minimumCents: 50_000, totalCents: 1500 },
    });
    await t.handle.db.execute(sql`update users set is_active = false where id = ${c.userId}`);
    for (const res of [
      await place(),
      await t.inject({
        method: 'GET',
        url: `/api/admin/phone-orders/${c.userId}/cart`,
        headers: staff.headers,
      }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.reason.key).toBe('ACCOUNT_NOT_ACTIVE');
      expect(res.json().error.fields).toHaveProperty('customer_id');
    }
  });

  it('refuses buyers, unknown customers and staff accounts', async () => {
    expect(
      (
        await t.inject({
          method: 'POST',
          url: `/api/admin/phone-orders/${buyer.userId}`,
          headers: buyer.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/admin/phone-orders/999999',
          headers: staff.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: `/api/admin/phone-orders/${staff.userId}/cart`,
          headers: staff.headers,
        })
      ).statusCode,
    ).toBe(404);
  });
});
