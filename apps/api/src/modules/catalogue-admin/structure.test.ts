import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor } from '../../test/audit-rows';
import { multipart } from '../../test/multipart';
import { erpBearer } from '../../test/erp-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signInContentDeskPeople } from '../../test/content-desk-people';

let t: TestApp;
let content: { userId: number; headers: Record<string, string> };
let orders: Record<string, string>;
let buyer: Record<string, string>;
const URL = '/api/admin/catalogue';

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 20 }, ownDataDir: true });
  ({ content, orders, buyer } = await signInContentDeskPeople(t, 'cat@example.com'));
});
afterAll(() => t.close());

type Cat = { id: number; code: string; level: number; parent_id: number | null; products: number };
const categories = async (): Promise<Cat[]> =>
  (await t.get(`${URL}/categories`, content.headers)).json().categories;
const addCategory = (body: object, headers = content.headers) =>
  t.post(`${URL}/categories`, headers, body);
const names = (en: string) => ({ name_en: en, name_fr: `${en} fr`, name_es: `${en} es` });

describe('catalogue structure: categories', () => {
  it('creates three levels, refuses a fourth, and lists them with what they hold', async () => {
    const top = await addCategory({ code: ' kt ', ...names('Knitting') });
    expect(top.statusCode, top.body).toBe(200);
    expect(top.json()).toMatchObject({ code: 'KT', level: 1, parent_id: null, hidden: false });
    const sub = (
      await addCategory({ code: 'KT-NE', parent_id: top.json().id, ...names('Needles') })
    ).json();
    expect(sub).toMatchObject({ level: 2, parent_id: top.json().id });
    const leaf = (
      await addCategory({ code: 'KT-NE-4', parent_id: sub.id, ...names('4 mm') })
    ).json();
    expect(leaf.level).toBe(3);
    const deeper = await addCategory({
      code: 'KT-NE-4-X',
      parent_id: leaf.id,
      ...names('Too deep'),
    });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().error).toMatchObject({
      fields: { parent_id: expect.any(String) },
      reason: { key: 'CATEGORY_TOO_DEEP' },
    });
    const listed = await categories();
    expect(listed.find((c) => c.code === 'KT')).toMatchObject({ children: 1, products: 0 });
    const audit = await auditRowsFor(t.handle.db, 'category', 'KT');
    expect(audit).toEqual([
      expect.objectContaining({ actor_user_id: content.userId, action: 'category.create' }),
    ]);
  });

  it('refuses bad codes, missing names and duplicates, naming the field', async () => {
    const bad = await addCategory({ code: 'a b!', ...names('Bad') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('code');
    expect(bad.json().error.reason).toEqual({ key: 'CODE_INVALID', params: { field: 'code' } });
    const noName = await addCategory({ code: 'NN', name_en: ' ', name_fr: 'x', name_es: 'x' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.reason).toEqual({
      key: 'FIELD_REQUIRED',
      params: { field: 'name_en' },
    });
    const existing = (await categories())[0];
    const dup = await addCategory({ code: existing.code.toLowerCase(), ...names('Dup') });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      fields: { code: expect.stringContaining(existing.code) },
      reason: { key: 'CODE_TAKEN', params: { code: existing.code } },
    });
  });

  it('renames in three languages, hides, and the storefront tree follows at once', async () => {
    const kt = (await categories()).find((c) => c.code === 'KT')!;
    const renamed = await t.patch(`${URL}/categories/${kt.id}`, content.headers, {
      name_fr: 'Tricot',
      hidden: true,
    });
    expect(renamed.json()).toMatchObject({ name_fr: 'Tricot', name_en: 'Knitting', hidden: true });
    const tree = (await t.get('/api/categories?lang=fr', buyer)).json();
    const found = JSON.stringify(tree);
    expect(found).toContain('Tricot');
    const audit = await auditRowsFor(t.handle.db, 'category', 'KT');
    expect(audit.at(-1)).toMatchObject({
      action: 'category.update',
      before: { name_fr: 'Knitting fr', hidden: false },
      after: { name_fr: 'Tricot', hidden: true },
    });
  });

  it('moves a category up and down among its siblings only', async () => {
    const tops = (await categories()).filter((c) => c.level === 1);
    const last = tops.at(-1)!;
    const up = await t.post(`${URL}/categories/${last.id}/move`, content.headers, {
      direction: 'up',
    });
    const after = (up.json().categories as Cat[]).filter((c) => c.level === 1);
    expect(after.map((c) => c.id)).toEqual([
      ...tops.slice(0, -2).map((c) => c.id),
      last.id,
      tops.at(-2)!.id,
    ]);
    const first = after[0];
    const stay = await t.post(`${URL}/categories/${first.id}/move`, content.headers, {
      direction: 'up',
    });
    expect((stay.json().categories as Cat[]).filter((c) => c.level === 1)[0].id).toBe(first.id);
    const bad = await t.post(`${URL}/categories/${first.id}/move`, content.headers, {
      direction: 'sideways',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('retires: refuses one with sub-categories, asks where its products go, moves them in one go', async () => {
    const all = await categories();
    const withChildren = all.find((c) => c.code === 'KT')!;
    const refused = await t.post(
      `${URL}/categories/${withChildren.id}/retire`,
      content.headers,
      {},
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.reason.key).toBe('CATEGORY_HAS_CHILDREN');

    const holding = all.find((c) => c.products > 0)!;
    const asked = await t.post(`${URL}/categories/${holding.id}/retire`, content.headers, {});
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.reason).toEqual({
      key: 'STRUCTURE_IN_USE',
      params: { code: holding.code, count: holding.products },
    });
    const otherLevel = all.find((c) => c.level !== holding.level)!;
    const wrong = await t.post(`${URL}/categories/${holding.id}/retire`, content.headers, {
      move_to: otherLevel.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('move_to');
    const target = all.find((c) => c.level === holding.level && c.id !== holding.id)!;
    const done = await t.post(`${URL}/categories/${holding.id}/retire`, content.headers, {
      move_to: target.id,
    });
    expect(done.json()).toEqual({ moved: holding.products, to: target.code });
    const left = await categories();
    expect(left.find((c) => c.id === holding.id)).toBeUndefined();
    expect(left.find((c) => c.id === target.id)!.products).toBe(target.products + holding.products);
    const audit = await auditRowsFor(t.handle.db, 'category', holding.code);
    expect(audit.at(-1)).toMatchObject({
      action: 'category.retire',
      after: { retired: true, moved: holding.products, to: target.code },
    });
    // An empty leaf goes without a target.
    const leaf = left.find((c) => c.code === 'KT-NE-4')!;
    const gone = await t.post(`${URL}/categories/${leaf.id}/retire`, content.headers, {});
    expect(gone.json()).toEqual({ moved: 0, to: null });
  });
});

describe('catalogue structure: classes and brands', () => {
  it('creates a class, uploads its badge, and retires it moving its products', async () => {
    const created = await t.post(`${URL}/classes`, content.headers, {
      code: 'z9',
      label_en: 'Last chance',
      label_fr: 'Dernière chance',
      label_es: 'Última oportunidad',
      color: '#AA0000',
    });
    expect(created.json()).toMatchObject({
      code: 'Z9',
      color: '#aa0000',
      badge_url: expect.any(String),
    });
    const badCode = await t.post(`${URL}/classes`, content.headers, {
      code: 'TOOLONG',
      label_en: 'x',
      label_fr: 'x',
      label_es: 'x',
    });
    expect(badCode.json().error.reason).toEqual({
      key: 'CLASS_CODE_INVALID',
      params: { field: 'code' },
    });
    const dup = await t.post(`${URL}/classes`, content.headers, {
      code: 'Z9',
      label_en: 'x',
      label_fr: 'x',
      label_es: 'x',
    });
    expect(dup.statusCode).toBe(409);

    const png = await sharp({
      create: { width: 300, height: 100, channels: 3, background: '#0a0' },
    })
      .png()
      .toBuffer();
    const form = multipart([
      { name: 'badge', filename: 'z9.png', contentType: 'image/png', data: png },
    ]);
    const uploaded = await t.inject({
      method: 'PUT',
      url: `${URL}/classes/Z9/badge`,
      headers: { ...content.headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const badge = await t.get('/images/classes/Z9.png');
    expect(await sharp(badge.rawPayload).metadata()).toMatchObject({ width: 160, format: 'png' });
    const notPicture = multipart([
      { name: 'badge', filename: 'z9.png', contentType: 'image/png', data: Buffer.from('nope') },
    ]);
    const refused = await t.inject({
      method: 'PUT',
      url: `${URL}/classes/Z9/badge`,
      headers: { ...content.headers, ...notPicture.headers },
      payload: notPicture.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('badge');

    await t.handle.db.execute(
      sql`UPDATE products SET class_code = 'Z9' WHERE id IN (SELECT id FROM products ORDER BY id LIMIT 2)`,
    );
    const asked = await t.post(`${URL}/classes/Z9/retire`, content.headers, {});
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.reason.params).toEqual({ code: 'Z9', count: 2 });
    const done = await t.post(`${URL}/classes/Z9/retire`, content.headers, { move_to: 'F' });
    expect(done.json()).toEqual({ moved: 2, to: 'F' });
    expect((await t.get('/images/classes/Z9.png')).statusCode).toBe(404);
    const audit = await auditRowsFor(t.handle.db, 'product_class', 'Z9');
    expect(audit.map((a) => a.action)).toEqual([
      'product_class.create',
      'product_class.badge',
      'product_class.retire',
    ]);
  });

  it('keeps brands: the ones products carry are listed; renaming follows on products; retire moves them', async () => {
    const listed = (await t.get(`${URL}/brands`, content.headers)).json().brands as {
      id: number;
      code: string;
      name: string;
      products: number;
    }[];
    const created = await t.post(`${URL}/brands`, content.headers, { code: 'NOVA', name: 'Nova' });
    expect(created.json()).toMatchObject({ code: 'NOVA', name: 'Nova', products: 0 });
    const dupName = await t.post(`${URL}/brands`, content.headers, { code: 'NOVA2', name: 'nova' });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.json().error.fields).toHaveProperty('name');
    await t.handle.db.execute(
      sql`UPDATE products SET brand = 'Nova' WHERE id IN (SELECT id FROM products ORDER BY id LIMIT 3)`,
    );
    const renamed = await t.patch(`${URL}/brands/${created.json().id}`, content.headers, {
      name: 'Nova Co',
    });
    expect(renamed.json()).toMatchObject({ name: 'Nova Co', products: 3 });
    const target =
      listed[0] ??
      (await t.post(`${URL}/brands`, content.headers, { code: 'B2', name: 'B2' })).json();
    const done = await t.post(`${URL}/brands/${created.json().id}/retire`, content.headers, {
      move_to: target.id,
    });
    expect(done.json()).toEqual({ moved: 3, to: target.code });
  });
});

describe('catalogue structure: who may call', () => {
  it('answers 401 to guests, 403 to buyers and other staff, and takes a token with catalogue:write only', async () => {
    expect((await t.get(`${URL}/categories`)).statusCode).toBe(401);
    expect((await t.get(`${URL}/categories`, buyer)).statusCode).toBe(403);
    expect((await addCategory({ code: 'OO', ...names('O') }, orders)).statusCode).toBe(403);
    const reader = await erpBearer(t, ['orders:read']);
    expect((await addCategory({ code: 'TK', ...names('Token') }, reader)).statusCode).toBe(403);
    const writer = await erpBearer(t, ['catalogue:write']);
    const made = await addCategory({ code: 'TK', ...names('Token') }, writer);
    expect(made.statusCode, made.body).toBe(200);
    const [row] = await auditRowsFor(t.handle.db, 'category', 'TK');
    expect(row).toMatchObject({ actor_user_id: null, action: 'category.create' });
  });
});
