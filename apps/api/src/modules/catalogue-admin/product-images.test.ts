import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '@wholesale/contract';
import { createFileStore } from '../../lib/file-store';
import { auditRowsFor } from '../../test/audit-rows';
import { multipart } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

/* A product's ordered pictures (docs/decisions/022-product-images.md). */

let t: TestApp;
let staff: Record<string, string>;
let buyer: Record<string, string>;
let sku: string;
let productId: number;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 20 }, ownDataDir: true });
  staff = (await t.signIn({ role: 'staff', staffRoles: ['content'] })).headers;
  buyer = (await t.signIn({ country: 'ca' })).headers;
  const rows = (await t.handle.db.execute(
    sql`SELECT p.id, p.product_id FROM products p
        JOIN product_prices pp ON pp.product_id = p.id AND pp.country = 'ca'
        WHERE p.active ORDER BY p.id LIMIT 1`,
  )) as unknown as { rows: { id: number; product_id: string }[] };
  sku = rows.rows[0].product_id.trim();
  productId = rows.rows[0].id;
});
afterAll(() => t.close());

const URL = '/api/admin/products';
const picture = (background: string, format: 'png' | 'webp' | 'jpeg' = 'png') =>
  sharp({ create: { width: 8, height: 6, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
const upload = (
  data: Buffer,
  headers = staff,
  options: { name?: string; field?: string; code?: string } = {},
) => {
  const form = multipart([
    {
      name: options.field ?? 'image',
      filename: options.name ?? 'photo.png',
      contentType: 'image/png',
      data,
    },
  ]);
  return t.post(
    `${URL}/${options.code ?? sku}/images`,
    { ...form.headers, ...headers },
    form.payload,
  );
};
const reorder = (ids: unknown, headers = staff) =>
  t.put(`${URL}/${sku}/images/order`, headers, { ids });
const remove = (id: number, headers = staff) => t.delete(`${URL}/${sku}/images/${id}`, headers);
const ids = async (): Promise<number[]> =>
  (await t.get(`${URL}/${sku}`, staff)).json().images.map((i: { id: number }) => i.id);
const storefrontImages = async (): Promise<string[]> =>
  (await t.get(`/api/productDescription?product_id=${sku}&country=ca&lang=fr`, buyer)).json().data
    .images;
const thumbnail = () => t.get(`/images/products/${sku}.jpg`);
const store = () => createFileStore(t.config);

/** Resolves with the first catalogue notification naming this product (the change feed). */
const feedNamesProduct = () =>
  new Promise<string>((resolve) =>
    t.app.changeFeed.subscribe('ws_catalogue', (payload) => {
      if (payload === 'f:*' || payload.split(/[:,]/).includes(String(productId))) resolve(payload);
    }),
  );

describe('product pictures', () => {
  it('adds pictures in order, stores them as JPEG, and the storefront follows at once', async () => {
    // The product page is read (and cached) before the change.
    expect(await storefrontImages()).toEqual([]);
    const generated = (await thumbnail()).rawPayload;
    const notified = feedNamesProduct();

    const first = await upload(await picture('#0c0'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().images).toEqual([
      {
        id: expect.any(Number),
        url: expect.stringMatching(/^\/images\/gallery\/\d+\.jpg$/),
        width: 8,
        height: 6,
      },
    ]);
    await notified;
    const second = await upload(await picture('#00c', 'webp'), staff, { name: 'b.webp' });
    expect(second.statusCode, second.body).toBe(200);
    const [a, b] = second.json().images.map((i: { id: number }) => i.id);
    expect(await storefrontImages()).toEqual([
      `/images/gallery/${a}.jpg`,
      `/images/gallery/${b}.jpg`,
    ]);

    const gallery = await t.get(`/images/gallery/${b}.jpg`);
    expect(gallery.statusCode).toBe(200);
    expect(gallery.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(gallery.rawPayload).metadata()).format).toBe('jpeg');
    // The first picture is what listings, cards and carts show under the SKU.
    const thumb = await thumbnail();
    expect(thumb.headers['cache-control']).toBe('public, max-age=60');
    expect(thumb.rawPayload.equals(generated)).toBe(false);
    expect(thumb.rawPayload.equals((await store().get(`images/gallery/${a}.jpg`))!)).toBe(true);
    expect((await auditRowsFor(t.handle.db, 'product', sku)).map((r) => r.action)).toEqual([
      'product.image_add',
      'product.image_add',
    ]);
  });

  it('refuses what is not a picture, too large a file or a missing part, naming the image field', async () => {
    const before = await ids();
    const pdf = await upload(Buffer.from('%PDF-1.4 not a picture'), staff, { name: 'photo.png' });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { image: 'image must be a JPEG, PNG or WebP picture' },
    });
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.json().error.fields.image).toBe('image must be a JPEG, PNG or WebP picture');
    const big = await upload(Buffer.alloc(PRODUCT_IMAGE_MAX_BYTES + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.fields.image).toBe('image must be at most 10 MB');
    const wrongField = await upload(await picture('#c00'), staff, { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.fields.image).toBe(
      'image is required: choose a picture to upload',
    );
    const json = await t.post(`${URL}/${sku}/images`, staff, { image: 'x' });
    expect(json.statusCode).toBe(400);
    expect(Object.keys(json.json().error.fields)).toEqual(['image']);
    const unknown = await upload(await picture('#c00'), staff, { code: 'NO-SUCH-SKU' });
    expect(unknown.statusCode).toBe(404);
    expect(await ids()).toEqual(before);
  });

  it('reorders all or nothing: the new first becomes the thumbnail', async () => {
    const [a, b] = await ids();
    const notified = feedNamesProduct();
    const res = await reorder([b, a]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().images.map((i: { id: number }) => i.id)).toEqual([b, a]);
    await notified;
    expect(await storefrontImages()).toEqual([
      `/images/gallery/${b}.jpg`,
      `/images/gallery/${a}.jpg`,
    ]);
    expect(
      (await thumbnail()).rawPayload.equals((await store().get(`images/gallery/${b}.jpg`))!),
    ).toBe(true);

    for (const bad of [[b], [b, b], [b, a, 999999], [a, 999999]]) {
      const refused = await reorder(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().error.fields).toEqual({
        ids: "ids must list each of the product's pictures exactly once",
      });
    }
    const shape = await reorder('1,2');
    expect(shape.statusCode).toBe(400);
    expect(Object.keys(shape.json().error.fields)).toEqual(['ids']);
    expect(await ids()).toEqual([b, a]);
  });

  it('deletes one picture, then the last (the generated swatch returns), and 404s an unknown one', async () => {
    const [b, a] = await ids();
    const notified = feedNamesProduct();
    const res = await remove(b);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().images.map((i: { id: number }) => i.id)).toEqual([a]);
    await notified;
    expect(await storefrontImages()).toEqual([`/images/gallery/${a}.jpg`]);
    expect(await store().get(`images/gallery/${b}.jpg`)).toBeNull();
    expect((await t.get(`/images/gallery/${b}.jpg`)).statusCode).toBe(404);
    expect(
      (await thumbnail()).rawPayload.equals((await store().get(`images/gallery/${a}.jpg`))!),
    ).toBe(true);
    expect((await remove(b)).statusCode).toBe(404);
    expect((await remove(a)).json().images).toEqual([]);
    expect(await storefrontImages()).toEqual([]);
    const swatch = await thumbnail();
    expect(swatch.statusCode).toBe(200);
    expect((await sharp(swatch.rawPayload).metadata()).width).toBe(260);
  });

  it(`holds at most ${PRODUCT_IMAGES_MAX} pictures`, async () => {
    const png = await picture('#888');
    for (let i = 0; i < PRODUCT_IMAGES_MAX; i += 1)
      expect((await upload(png)).statusCode).toBe(200);
    const over = await upload(png);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields.image).toBe(
      `image: a product holds at most ${PRODUCT_IMAGES_MAX} pictures; delete one first`,
    );
    expect(await ids()).toHaveLength(PRODUCT_IMAGES_MAX);
  });

  it('lets only content staff and admins change pictures', async () => {
    const [first] = await ids();
    const orders = (await t.signIn({ role: 'staff', staffRoles: ['orders'] })).headers;
    const admin = (await t.signIn({ role: 'staff', staffRoles: ['admin'] })).headers;
    const png = await picture('#123');
    for (const [headers, status] of [
      [{}, 401],
      [buyer, 403],
      [orders, 403],
    ] as const) {
      expect((await upload(png, headers)).statusCode).toBe(status);
      expect((await reorder([first], headers)).statusCode).toBe(status);
      expect((await remove(first, headers)).statusCode).toBe(status);
    }
    expect((await remove(first, admin)).statusCode).toBe(200);
  });
});
