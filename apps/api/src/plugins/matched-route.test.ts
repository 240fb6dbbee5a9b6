import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusesOf } from '../test/request-series';
import { createTestApp, type TestApp } from '../test/test-app';

// Hooks decide on the route that matched, not on the raw URL: a percent-encoded spelling of /api
// reaches the same route and must meet the same rate limit, sign-in and CSRF checks.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
});
afterAll(() => t.close());

describe('hooks on the matched route', () => {
  it('/%61pi/me is authenticated like /api/me', async () => {
    const me = await t.signIn();
    const res = await t.inject({
      method: 'GET',
      url: '/%61pi/me',
      headers: { ...me.headers, 'x-forwarded-for': '10.0.0.1' },
      remoteAddress: '10.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    const plain = await t.get('/api/me', me.headers);
    expect(res.json()).toEqual(plain.json());
  });

  it('/%61pi/class_codes counts against the rate limit', async () => {
    const codes = await statusesOf(5, () =>
      t.inject({ method: 'GET', url: '/%61pi/class_codes', remoteAddress: '10.0.0.2' }),
    );
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    expect(codes.slice(3)).toEqual([429, 429]);
  });

  it('a cookie-authenticated POST to /%61pi/logout without the XSRF header is refused', async () => {
    const me = await t.signIn();
    const res = await t.inject({
      method: 'POST',
      url: '/%61pi/logout',
      cookies: { sid: me.token },
      remoteAddress: '10.0.0.3',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_FAILED');
  });
});
