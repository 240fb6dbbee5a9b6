import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor } from '../../test/audit-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInContentDeskPeople } from '../../test/content-desk-people';
import { selectCustomerPriceEntries } from './pricing.queries';

/*
 * Price lists in the back office (docs/product/pricing.md "Managing price lists"): lists, entries,
 * assignments and groups by content staff, every change audited, refusals naming their field.
 * Files and the ERP: price-lists.files.test.ts.
 */

let t: TestApp;
let content: { userId: number; headers: Record<string, string> };
let orders: Record<string, string>;
let buyer: Record<string, string>;
let sku: string;
let brand: string;
let catCode: string;
const LISTS = '/api/admin/price-lists';

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 30 }, ownDataDir: true });
  ({ content, orders, buyer } = await signInContentDeskPeople(t, 'prices@example.com'));
  const { rows } = await t.handle.db.execute<{ sku: string; brand: string; cat_code: string }>(
    sql`SELECT p.product_id AS sku, p.brand, c.cat_code FROM products p
        JOIN categories c ON c.id = p.category_id WHERE p.brand IS NOT NULL ORDER BY p.id LIMIT 1`,
  );
  ({ sku, brand, cat_code: catCode } = rows[0]);
});
afterAll(() => t.close());

const newList = async (name: string, currency = 'CAD') => {
  const res = await t.post(LISTS, content.headers, { name, currency });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; name: string; entries: number; assignments: unknown[] };
};
/** The audit rows about one list or group, once their actions are checked to be `actions`. */
const auditedAs = async (entity: string, id: number, actions: string[]) => {
  const audit = await auditRowsFor(t.handle.db, entity, id);
  expect(audit.map((a) => a.action)).toEqual(actions);
  return audit;
};
const fixed = (code: string, over: object = {}) => ({
  target: 'product',
  code,
  kind: 'fixed',
  unit_cents: 199,
  ...over,
});
const percentOff = (target: string, code: string, basis_points: number, over: object = {}) => ({
  target,
  code,
  kind: 'percent_off',
  basis_points,
  ...over,
});

