import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';
import { PRODUCTION_TEST_ENV } from './test/production-env';
import { ConfigError, loadConfig } from './config';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('platform', () => {
  it('GET /api/health checks the database', async () => {
    const res = await t.get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, database: t.handle.kind });
  });

  it('answers a JSON 404 for an unknown /api path', async () => {
    const res = await t.get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ status: false, error: { code: 'ROUTE_NOT_FOUND' } });
  });

  it('answers 400 MALFORMED_JSON for a broken JSON body, without a stack trace', async () => {
    const res = await t.post('/api/health', { 'content-type': 'application/json' }, '{"a":');
    expect([400, 404]).toContain(res.statusCode);
    const body = res.json();
    expect(body.status).toBe(false);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('serves an OpenAPI document at /api/docs/json', async () => {
    const res = await t.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/categories');
  });

  it('names the field of a bad query parameter', async () => {
    const res = await t.get('/api/categories?lang=xx');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: false,
      error: { code: 'VALIDATION_FAILED', fields: { lang: expect.any(String) } },
    });
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await t.get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it("sends every header of helmet's set, on every answer", async () => {
    // The headers are recorded from helmet once at start (plugins/security.ts): none may go missing.
    for (const url of ['/api/health', '/api/categories?lang=xx', '/api/cart']) {
      const res = await t.get(url);
      expect(res.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-frame-options': 'SAMEORIGIN',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('configuration', () => {
  it('names every bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', APP_ENCRYPTION_KEY: 'short' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/PORT/);
      expect(String((error as Error).message)).toMatch(/DATABASE_URL/);
    }
  });
  it('loads demo data by default except in production', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig(PRODUCTION_TEST_ENV).demoData).toBe(false);
    expect(loadConfig({ ...PRODUCTION_TEST_ENV, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });
});
