import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { erpBearer } from '../../test/erp-fixtures';
import {
  change,
  orderIn,
  placeThroughCart,
  shippedThroughCart,
  staff,
  t,
  useOrderDeskTestApp,
  type Headers,
} from './order-desk.test-app';

useOrderDeskTestApp();

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

describe('ERP polling', () => {
  it('lists orders changed since a time to an orders:read token, oldest change first, and refuses other tokens', async () => {
    const reader = await erpBearer(t, ['orders:read'], staff.headers);
    const writer = await erpBearer(t, ['catalogue:write'], staff.headers);
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
