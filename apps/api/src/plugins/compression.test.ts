import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogueFixtures } from '../test/catalogue-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Nothing big leaves uncompressed: API answers above 1 KB are compressed on the fly (brotli or gzip,
 * as the browser accepts), and the SPA's files are served from the .br/.gz copies the build wrote.
 */
let t: TestApp;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const tinyName = 'skeleton-abc123.js';
const tinyScript = 'export{a as S}from"./index-abc123.js";';

beforeAll(async () => {
  const file = 'assets/index-abc123.js';
  t = await createTestApp({
    webBuild: {
      'index.html': '<!doctype html><div id="root"></div>',
      [file]: script,
      [`${file}.br`]: zlib.brotliCompressSync(script),
      [`${file}.gz`]: zlib.gzipSync(script),
      // The build writes no copy where compression does not pay (apps/web/vite.config.ts).
      [`assets/${tinyName}`]: tinyScript,
    },
  });
  await insertCatalogueFixtures(t);
});
afterAll(() => t?.close());

const listing = '/api/cadProducts?category=Buttons&lang=en&pagination=50';

describe('API answers', () => {
  it('are compressed with brotli or gzip when accepted, and decode to the same JSON', async () => {
    const plain = await t.inject({ method: 'GET', url: listing });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await t.inject({
      method: 'GET',
      url: listing,
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 2);

    const gz = await t.inject({
      method: 'GET',
      url: listing,
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('are left alone below 1 KB', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('the SPA files', () => {
  const asset = '/assets/index-abc123.js';

  it('are served from the pre-compressed copy the browser accepts', async () => {
    const br = await t.inject({
      method: 'GET',
      url: asset,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await t.inject({
      method: 'GET',
      url: asset,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.inject({ method: 'GET', url: asset });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('without a compressed copy go as they are, with their length, never compressed per request', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/assets/${tinyName}`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(tinyScript)));
    expect(res.body).toBe(tinyScript);
  });

  it('carry no document-only headers, but keep nosniff and the resource policy', async () => {
    const res = await t.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    for (const header of ['content-security-policy', 'x-frame-options', 'etag', 'last-modified']) {
      expect(res.headers[header], header).toBeUndefined();
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    const page = await t.inject({ method: 'GET', url: '/products' });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBeDefined();
  });
});