describe('price lists', () => {
  it('creates, renames, turns off and deletes a list, auditing each change', async () => {
    const list = await newList('Contractors');
    expect(list).toMatchObject({ name: 'Contractors', entries: 0, assignments: [] });
    const taken = await t.post(LISTS, content.headers, { name: 'Contractors', currency: 'USD' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      fields: { name: expect.any(String) },
      reason: { key: 'PRICE_LIST_NAME_TAKEN' },
    });
    const renamed = await t.patch(`${LISTS}/${list.id}`, content.headers, {
      name: 'Contractors CA',
      active: false,
    });
    expect(renamed.json()).toMatchObject({ name: 'Contractors CA', active: false });
    const listed = (await t.get(LISTS, content.headers)).json().lists;
    expect(listed.map((l: { name: string }) => l.name)).toContain('Contractors CA');
    expect((await t.delete(`${LISTS}/${list.id}`, content.headers)).json()).toEqual({
      deleted: true,
    });
    expect((await t.delete(`${LISTS}/${list.id}`, content.headers)).statusCode).toBe(404);
    const audit = await auditedAs('price_list', list.id, [
      'price_list.create',
      'price_list.update',
      'price_list.delete',
    ]);
    expect(audit[0].actor_user_id).toBe(content.userId);
  });

  it('refuses a bad currency and an empty body, naming the field', async () => {
    const bad = await t.post(LISTS, content.headers, { name: 'X', currency: 'EUR' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('currency');
    const list = await newList('Empty patch');
    const empty = await t.patch(`${LISTS}/${list.id}`, content.headers, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('name');
  });

  it('lets content staff and admins in; orders staff and buyers get 403', async () => {
    expect((await t.get(LISTS, orders)).statusCode).toBe(403);
    expect((await t.get(LISTS, buyer)).statusCode).toBe(403);
    expect((await t.post(LISTS, orders, { name: 'Nope', currency: 'CAD' })).statusCode).toBe(403);
    const admin = (await t.signIn({ role: 'staff', staffRoles: ['admin'] })).headers;
    expect((await t.get(LISTS, admin)).statusCode).toBe(200);
  });
});

describe('price list entries', () => {
  it('adds a product by SKU, a brand by name or code and a category by cat_code', async () => {
    const list = await newList('Entries');
    const url = `${LISTS}/${list.id}/entries`;
    const product = await t.post(url, content.headers, fixed(sku, { min_packs: 5 }));
    expect(product.statusCode, product.body).toBe(200);
    expect(product.json()).toMatchObject({ target: 'product', code: sku, min_packs: 5 });
    const byName = await t.post(
      url,
      content.headers,
      percentOff('brand', brand.toLowerCase(), 800),
    );
    expect(byName.json()).toMatchObject({ target: 'brand', code: brand, basis_points: 800 });
    const category = await t.post(
      url,
      content.headers,
      percentOff('category', catCode.toLowerCase(), 500, {
        starts_on: '2026-01-01',
        ends_on: '2026-12-31',
      }),
    );
    expect(category.json()).toMatchObject({ code: catCode, starts_on: '2026-01-01' });
    const page = (await t.get(`${url}?q=${encodeURIComponent(sku)}`, content.headers)).json();
    expect(page.total).toBe(1);
    expect(page.data[0].code).toBe(sku);
    expect((await t.get(LISTS, content.headers)).json().lists).toContainEqual(
      expect.objectContaining({ id: list.id, entries: 3 }),
    );
  });

  it('refuses an unknown SKU, a bad percent, reversed dates and a duplicate, naming the field', async () => {
    const list = await newList('Refusals');
    const url = `${LISTS}/${list.id}/entries`;
    const unknown = await t.post(url, content.headers, fixed('NO-SUCH-SKU'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      fields: { code: 'No product has the SKU NO-SUCH-SKU' },
      reason: { key: 'PRICE_SKU_UNKNOWN', params: { code: 'NO-SUCH-SKU' } },
    });
    const unknownBrand = await t.post(
      url,
      content.headers,
      percentOff('brand', 'Nobody Makes This', 100),
    );
    expect(unknownBrand.json().error.reason.key).toBe('PRICE_BRAND_UNKNOWN');
    for (const basis_points of [0, 10_001, 12.5]) {
      const bad = await t.post(url, content.headers, percentOff('product', sku, basis_points));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('basis_points');
    }
    const reversed = await t.post(
      url,
      content.headers,
      fixed(sku, { starts_on: '2026-05-02', ends_on: '2026-05-01' }),
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields).toHaveProperty('ends_on');
    const noPrice = await t.post(url, content.headers, {
      target: 'product',
      code: sku,
      kind: 'fixed',
    });
    expect(noPrice.json().error.fields).toHaveProperty('unit_cents');
    expect((await t.post(url, content.headers, fixed(sku))).statusCode).toBe(200);
    const dup = await t.post(url, content.headers, fixed(sku, { unit_cents: 150 }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      fields: { code: expect.any(String) },
      reason: { key: 'PRICE_ENTRY_TAKEN', params: { code: sku, packs: 1 } },
    });
    // Another first day is another entry (a promotion over a standing price).
    expect(
      (await t.post(url, content.headers, fixed(sku, { starts_on: '2026-06-01' }))).statusCode,
    ).toBe(200);
    expect((await t.post(`${LISTS}/999999/entries`, content.headers, fixed(sku))).statusCode).toBe(
      404,
    );
  });

  it('edits and removes an entry; an edit onto another entry key is a 409', async () => {
    const list = await newList('Edits');
    const url = `${LISTS}/${list.id}/entries`;
    const one = (await t.post(url, content.headers, fixed(sku))).json();
    const two = (await t.post(url, content.headers, fixed(sku, { min_packs: 10 }))).json();
    const edited = await t.put(`${url}/${one.id}`, content.headers, fixed(sku, { unit_cents: 99 }));
    expect(edited.json()).toMatchObject({ id: one.id, unit_cents: 99 });
    const clash = await t.put(`${url}/${one.id}`, content.headers, fixed(sku, { min_packs: 10 }));
    expect(clash.statusCode).toBe(409);
    expect((await t.delete(`${url}/${two.id}`, content.headers)).statusCode).toBe(200);
    expect((await t.delete(`${url}/${two.id}`, content.headers)).statusCode).toBe(404);
    const audit = await auditedAs('price_list', list.id, [
      'price_list.create',
      'price_list.entry_add',
      'price_list.entry_add',
      'price_list.entry_edit',
      'price_list.entry_remove',
    ]);
    expect(audit[3].before).toMatchObject({ unit_cents: 199 });
    expect(audit[3].after).toMatchObject({ unit_cents: 99 });
  });
});

describe('assignments and customer groups', () => {
  it('gives a list to a customer by code and to a group, refuses twice, another currency and unknowns', async () => {
    const customer = await t.signIn({ country: 'ca', customerCode: 'PRC001', companyName: 'Acme' });
    await t.signIn({ country: 'us', customerCode: 'PRC002' });
    const list = await newList('Given');
    const url = `${LISTS}/${list.id}/assignments`;
    const given = await t.post(url, content.headers, { customer_code: 'prc001' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().assignments).toEqual([
      expect.objectContaining({
        assignee: 'customer',
        customer_id: customer.userId,
        label: 'PRC001 — Acme',
      }),
    ]);
    const again = await t.post(url, content.headers, { customer_code: 'PRC001' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reason.key).toBe('PRICE_LIST_ALREADY_GIVEN');
    const usd = await t.post(url, content.headers, { customer_code: 'PRC002' });
    expect(usd.statusCode).toBe(400);
    expect(usd.json().error).toMatchObject({
      fields: { customer_code: expect.any(String) },
      reason: { key: 'PRICE_LIST_CURRENCY_MISMATCH' },
    });
    const nobody = await t.post(url, content.headers, { customer_code: 'NOPE' });
    expect(nobody.json().error.reason.key).toBe('PRICE_CUSTOMER_UNKNOWN');
    const both = await t.post(url, content.headers, { customer_code: 'PRC001', group_id: 1 });
    expect(both.statusCode).toBe(400);

    const group = (
      await t.post('/api/admin/customer-groups', content.headers, { name: 'Chains' })
    ).json();
    expect(group).toMatchObject({ name: 'Chains', members: 0, lists: 0 });
    const toGroup = await t.post(url, content.headers, { group_id: group.id });
    expect(toGroup.json().assignments).toHaveLength(2);
    const noGroup = await t.post(url, content.headers, { group_id: 999999 });
    expect(noGroup.json().error).toMatchObject({ fields: { group_id: expect.any(String) } });
    const assignment = toGroup.json().assignments.find((a: { group_id: number }) => a.group_id);
    const removed = await t.delete(`${url}/${assignment.id}`, content.headers);
    expect(removed.json().assignments).toHaveLength(1);
    expect((await t.delete(`${url}/${assignment.id}`, content.headers)).statusCode).toBe(404);
    const found = (await t.get('/api/admin/pricing/customers?q=prc00', content.headers)).json();
    expect(found.customers.map((c: { customer_code: string }) => c.customer_code)).toEqual([
      'PRC001',
      'PRC002',
    ]);
  });

  it('keeps groups and their members, audited, with 409 on a used name and a second membership', async () => {
    await t.signIn({ country: 'ca', customerCode: 'GRP001' });
    const groups = '/api/admin/customer-groups';
    const group = (await t.post(groups, content.headers, { name: 'Buying group' })).json();
    expect((await t.post(groups, content.headers, { name: 'Buying group' })).statusCode).toBe(409);
    const renamed = await t.patch(`${groups}/${group.id}`, content.headers, { name: 'Co-op' });
    expect(renamed.json().name).toBe('Co-op');
    const added = await t.post(`${groups}/${group.id}/members`, content.headers, {
      customer_code: 'GRP001',
    });
    expect(added.json().members).toEqual([expect.objectContaining({ customer_code: 'GRP001' })]);
    const twice = await t.post(`${groups}/${group.id}/members`, content.headers, {
      customer_code: 'GRP001',
    });
    expect(twice.statusCode).toBe(409);
    const memberId = added.json().members[0].id;
    expect((await t.get(groups, content.headers)).json().groups).toContainEqual(
      expect.objectContaining({ id: group.id, members: 1 }),
    );
    const out = await t.delete(`${groups}/${group.id}/members/${memberId}`, content.headers);
    expect(out.json().members).toEqual([]);
    expect((await t.delete(`${groups}/${group.id}`, content.headers)).statusCode).toBe(200);
    expect((await t.get(`${groups}/${group.id}/members`, content.headers)).statusCode).toBe(404);
    await auditedAs('customer_group', group.id, [
      'customer_group.create',
      'customer_group.rename',
      'customer_group.member_add',
      'customer_group.member_remove',
      'customer_group.delete',
    ]);
  });
});

describe('what the screens write is what the engine reads', () => {
  it("a customer's entries: given directly or through a group, active lists of their currency only", async () => {
    const customer = await t.signIn({ country: 'ca', customerCode: 'ENG001' });
    const { rows } = await t.handle.db.execute<{ id: number }>(
      sql`SELECT id FROM products WHERE product_id = ${sku}`,
    );
    const productId = rows[0].id;
    const own = await newList('Engine own');
    await t.post(`${LISTS}/${own.id}/entries`, content.headers, fixed(sku, { unit_cents: 90 }));
    await t.post(`${LISTS}/${own.id}/assignments`, content.headers, { customer_code: 'ENG001' });
    const viaGroup = await newList('Engine group');
    await t.post(
      `${LISTS}/${viaGroup.id}/entries`,
      content.headers,
      percentOff('brand', brand, 800),
    );
    const group = (
      await t.post('/api/admin/customer-groups', content.headers, { name: 'Engine group' })
    ).json();
    await t.post(`/api/admin/customer-groups/${group.id}/members`, content.headers, {
      customer_code: 'ENG001',
    });
    await t.post(`${LISTS}/${viaGroup.id}/assignments`, content.headers, { group_id: group.id });
    const read = () =>
      selectCustomerPriceEntries(t.handle.db, {
        customerId: customer.userId,
        currency: 'CAD',
        productIds: [productId],
        brands: [brand],
        categoryIds: [],
        day: '2026-11-28',
      });
    expect((await read()).map((e) => [e.listName, e.assignee, e.target])).toEqual([
      ['Engine own', 'customer', { kind: 'product', productId }],
      ['Engine group', 'group', { kind: 'brand', brand }],
    ]);
    await t.patch(`${LISTS}/${viaGroup.id}`, content.headers, { active: false });
    expect((await read()).map((e) => e.listName)).toEqual(['Engine own']);
  });
});
