import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ADDRESS_MESSAGES,
  MAX_ADDRESSES,
  sampleCanadianApplication,
  sampleUsaApplication,
} from '@wholesale/contract';
import type { TestApp } from '../../test/test-app';
import { addToCart, createShopTestApp, soldInBoth } from '../../test/shopping-fixtures';
import { auditRowsFor } from '../../test/audit-rows';
import { createSession, insertAddresses } from '../accounts';

// The address book (docs/product/accounts.md "Addresses"): buyers' and staff's, and the addresses an
// approved application gives its account.

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['signIn']>>;
type Headers = Record<string, string>;
type Entry = {
  id: number;
  label: string;
  company: string;
  region: string;
  postal_code: string;
  is_default: boolean;
  is_billing: boolean;
  open_orders: number;
};

beforeAll(async () => {
  ({ t } = await createShopTestApp([soldInBoth('YARN', { selling: 10_000, available: 1000 })]));
  admin = await t.signIn({ role: 'staff', email: 'address-admin@test.example' });
});
afterAll(() => t.close());

const warehouse = {
  label: 'Warehouse',
  company: 'Maple Yarns',
  line1: '55 Industrial Road',
  city: 'Mississauga',
  region: 'ON',
  postal_code: 'l5t2h7',
  country: 'ca',
};
const depot = {
  ...warehouse,
  label: 'Depot',
  city: 'Québec',
  region: 'QC',
  postal_code: 'G1R 4P5',
};

const book = async (h: Headers): Promise<Entry[]> =>
  (await t.get('/api/me/addresses', h)).json().addresses;
const add = (h: Headers, body: object = warehouse) => t.post('/api/me/addresses', h, body);

