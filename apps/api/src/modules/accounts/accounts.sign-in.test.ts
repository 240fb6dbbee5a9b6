import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cookieOf, freshIp, loginAs, newUser, PASSWORD } from './accounts.fixtures';
import { t, useAccountsTestApp } from './accounts.test-app';

useAccountsTestApp();

describe('POST /api/login', () => {
  it('answers exactly the documented shape and sets the session and XSRF cookies', async () => {
    const user = await newUser({ lang: 'fr', country: 'us' });
    const res = await loginAs(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['status', 'token', 'user']);
    expect(body.status).toBe(true);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(body.user).toEqual({
      user_value: user.id,
      owner_name: user.ownerName,
      email: user.email,
      customer_code: user.customerCode,
      flag: 'active',
      cflag: 'us',
      lang: 'fr',
      role: 'customer',
      staff_roles: [],
    });
    const sid = cookieOf(res, 'sid')!;
    expect(sid.value).toBe(body.token);
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.secure).toBeFalsy();
    const xsrf = cookieOf(res, 'XSRF-TOKEN')!;
    expect(xsrf.httpOnly).toBeFalsy();
    expect(xsrf.value.length).toBeGreaterThan(20);
    // The token stored in the database is a hash, never the token itself.
    const stored = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where token_hash = ${body.token}`,
    );
    expect(Number(stored.rows[0].n)).toBe(0);
  });

  it('answers English as "" and works as a bearer token for API clients', async () => {
    const user = await newUser();
    const res = await loginAs(user.email);
    expect(res.json().user.lang).toBe('');
    const me = await t.get('/api/me', { authorization: `Bearer ${res.json().token}` });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ user_value: user.id, company_name: user.companyName });
  });

  it('answers one generic 401 for a wrong password and for an unknown e-mail', async () => {
    const user = await newUser();
    const wrong = await loginAs(user.email, 'not-the-password');
    const unknown = await loginAs('nobody-here@shop.example', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect(wrong.cookies).toHaveLength(0);
  });

  it('says an inactive account is inactive only to someone who knows its password', async () => {
    const inactive = await newUser({ isActive: false });
    const noPassword = await newUser({ passwordHash: null });
    const right = await loginAs(inactive.email);
    expect(right.statusCode).toBe(403);
    expect(right.json().error.code).toBe('ACCOUNT_INACTIVE');
    expect(right.headers['set-cookie']).toBeUndefined();
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: inactive.email, password: 'not-the-password-at-all' },
      remoteAddress: freshIp(),
    });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await loginAs(noPassword.email)).json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('names the bad field with a 400', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'not-an-email', password: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: 'Invalid email address',
      password: 'Password is required',
    });
  });

  it('starts a new session at every login and revokes the one the browser came with', async () => {
    const user = await newUser();
    const first = await loginAs(user.email);
    const second = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: PASSWORD },
      headers: { cookie: `sid=${first.json().token}` },
      remoteAddress: freshIp(),
    });
    expect(second.json().token).not.toBe(first.json().token);
    const old = await t.get('/api/me', { authorization: `Bearer ${first.json().token}` });
    expect(old.statusCode).toBe(401);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(20_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
