import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditRowsFor } from '../../test/audit-rows';
import { insertAddresses } from '../accounts';
import { buyer, staff, t, useOrderDeskTestApp } from './order-desk.test-app';

useOrderDeskTestApp();

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
    // Another account's address, a past, too far or unreadable ship date: refused naming the
    // field, nothing ordered.
    const { rows: foreign } = await t.handle.db.execute<{ id: number }>(
      sql`select id from customer_addresses where user_id = ${other.userId}`,
    );
    const refusals: Array<[object, number, string, string?]> = [
      [{ ship_to_address_id: Number(foreign[0].id) }, 422, 'ship_to_address_id', 'UNKNOWN_ADDRESS'],
      [{ requested_ship_date: '2020-01-06' }, 422, 'requested_ship_date', 'SHIP_DATE_PAST'],
      [{ requested_ship_date: '2099-01-05' }, 422, 'requested_ship_date', 'SHIP_DATE_TOO_FAR'],
      [{ requested_ship_date: 'soon' }, 400, 'requested_ship_date'],
    ];
    for (const [payload, status, field, reason] of refusals) {
      const refused = await place(payload);
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json().error.fields).toHaveProperty(field);
      if (reason) expect(refused.json().error.reason.key).toBe(reason);
    }
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