describe('buyer address book', () => {
  it('answers 401 to guests', async () => {
    expect((await t.get('/api/me/addresses')).statusCode).toBe(401);
    expect((await t.post('/api/me/addresses', {}, warehouse)).statusCode).toBe(401);
  });

  it('adds (the first becomes the default), edits, sets the default and removes an unused address', async () => {
    const buyer = await t.signIn();
    const first = await add(buyer.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().addresses).toEqual([
      expect.objectContaining({
        label: 'Warehouse',
        postal_code: 'L5T 2H7',
        region: 'ON',
        is_default: true,
        is_billing: false,
        open_orders: 0,
      }),
    ]);
    const second = (await add(buyer.headers, depot)).json().addresses as Entry[];
    expect(second.map((a) => [a.label, a.is_default])).toEqual([
      ['Warehouse', true],
      ['Depot', false],
    ]);
    const depotId = second[1].id;

    const edited = await t.put(`/api/me/addresses/${depotId}`, buyer.headers, {
      ...depot,
      label: 'Québec depot',
      postal_code: 'h2x1y4',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().addresses[1]).toMatchObject({
      label: 'Québec depot',
      postal_code: 'H2X 1Y4',
    });

    const made = await t.post(`/api/me/addresses/${depotId}/default`, buyer.headers);
    expect(made.statusCode, made.body).toBe(200);
    const after = made.json().addresses as Entry[];
    expect(after.map((a) => [a.label, a.is_default])).toEqual([
      ['Québec depot', true],
      ['Warehouse', false],
    ]);
    // The checkout preselects the new default.
    expect((await t.get('/api/checkout', buyer.headers)).json().addresses[0].id).toBe(depotId);

    const removed = await t.delete(`/api/me/addresses/${after[1].id}`, buyer.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await book(buyer.headers)).map((a) => a.label)).toEqual(['Québec depot']);
  });

  it('names each bad field, the postal code checked against its province or state', async () => {
    const buyer = await t.signIn();
    const res = await add(buyer.headers, { ...warehouse, label: '', postal_code: 'H2X 1Y4' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      label: ADDRESS_MESSAGES.labelRequired,
      postal_code: ADDRESS_MESSAGES.postalCodeProvince,
    });
    const us = await add(buyer.headers, {
      ...warehouse,
      country: 'us',
      region: 'NY',
      postal_code: '9021',
    });
    expect(us.json().error.fields).toEqual({ postal_code: ADDRESS_MESSAGES.zipFormat });
    const region = await add(buyer.headers, { ...warehouse, region: 'ZZ' });
    expect(region.json().error.fields).toEqual({ region: ADDRESS_MESSAGES.provinceInvalid });
    expect(await book(buyer.headers)).toEqual([]);
  });

  it("refuses an address past the book's limit (409, buyer and staff alike) and adds nothing", async () => {
    const buyer = await t.signIn();
    const credit = await t.signIn({ role: 'staff', staffRoles: ['credit'] });
    await insertAddresses(
      t.handle.db,
      Array.from({ length: MAX_ADDRESSES - 1 }, (_, i) => ({
        userId: buyer.userId,
        label: `Store ${i + 1}`,
        company: warehouse.company,
        line1: warehouse.line1,
        city: warehouse.city,
        region: warehouse.region,
        postalCode: 'L5T 2H7',
        country: 'ca' as const,
        isDefault: i === 0,
      })),
    );
    // The last place is still free.
    expect((await add(buyer.headers, depot)).statusCode).toBe(200);
    for (const refused of [
      await add(buyer.headers),
      await t.post(`/api/admin/customers/${buyer.userId}/addresses`, credit.headers, warehouse),
    ]) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.reason).toEqual({
        key: 'ADDRESS_BOOK_FULL',
        params: { max: MAX_ADDRESSES },
      });
    }
    expect(await book(buyer.headers)).toHaveLength(MAX_ADDRESSES);
  });

  it("answers 404 for another customer's address, and leaves it alone", async () => {
    const owner = await t.signIn();
    const theirs = (await add(owner.headers)).json().addresses[0] as Entry;
    await add(owner.headers, depot);
    const other = await t.signIn();
    const calls = [
      t.put(`/api/me/addresses/${theirs.id}`, other.headers, depot),
      t.post(`/api/me/addresses/${theirs.id}/default`, other.headers),
      t.delete(`/api/me/addresses/${theirs.id}`, other.headers),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.reason).toEqual({ key: 'ADDRESS_NOT_FOUND' });
    }
    expect((await book(owner.headers))[0]).toMatchObject({ label: 'Warehouse', is_default: true });
    expect((await t.delete('/api/me/addresses/2147483647', other.headers)).statusCode).toBe(404);
    expect((await t.delete('/api/me/addresses/0', other.headers)).statusCode).toBe(400);
  });

  it('refuses to remove the default, and an address an open order ships to until it is closed', async () => {
    const buyer = await t.signIn();
    await add(buyer.headers);
    const [home, second] = (await add(buyer.headers, depot)).json().addresses as Entry[];

    const removeDefault = await t.delete(`/api/me/addresses/${home.id}`, buyer.headers);
    expect(removeDefault.statusCode).toBe(409);
    expect(removeDefault.json().error.reason.key).toBe('ADDRESS_IS_DEFAULT');

    expect((await addToCart(t, buyer.headers, 'YARN', 6)).statusCode).toBe(200);
    const placed = await t.post('/api/store/orders', buyer.headers, {
      ship_to_address_id: second.id,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await book(buyer.headers))[1]).toMatchObject({ id: second.id, open_orders: 1 });

    const inUse = await t.delete(`/api/me/addresses/${second.id}`, buyer.headers);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toMatchObject({
      code: 'CONFLICT',
      reason: { key: 'ADDRESS_IN_USE', params: { count: 1 } },
    });
    // Editing it is fine: the order keeps its own copy of the address.
    const edited = await t.put(`/api/me/addresses/${second.id}`, buyer.headers, {
      ...depot,
      label: 'Renamed',
    });
    expect(edited.statusCode).toBe(200);
    const orderId = placed.json().order_id as number;
    const order = (await t.get(`/api/fetch-order?order_id=${orderId}`, buyer.headers)).json().order;
    expect(order.ship_to).toMatchObject({ label: 'Depot', region: 'QC' });

    const cancel = await t.post(`/api/admin/orders/${orderId}/status`, admin.headers, {
      status: 'cancelled',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const removed = await t.delete(`/api/me/addresses/${second.id}`, buyer.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    // The closed order keeps its copy; its link to the removed address is gone.
    const [row] = (
      await t.handle.db.execute<{ ship_to_address_id: number | null; label: string }>(
        sql`select ship_to_address_id, ship_to->>'label' as label from orders where id = ${orderId}`,
      )
    ).rows;
    expect(row).toEqual({ ship_to_address_id: null, label: 'Depot' });
  });
});

describe('staff edit a customer address book', () => {
  it('credit staff add, edit, set default and remove, each audit-logged', async () => {
    const credit = await t.signIn({ role: 'staff', staffRoles: ['credit'] });
    const customer = await t.signIn();
    const url = `/api/admin/customers/${customer.userId}/addresses`;
    const added = await t.post(url, credit.headers, warehouse);
    expect(added.statusCode, added.body).toBe(200);
    const [first] = added.json().addresses as Entry[];
    const second = ((await t.post(url, credit.headers, depot)).json().addresses as Entry[])[1];
    expect(
      (await t.put(`${url}/${first.id}`, credit.headers, { ...warehouse, label: 'Main' }))
        .statusCode,
    ).toBe(200);
    expect((await t.post(`${url}/${second.id}/default`, credit.headers)).statusCode).toBe(200);
    expect((await t.delete(`${url}/${first.id}`, credit.headers)).statusCode).toBe(200);
    expect((await book(customer.headers)).map((a) => [a.label, a.is_default])).toEqual([
      ['Depot', true],
    ]);

    const audit = await auditRowsFor(t.handle.db, 'customer', customer.userId);
    expect(audit.map((r) => [r.action, r.actor_user_id])).toEqual([
      ['customer.address_add', credit.userId],
      ['customer.address_add', credit.userId],
      ['customer.address_update', credit.userId],
      ['customer.address_default', credit.userId],
      ['customer.address_remove', credit.userId],
    ]);
    expect(audit[2].before).toMatchObject({ address: { label: 'Warehouse' } });
    expect(audit[2].after).toMatchObject({ address: { label: 'Main' } });
    expect(audit[4]).toMatchObject({ before: { address: { label: 'Main' } }, after: null });
  });

  it('orders staff read the book but may not change it (403); buyers get 403 too', async () => {
    const orders = await t.signIn({ role: 'staff', staffRoles: ['orders'] });
    const buyer = await t.signIn();
    await add(buyer.headers);
    const url = `/api/admin/customers/${buyer.userId}/addresses`;
    expect((await t.get(url, orders.headers)).statusCode).toBe(200);
    expect((await t.post(url, orders.headers, depot)).statusCode).toBe(403);
    expect((await t.post(url, buyer.headers, depot)).statusCode).toBe(403);
    expect((await t.get(url, buyer.headers)).statusCode).toBe(403);
    expect(await book(buyer.headers)).toHaveLength(1);
  });

  it("answers 404 for a staff account's id and for another customer's address", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const [theirs] = (await add(a.headers)).json().addresses as Entry[];
    expect(
      (await t.get(`/api/admin/customers/${admin.userId}/addresses`, admin.headers)).statusCode,
    ).toBe(404);
    const wrong = await t.put(
      `/api/admin/customers/${b.userId}/addresses/${theirs.id}`,
      admin.headers,
      depot,
    );
    expect(wrong.statusCode).toBe(404);
    expect(await auditRowsFor(t.handle.db, 'customer', b.userId)).toEqual([]);
  });

  it('refuses a postal code of another province with the field named', async () => {
    const customer = await t.signIn();
    const res = await t.post(`/api/admin/customers/${customer.userId}/addresses`, admin.headers, {
      ...depot,
      postal_code: 'M5X 1A9',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ postal_code: ADDRESS_MESSAGES.postalCodeProvince });
  });
});

