import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiskFileStore } from '../../lib/file-store';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('images', () => {
  let t: TestApp;
  let productId: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: { products: 40 }, ownDataDir: true });
    const result = await t.handle.db.execute<{ product_id: string }>(
      sql`select product_id from products order by id limit 1`,
    );
    productId = result.rows[0]!.product_id;
  });
  afterAll(() => t.close());

  it('generates a product swatch as a cacheable JPEG and stores it', async () => {
    const res = await t.get(`/images/products/${productId}.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    // A product's first picture may change (decision 022): a minute, then revalidated by ETag.
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toMatch(/^"[\w-]{22}"$/);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 260, height: 280 });
    const stored = await fs.readFile(
      path.join(t.config.dataDir, 'files', 'images', 'products', `${productId}.jpg`),
    );
    expect(stored.equals(res.rawPayload)).toBe(true);

    const again = await t.get(`/images/products/${productId}.jpg`);
    expect(again.headers.etag).toBe(res.headers.etag);
    const notModified = await t.get(`/images/products/${productId}.jpg`, {
      'if-none-match': res.headers.etag as string,
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload).toHaveLength(0);
  });

  it('serves a stored picture before generating one (uploads replace swatches)', async () => {
    const other = await t.handle.db.execute<{ product_id: string }>(
      sql`select product_id from products order by id offset 1 limit 1`,
    );
    const code = other.rows[0]!.product_id;
    const custom = await sharp({
      create: { width: 10, height: 10, channels: 3, background: '#00ff00' },
    })
      .jpeg()
      .toBuffer();
    await new DiskFileStore(path.join(t.config.dataDir, 'files')).put(
      `images/products/${code}.jpg`,
      custom,
    );
    const res = await t.get(`/images/products/${code}.jpg`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(custom)).toBe(true);
  });

  it('answers a JSON 404 for an unknown product, which the web replaces by its placeholder', async () => {
    const res = await t.get('/images/products/ZZ-00000.jpg');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ status: false, error: { code: 'NOT_FOUND' } });
    expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('refuses path traversal and odd names without touching the disk', async () => {
    await fs.writeFile(path.join(t.config.dataDir, 'secret.jpg'), 'secret');
    for (const url of [
      '/images/products/..%2Fsecret.jpg',
      '/images/products/..%2F..%2Fsecret.jpg',
      '/images/products/%2e%2e%2Fsecret.jpg',
      '/images/products/..%5Csecret.jpg',
      `/images/products/${productId}.png`,
      `/images/products/${productId}`,
      '/images/products/.jpg',
      '/images/classes/..%2F..%2Fsecret.png',
      '/images/categories/..%2Fsecret.jpg',
      '/images/gallery/..%2Fsecret.jpg',
      '/images/gallery/0.jpg',
      '/images/gallery/12.png',
      '/images/gallery/999999.jpg',
    ]) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('secret');
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
  });

  it('draws a PNG badge per class code and 404s an unknown class', async () => {
    const res = await t.get('/images/classes/F.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // Staff may upload a new badge (decision 033): revalidated, not immutable.
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('png');
    expect((await t.get('/images/classes/Q.png')).statusCode).toBe(404);
    expect((await t.get('/images/classes/F.jpg')).statusCode).toBe(404);
  });

  it('draws a tile per category code', async () => {
    const res = await t.get('/images/categories/BT.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const sub = await t.get('/images/categories/BT-WD-15.jpg');
    expect(sub.statusCode).toBe(200);
    expect((await t.get('/images/categories/NOPE.jpg')).statusCode).toBe(404);
  });
});
