import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, classCodes, productPrices, products } from '../../db/schema';
import { invalidateCatalogueCaches } from './catalogue.caches';
import { insertWoodenButtons } from '../../test/catalogue-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.handle.db;
  const { wd: wood } = await insertWoodenButtons(db);
  await db.insert(classCodes).values([
    { code: 'F', labelEn: 'New', labelFr: 'Nouveau', labelEs: 'Nuevo' },
    { code: 'N', labelEn: 'Coming soon', labelFr: 'Bientôt', labelEs: 'Próximamente' },
  ]);
  const inserted = await db
    .insert(products)
    .values([
      { productId: 'BT-1', classCode: 'F', categoryId: wood.id },
      { productId: 'BT-2', classCode: 'F', categoryId: wood.id },
      { productId: 'BT-3', classCode: 'N', categoryId: wood.id },
    ])
    .returning();
  await db.insert(productPrices).values([
    ...inserted.map((p) => ({
      productId: p.id,
      country: 'ca' as const,
      retailPriceCents: 500,
      sellingPriceCents: 300,
    })),
    {
      productId: inserted[0].id,
      country: 'us' as const,
      retailPriceCents: 400,
      sellingPriceCents: 250,
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/categories (docs/product/catalogue.md)', () => {
  it('answers the French tree with sub and sub-sub categories', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/categories?lang=fr' });
    expect(res.statusCode).toBe(200);
    const [root] = res.json().data;
    expect(root).toMatchObject({ name: 'Buttons', category: 'Boutons', cat_code: 'BT' });
    expect(root.sub_cate[0]).toMatchObject({
      sub_cate: 'Boutons en bois',
      category: 'Boutons',
      cat_code: 'BT-WD',
    });
    expect(root.sub_cate[0].sub_subCat[0]).toMatchObject({
      sub_subCat: '15 mm',
      cat_code: 'BT-WD-15',
    });
  });

  it('flags what staff hid (the menu leaves it out) and nothing else', async () => {
    await t.handle.db.insert(categories).values({
      level: 1,
      catCode: 'HD',
      nameEn: 'Hid',
      nameFr: 'Cachée',
      nameEs: 'Oculta',
      hidden: true,
    });
    invalidateCatalogueCaches(t.app.catalogue.caches);
    const data = (await t.inject({ method: 'GET', url: '/api/categories' })).json().data as {
      cat_code: string;
      hidden?: boolean;
    }[];
    expect(data.find((c) => c.cat_code === 'HD')?.hidden).toBe(true);
    expect(data.find((c) => c.cat_code === 'BT')).not.toHaveProperty('hidden');
    await t.handle.db.delete(categories).where(eq(categories.catCode, 'HD'));
    invalidateCatalogueCaches(t.app.catalogue.caches);
  });

  it('counts New/Clear/Sale/Soon per country', async () => {
    const ca = (await t.inject({ method: 'GET', url: '/api/categories' })).json().data[0];
    expect(ca).toMatchObject({ New: 2, Soon: 1, Clear: 0, Sale: 0 });
    const us = (await t.inject({ method: 'GET', url: '/api/categories?country=us' })).json()
      .data[0];
    expect(us).toMatchObject({ New: 1, Soon: 0 });
  });

  it("treats an empty lang as English and 'sp' as Spanish", async () => {
    expect(
      (await t.inject({ method: 'GET', url: '/api/categories?lang=' })).json().data[0].category,
    ).toBe('Buttons');
    expect(
      (await t.inject({ method: 'GET', url: '/api/categories?lang=sp' })).json().data[0].category,
    ).toBe('Botones');
  });
});
