import { afterAll, beforeAll, expect } from 'vitest';
import type { OrderStatus } from '@wholesale/contract';
import type { TestApp } from '../../test/test-app';
import { createShopTestApp, insertOrder } from '../../test/shopping-fixtures';

/**
 * The test app of each order desk test file (order-desk*.test.ts) and the orders they place.
 * NOTE: exported `let`s are live bindings, so a file reads the app its own beforeAll made (the
 * API tests run with isolate: false and share this module).
 */
export let t: TestApp;
export let ids: Record<string, number>;
export let staff: { userId: number; headers: Record<string, string> };
export let buyer: { userId: number; headers: Record<string, string> };

/** Gives the calling test file its own shop (three products), a staff member and a buyer. */
export function useOrderDeskTestApp(): void {
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
  afterAll(() => t?.close());
}

export type Headers = Record<string, string>;

/** Places an order through the real workflow (cart → order) and answers its id. */
export async function placeThroughCart(h: Headers, lines: Array<[string, number]>, po?: string) {
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
export function orderIn(status: OrderStatus): Promise<{ id: number; lineIds: number[] }> {
  return insertOrder(t.handle.db, { userId: buyer.userId, country: 'ca', status }, [
    {
      productId: ids.BIG,
      code: 'BIG',
      name: 'Big',
      quantity: 1,
      shipPack: 1,
      unit: 1000,
      stockTaken: 0,
    },
    {
      productId: ids.SMALL,
      code: 'SMALL',
      name: 'Small',
      quantity: 2,
      shipPack: 10,
      unit: 100,
      stockTaken: 0,
    },
  ]);
}

export const change = (id: number, payload: object, h: Headers = staff.headers) =>
  t.inject({ method: 'POST', url: `/api/admin/orders/${id}/status`, headers: h, payload });

/** An order of 2 BIG placed through the buyer's cart, then accepted, picked and shipped by staff. */
export async function shippedThroughCart(
  buyer: Headers,
  parcel: { carrier: string; tracking_number: string },
): Promise<number> {
  const id = await placeThroughCart(buyer, [['BIG', 2]]);
  await change(id, { status: 'accepted' });
  await change(id, { status: 'picking' });
  await change(id, { status: 'shipped', ...parcel });
  return id;
}
