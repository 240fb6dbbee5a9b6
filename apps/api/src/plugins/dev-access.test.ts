import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { isLoopback } from './dev-access';

const REMOTE = '203.0.113.7';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ webBuild: { 'index.html': '<!doctype html><div id="root"></div>' } });
});
afterAll(() => t?.close());

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['1270::1', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});

describe('development tools answer only this machine and staff', () => {
  it('serves the mailbox to a caller on this machine', async () => {
    const res = await t.get('/api/dev/mailbox');
    expect(res.statusCode).toBe(200);
  });

  it('answers 404, as for a missing path, to anyone else — a forged X-Forwarded-For included', async () => {
    for (const url of ['/api/dev/mailbox', '/api/dev/mailbox/1']) {
      const res = await t.inject({
        method: 'GET',
        url,
        remoteAddress: REMOTE,
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, error: { code: 'ROUTE_NOT_FOUND' } });
    }
    const product = await t.inject({
      method: 'POST',
      url: '/api/dev/products',
      remoteAddress: REMOTE,
      payload: {},
    });
    expect(product.statusCode).toBe(404);
  });

  it('refuses a signed-in customer from elsewhere and serves signed-in staff', async () => {
    const customer = await t.signIn();
    const staff = await t.signIn({ role: 'staff' });
    const fromElsewhere = (headers: Record<string, string>) =>
      t.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: REMOTE, headers });
    expect((await fromElsewhere(customer.headers)).statusCode).toBe(404);
    const asStaff = await fromElsewhere(staff.headers);
    expect(asStaff.statusCode).toBe(200);
  });

  it('hides the mailbox page the same way (staff by their session cookie)', async () => {
    const page = (remoteAddress: string, cookie?: string) =>
      t.inject({
        method: 'GET',
        url: '/dev/mailbox?id=3',
        remoteAddress,
        headers: cookie ? { cookie: `sid=${cookie}` } : {},
      });
    expect((await page('127.0.0.1')).statusCode).toBe(200);
    expect((await page(REMOTE)).statusCode).toBe(404);
    expect((await page(REMOTE, (await t.signIn()).token)).statusCode).toBe(404);
    expect((await page(REMOTE, (await t.signIn({ role: 'staff' })).token)).statusCode).toBe(200);
    // Other pages are not affected.
    expect(
      (await t.inject({ method: 'GET', url: '/catalogues', remoteAddress: REMOTE })).statusCode,
    ).toBe(200);
  });

  it('never takes a request a proxy passed on for a local caller, whatever it forwards', async () => {
    // nginx on the same host connects from loopback; trusted or not, what it passes is not local.
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      for (const app of [t, proxied])
        for (const forwarded of [REMOTE, '127.0.0.1']) {
          const api = await app.inject({
            method: 'GET',
            url: '/api/dev/mailbox',
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': forwarded },
          });
          expect(api.statusCode, forwarded).toBe(404);
          const page = await app.inject({
            method: 'GET',
            url: '/dev/mailbox',
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': forwarded },
          });
          expect(page.statusCode, forwarded).not.toBe(200);
        }
    } finally {
      await proxied.close();
    }
  });
});

describe('error bodies', () => {
  it('never carry SQL, driver messages or stacks, even from a development server', async () => {
    const dev = await createTestApp({
      env: { NODE_ENV: 'development', IMPORT_WORKER: 'false' },
      routes: (app) =>
        app.get('/api/test-only/broken-query', async () => {
          await app.db.execute(sql`select secret_column from no_such_table where id = ${1}`);
          return { status: true };
        }),
    });
    try {
      const res = await dev.get('/api/test-only/broken-query');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        status: false,
        error: { code: 'INTERNAL', message: 'Something went wrong on our side' },
      });
      expect(res.body).not.toMatch(/no_such_table|secret_column|select|relation|\.ts:\d+|at /i);
    } finally {
      await dev.close();
    }
  });
});
