import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, allowedTransitions, type OrderStatus } from '@wholesale/contract';
import { expectRefused } from '../../test/refused-calls';
import { stockOf } from '../../test/shopping-fixtures';
import { auditRowsFor } from '../../test/audit-rows';
import { webhookEventPart } from '../webhooks';
import { hasSqlState } from '../../lib/db-errors';
import { ORDER_CHANGED_SQLSTATE, writeStatusChange } from './order-desk.queries';
import {
  buyer,
  change,
  ids,
  orderIn,
  placeThroughCart,
  staff,
  t,
  useOrderDeskTestApp,
} from './order-desk.test-app';

useOrderDeskTestApp();

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