describe('approval gives the new account its addresses', () => {
  async function approved(payload: Record<string, unknown>): Promise<{ userId: number }> {
    const submitted = await t.inject({ method: 'POST', url: '/api/store/user', payload });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [app] = (
      await t.handle.db.execute<{ id: number }>(
        sql`select id from applications where email = ${payload.email as string}`,
      )
    ).rows;
    const res = await t.post(`/api/admin/applications/${app.id}/approve`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    return { userId: res.json().data.user_id };
  }
  async function addressesOf(userId: number) {
    const res = await t.get(`/api/admin/customers/${userId}/addresses`, admin.headers);
    return res.json().addresses as Entry[];
  }

  it('keeps billing (flagged) and makes shipping the default ship-to; checkout then estimates taxes', async () => {
    const { userId } = await approved(
      sampleCanadianApplication({
        email: 'distinct@applicant.example',
        lang: 'fr',
        billing_prov: 'QC',
        billing_pc: 'h2x1y4',
        billing_city: 'Montréal',
        billing_qst: '1234567890TQ0001',
      }),
    );
    const addresses = await addressesOf(userId);
    expect(addresses).toEqual([
      expect.objectContaining({
        label: 'Adresse de livraison',
        company: 'Maple Yarns Warehouse',
        line1: '55 Industrial Road',
        region: 'ON',
        postal_code: 'L5T 2H7',
        is_default: true,
        is_billing: false,
      }),
      expect.objectContaining({
        label: 'Adresse de facturation',
        region: 'QC',
        postal_code: 'H2X 1Y4',
        city: 'Montréal',
        is_default: false,
        is_billing: true,
      }),
    ]);
    // The billing address stays: it cannot be removed.
    const removeBilling = await t.delete(
      `/api/admin/customers/${userId}/addresses/${addresses[1].id}`,
      admin.headers,
    );
    expect(removeBilling.json().error.reason.key).toBe('ADDRESS_IS_BILLING');

    // The new buyer's first checkout has a ship-to and an Ontario HST estimate.
    const { token } = await createSession(t.handle.db, userId);
    const buyer = { authorization: `Bearer ${token}` };
    expect((await t.get('/api/checkout', buyer)).json().addresses[0]).toMatchObject({
      region: 'ON',
      is_default: true,
    });
    expect((await addToCart(t, buyer, 'YARN', 6)).statusCode).toBe(200);
    const placed = await t.post('/api/store/orders', buyer, {});
    expect(placed.statusCode, placed.body).toBe(200);
    const order = (await t.get(`/api/fetch-order?order_id=${placed.json().order_id}`, buyer)).json()
      .order;
    expect(order.taxes).toEqual([{ kind: 'HST', rate: 13, amount: 78 }]);
  });

  it('makes the billing address the default ship-to when shipping repeats it (same as billing)', async () => {
    const billing = sampleUsaApplication();
    const { userId } = await approved(
      sampleUsaApplication({
        email: 'same@applicant.example',
        shipping_street: String(billing.billing_street).toUpperCase(),
        shipping_city: billing.billing_city,
        shipping_state: billing.billing_state,
        shipping_zip: billing.billing_zip,
      }),
    );
    expect(await addressesOf(userId)).toEqual([
      expect.objectContaining({
        label: 'Billing address',
        company: billing.company_name,
        region: 'NY',
        postal_code: '14202',
        is_default: true,
        is_billing: true,
      }),
    ]);
  });

  it('makes the billing address the default ship-to when the shipping section is empty', async () => {
    // An application stored before the shipping section could be left empty (or by a form that
    // lets it be): the row is written directly, then approved.
    const { userId } = await approved(
      sampleCanadianApplication({ email: 'empty@applicant.example' }),
    );
    expect((await addressesOf(userId)).length).toBe(2);
    const [app] = (
      await t.handle.db.execute<{ id: number }>(
        sql`select id from applications where email = 'empty@applicant.example'`,
      )
    ).rows;
    await t.handle.db.execute(
      sql`update applications set status = 'pending', customer_user_id = null, customer_code = null,
            email = 'empty2@applicant.example',
            form = form - 'shipping_street' - 'shipping_city' - 'shipping_prov' - 'shipping_pc'
          where id = ${app.id}`,
    );
    const res = await t.post(`/api/admin/applications/${app.id}/approve`, admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(await addressesOf(res.json().data.user_id)).toEqual([
      expect.objectContaining({
        label: 'Billing address',
        region: 'ON',
        is_default: true,
        is_billing: true,
      }),
    ]);
  });
});
