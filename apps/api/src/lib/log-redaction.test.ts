import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordToken, passwordLink } from '../modules/accounts';
import { createTestApp, type TestApp } from '../test/test-app';
import { MASK, maskUrl } from './log-redaction';

describe('maskUrl', () => {
  it('masks credential-named query values and token-like path segments, keeps the rest', () => {
    expect(maskUrl('/reset-password?token=abc&lang=fr')).toBe(
      `/reset-password?token=${MASK}&lang=fr`,
    );
    expect(maskUrl('/api/x?api_key=1&Secret=2&password=3&code=4&page=2')).toBe(
      `/api/x?api_key=${MASK}&Secret=${MASK}&password=${MASK}&code=${MASK}&page=2`,
    );
    expect(maskUrl('/set-password/0123456789abcdefXYZ')).toBe(`/set-password/${MASK}`);
    expect(maskUrl('/api/x/wsk_9f8e7d6c5b4a39281706f5e4d3c2b1a0')).toBe(`/api/x/${MASK}`);
    expect(maskUrl('/api/productDescription?product_id=ABC-123&country=ca')).toBe(
      '/api/productDescription?product_id=ABC-123&country=ca',
    );
    expect(maskUrl('/category/sewing-notions-and-haberdashery')).toBe(
      '/category/sewing-notions-and-haberdashery',
    );
  });

  it('never lets the value of a token parameter through, whatever it is', () => {
    const token = fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/);
    fc.assert(
      fc.property(
        token,
        fc.constantFrom('token', 'reset_token', 'key', 'secret'),
        (value, name) => {
          expect(maskUrl(`/reset-password?lang=en&${name}=${value}`)).not.toContain(value);
        },
      ),
    );
  });
});

describe('the request log of the real app', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(() => t.close());

  it('holds no reset or set-password token, password, session token, cookie or XSRF value', async () => {
    const buyer = await t.signIn({ country: 'ca' });
    const staff = await t.signIn({ role: 'staff' });
    const reset = await t.handle.db.transaction((tx) =>
      createPasswordToken(tx, buyer.userId, 'reset'),
    );
    const set = await t.handle.db.transaction((tx) => createPasswordToken(tx, staff.userId, 'set'));
    // Opening the mailed links (the SPA page), as a browser does.
    for (const token of [reset, set]) {
      const link = new URL(passwordLink('http://shop.test', token));
      await t.get(`${link.pathname}${link.search}`);
    }
    await t.post('/api/reset-password', undefined, {
      email: buyer.email,
      token: reset,
      password: 'a-brand-new-password-1',
    });
    const login = await t.post('/api/login', undefined, {
      email: staff.email,
      password: 'a-long-test-password',
    });
    expect(login.statusCode).toBe(200);
    const cookie = String(login.headers['set-cookie']);
    const sid = /sid=([^;]+)/.exec(cookie)![1];
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)![1];
    await t.get('/api/me', staff.headers);
    await t.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `sid=${sid}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    });
    await t.get(`/api/order-history?user_id=${buyer.userId}&token=${buyer.token}`, buyer.headers);

    const log = lines.join('');
    // The calls were logged (the test reads the real output)…
    expect(log).toContain('/reset-password?token=[redacted]');
    expect(log).toContain('/api/login');
    // …and no secret reached a line.
    for (const secret of [
      reset,
      set,
      encodeURIComponent(reset),
      'a-long-test-password',
      'a-brand-new-password-1',
      buyer.token,
      staff.token,
      sid,
      xsrf,
    ])
      expect(log).not.toContain(secret);
  });
});
