import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PRODUCTION_TEST_ENV } from '../../test/production-env';
import { mailOutbox, passwordTokens, users } from '../../db/schema';
import { createPasswordToken, hashPassword, sendPasswordLink } from './accounts.service';

const PASSWORD = 'a-long-test-password';

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A fresh customer with a known password. */
async function newUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  n += 1;
  const email = `person${n}-${Date.now()}@shop.example`;
  const [row] = await t.handle.db
    .insert(users)
    .values({
      email,
      ownerName: `Owner ${n}`,
      companyName: `Shop ${n}`,
      customerCode: `C${Date.now()}${n}`,
      passwordHash: await hashPassword(PASSWORD),
      ...overrides,
    })
    .returning();
  return row;
}

let ipCounter = 0;
/** Each test uses its own client IP so the per-IP throttle of one test does not leak into another. */
function freshIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

async function loginAs(email: string, password = PASSWORD, ip = freshIp()) {
  return t.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

type SetCookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
};

function cookieOf(res: { cookies: SetCookie[] }, name: string) {
  return res.cookies.find((c) => c.name === name);
}

/** Cookie-authenticated headers as the browser sends them (optionally with the XSRF header). */
function browserHeaders(res: Awaited<ReturnType<typeof loginAs>>, withXsrf: boolean) {
  const sid = cookieOf(res, 'sid')!.value;
  const xsrf = cookieOf(res, 'XSRF-TOKEN')!.value;
  return {
    cookie: `sid=${sid}; XSRF-TOKEN=${xsrf}`,
    ...(withXsrf ? { 'x-xsrf-token': xsrf } : {}),
  };
}

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

describe('GET /api/me and POST /api/logout', () => {
  it('answers 401 to guests and 403 to a foreign user_id', async () => {
    const guest = await t.get('/api/me');
    expect(guest.statusCode).toBe(401);
    expect(guest.json().error.code).toBe('UNAUTHENTICATED');
    const a = await t.signIn();
    const b = await t.signIn();
    const foreign = await t.get(`/api/me?user_id=${b.userId}`, a.headers);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('FORBIDDEN');
    const own = await t.get(`/api/me?user_id=${a.userId}`, a.headers);
    expect(own.statusCode).toBe(200);
  });

  it('logout revokes the session server-side and clears the cookies', async () => {
    const user = await newUser();
    const res = await loginAs(user.email);
    const headers = browserHeaders(res, true);
    expect((await t.get('/api/me', headers)).statusCode).toBe(200);
    const out = await t.post('/api/logout', headers);
    expect(out.statusCode).toBe(200);
    expect(cookieOf(out, 'sid')!.value).toBe('');
    // Replaying the old cookie or the token as a bearer is now worthless.
    expect((await t.get('/api/me', headers)).statusCode).toBe(401);
    const bearer = await t.get('/api/me', { authorization: `Bearer ${res.json().token}` });
    expect(bearer.statusCode).toBe(401);
  });

  it('saves the language preference of the caller only', async () => {
    expect(
      (await t.inject({ method: 'PUT', url: '/api/me/preferences', payload: { lang: 'fr' } }))
        .statusCode,
    ).toBe(401);
    const user = await newUser();
    const res = await loginAs(user.email);
    const saved = await t.put('/api/me/preferences', browserHeaders(res, true), { lang: 'es' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.lang).toBe('es');
    expect((await loginAs(user.email)).json().user.lang).toBe('es');
    const bad = await t.put('/api/me/preferences', browserHeaders(res, true), { lang: 'de' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['lang']);
  });

  it('logout of a guest is harmless', async () => {
    const res = await t.post('/api/logout');
    expect(res.statusCode).toBe(200);
  });
});

describe('CSRF double-submit', () => {
  it('answers 403 to a cookie-authenticated unsafe call without the header or with a wrong one', async () => {
    const user = await newUser();
    const res = await loginAs(user.email);
    const noHeader = await t.post('/api/logout', browserHeaders(res, false));
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error.code).toBe('CSRF_FAILED');
    const wrong = await t.put(
      '/api/updateProfile',
      { ...browserHeaders(res, false), 'x-xsrf-token': 'forged-value' },
      { id: user.id, old_password: PASSWORD, new_password: 'another-long-password' },
    );
    expect(wrong.statusCode).toBe(403);
    // Nothing happened: the session still works and the password is unchanged.
    expect((await t.get('/api/me', browserHeaders(res, false))).statusCode).toBe(200);
    expect((await loginAs(user.email)).statusCode).toBe(200);
  });

  it('accepts the call with the matching header, and safe methods need none', async () => {
    const user = await newUser();
    const res = await loginAs(user.email);
    expect((await t.get('/api/me', browserHeaders(res, false))).statusCode).toBe(200);
    const ok = await t.post('/api/logout', browserHeaders(res, true));
    expect(ok.statusCode).toBe(200);
  });

  it('gives a browser that lost its XSRF-TOKEN cookie a new one on its next call', async () => {
    const user = await newUser();
    const res = await loginAs(user.email);
    const sid = cookieOf(res, 'sid')!.value;
    const xsrf = cookieOf(res, 'XSRF-TOKEN')!.value;
    const me = await t.get('/api/me', { cookie: `sid=${sid}` });
    expect(cookieOf(me, 'XSRF-TOKEN')!.value).toBe(xsrf);
    const again = await t.get('/api/me', { cookie: `sid=${sid}; XSRF-TOKEN=${xsrf}` });
    expect(cookieOf(again, 'XSRF-TOKEN')).toBeUndefined();
  });

  it('exempts bearer calls and the guest calls (login, forgot, reset)', async () => {
    const a = await t.signIn();
    expect((await t.post('/api/logout', a.headers)).statusCode).toBe(200);
    const user = await newUser();
    const res = await loginAs(user.email);
    const cookieOnly = browserHeaders(res, false);
    const again = await t.inject({
      method: 'POST',
      url: '/api/login',
      headers: cookieOnly,
      payload: { email: user.email, password: PASSWORD },
      remoteAddress: freshIp(),
    });
    expect(again.statusCode).toBe(200);
    const forgot = await t.post('/api/forgot-password', cookieOnly, { email: user.email });
    expect(forgot.statusCode).toBe(200);
  });
});

describe('PUT /api/updateProfile (password change)', () => {
  it('answers 401 to guests and 403 to a foreign id', async () => {
    const body = { id: 1, old_password: PASSWORD, new_password: 'another-long-password' };
    expect(
      (await t.inject({ method: 'PUT', url: '/api/updateProfile', payload: body })).statusCode,
    ).toBe(401);
    const a = await t.signIn();
    const b = await t.signIn();
    const foreign = await t.put('/api/updateProfile', a.headers, { ...body, id: b.userId });
    expect(foreign.statusCode).toBe(403);
  });

  it('requires the current password, checks it and applies the policy', async () => {
    const a = await t.signIn();
    const missing = await t.put('/api/updateProfile', a.headers, {
      id: a.userId,
      new_password: 'another-long-password',
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(['old_password']);
    const wrong = await t.put('/api/updateProfile', a.headers, {
      id: a.userId,
      old_password: 'not-it-at-all',
      new_password: 'another-long-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      old_password: 'The current password is incorrect',
    });
    const weak = await t.put('/api/updateProfile', a.headers, {
      id: a.userId,
      old_password: PASSWORD,
      new_password: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.new_password).toBe(
      'This password is too common, please choose another one',
    );
    const short = await t.put('/api/updateProfile', a.headers, {
      id: a.userId,
      old_password: PASSWORD,
      new_password: 'short1',
    });
    expect(short.json().error.fields.new_password).toBe('Password must be at least 10 characters');
  });

  it('changes the password with argon2id, keeps the current session and revokes the others', async () => {
    const user = await newUser();
    const here = await loginAs(user.email);
    const elsewhere = await loginAs(user.email);
    const res = await t.put('/api/updateProfile', browserHeaders(here, true), {
      id: String(user.id),
      old_password: PASSWORD,
      new_password: 'brand-new-password-42',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Password changed successfully' });
    expect((await t.get('/api/me', browserHeaders(here, false))).statusCode).toBe(200);
    const other = await t.get('/api/me', { authorization: `Bearer ${elsewhere.json().token}` });
    expect(other.statusCode).toBe(401);
    expect((await loginAs(user.email)).statusCode).toBe(401);
    expect((await loginAs(user.email, 'brand-new-password-42')).statusCode).toBe(200);
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const mails = await t.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, user.email));
    expect(mails.map((m) => m.template)).toContain('password-changed');
  });
});

describe('forgot-password and reset-password', () => {
  /** Asks for a reset link and waits for the work done after the answer (lookup, token, mail). */
  async function forgot(email: string) {
    const res = await t.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    await t.app.background.idle();
    return res;
  }
  /** The raw token from the newest reset mail sent to an address (as a person would click it). */
  async function tokenFromMail(email: string): Promise<string> {
    const rows = await t.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(sql`${mailOutbox.id} desc`)
      .limit(1);
    const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(rows[0].text);
    expect(match).not.toBeNull();
    return match![1];
  }
  function reset(body: Record<string, unknown>) {
    return t.inject({ method: 'POST', url: '/api/reset-password', payload: body });
  }

  it('answers identically for known and unknown addresses, and mails only the known one', async () => {
    const user = await newUser({ lang: 'es' });
    const known = await forgot(user.email);
    const unknown = await forgot('no-such-person@shop.example');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mails = await t.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'password-reset', lang: 'es', status: 'pending' });
    expect(mails[0].subject).toBe('Restablezca su contraseña');
    expect(mails[0].html).toContain(`${t.config.publicUrl}/reset-password?token=`);
    const none = await t.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'no-such-person@shop.example'));
    expect(none).toHaveLength(0);
    // The token is stored hashed and expires in one hour.
    const token = await tokenFromMail(user.email);
    const [row] = await t.handle.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, user.id));
    expect(row.tokenHash).not.toBe(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('answers before looking the address up: the same answer, and the work queued, either way', async () => {
    const user = await newUser();
    const mailsTo = async (email: string) =>
      (await t.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).length;
    t.app.background.hold();
    try {
      const answers = [];
      for (const email of [user.email, 'nobody-here@shop.example']) {
        const res = await t.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { email },
        });
        // Answered while its work is still waiting: nothing looked up, no token, no mail yet.
        expect(t.app.background.pending()).toBe(answers.length + 1);
        answers.push({ status: res.statusCode, body: res.body });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0].status).toBe(200);
      expect(await mailsTo(user.email)).toBe(0);
      expect(
        await t.handle.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id)),
      ).toHaveLength(0);
    } finally {
      t.app.background.release();
    }
    await t.app.background.idle();
    expect(t.app.background.pending()).toBe(0);
    expect(await mailsTo(user.email)).toBe(1);
    expect(await mailsTo('nobody-here@shop.example')).toBe(0);
  });

  it('a first-password (set) link needs no e-mail: its token names the user; a reset link still does', async () => {
    const user = await newUser({ passwordHash: null });
    await t.handle.db.transaction(async (tx) => {
      const token = await createPasswordToken(tx, user.id, 'set');
      await sendPasswordLink(tx, { userId: user.id, token, purpose: 'set', publicUrl: 'http://x' });
    });
    const [mail] = await t.handle.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, user.email));
    // The page reads the link's purpose: "Choose your password", no e-mail field.
    expect(mail.text).toMatch(/reset-password\?token=[A-Za-z0-9_-]+&purpose=set/);
    const token = await tokenFromMail(user.email);
    const chosen = { new_password: 'first-password-4567', confirm_password: 'first-password-4567' };
    const set = await reset({ ...chosen, token });
    expect(set.statusCode).toBe(200);
    expect((await loginAs(user.email, 'first-password-4567')).statusCode).toBe(200);
    // A reset link keeps asking for the e-mail it was sent to.
    await forgot(user.email);
    const refused = await reset({ ...chosen, token: await tokenFromMail(user.email) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('token');
  });

  it('resets with the mailed token once, revokes every session, and the token cannot be reused', async () => {
    const user = await newUser();
    const session = await loginAs(user.email);
    await forgot(user.email);
    const token = await tokenFromMail(user.email);
    const body = {
      email: user.email,
      new_password: 'reset-password-4567',
      confirm_password: 'reset-password-4567',
      token,
    };
    const first = await reset(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, message: 'Password reset successfully' });
    const old = await t.get('/api/me', { authorization: `Bearer ${session.json().token}` });
    expect(old.statusCode).toBe(401);
    expect((await loginAs(user.email, 'reset-password-4567')).statusCode).toBe(200);
    const second = await reset({
      ...body,
      new_password: 'yet-another-password',
      confirm_password: 'yet-another-password',
    });
    expect(second.statusCode).toBe(400);
    expect(Object.keys(second.json().error.fields)).toEqual(['token']);
    expect((await loginAs(user.email, 'yet-another-password')).statusCode).toBe(401);
  });

  it('refuses an expired token and changes nothing', async () => {
    const user = await newUser();
    await forgot(user.email);
    const token = await tokenFromMail(user.email);
    await t.handle.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user.id));
    const res = await reset({
      email: user.email,
      new_password: 'reset-password-4567',
      confirm_password: 'reset-password-4567',
      token,
    });
    expect(res.statusCode).toBe(400);
    expect((await loginAs(user.email)).statusCode).toBe(200);
  });

  it('requires the token, and a token only works for its own e-mail', async () => {
    const user = await newUser();
    const other = await newUser();
    const base = {
      email: user.email,
      new_password: 'reset-password-4567',
      confirm_password: 'reset-password-4567',
    };
    const missing = await reset(base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ token: 'The reset link is missing or invalid' });
    const made_up = await reset({ ...base, token: 'made-up-token' });
    expect(made_up.statusCode).toBe(400);
    await forgot(other.email);
    const otherToken = await tokenFromMail(other.email);
    const crossed = await reset({ ...base, token: otherToken });
    expect(crossed.statusCode).toBe(400);
    expect((await loginAs(user.email)).statusCode).toBe(200);
    expect((await loginAs(other.email)).statusCode).toBe(200);
    // The crossed attempt did not use the token up: its owner can still reset.
    const own = await reset({ ...base, email: other.email, token: otherToken });
    expect(own.statusCode).toBe(200);
  });

  it('answers the docs/product/accounts.md messages for a bad form', async () => {
    const res = await reset({ email: '', new_password: '', confirm_password: '', token: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: 'Email is required',
      new_password: 'Password is required',
      confirm_password: 'Please confirm your password',
    });
    const mismatch = await reset({
      email: 'a@b.co',
      new_password: 'reset-password-4567',
      confirm_password: 'other-thing-123',
      token: 'x',
    });
    expect(mismatch.json().error.fields).toEqual({ confirm_password: 'Passwords do not match' });
  });
});

describe('general rate limit and security headers', () => {
  it('limits /api to RATE_LIMIT_MAX requests per minute per IP', async () => {
    const small = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    try {
      const call = (ip: string) =>
        small.inject({ method: 'GET', url: '/api/categories', remoteAddress: ip });
      for (let i = 0; i < 3; i += 1) expect((await call('10.1.1.1')).statusCode).not.toBe(429);
      const limited = await call('10.1.1.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call('10.1.1.2')).statusCode).not.toBe(429);
    } finally {
      await small.close();
    }
  });

  function expectSecurityHeaders(headers: Record<string, unknown>) {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  }

  it('sends the headers on /api answers, errors included', async () => {
    expectSecurityHeaders((await t.get('/api/health')).headers);
    expectSecurityHeaders((await t.get('/api/me')).headers);
    expect((await t.get('/api/health')).headers['strict-transport-security']).toBeUndefined();
  });

  it('loads no third-party script by default; a configured chat widget is announced and allowed by the CSP', async () => {
    const none = await t.get('/api/client-config');
    expect(none.json()).toEqual({
      status: true,
      chat_widget_url: null,
      analytics_script_url: null,
    });
    expect(String(none.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
    const chat = await createTestApp({
      env: { CHAT_WIDGET_URL: 'https://chat.example.net/widget.js' },
    });
    try {
      const res = await chat.inject({ method: 'GET', url: '/api/client-config' });
      expect(res.json().chat_widget_url).toBe('https://chat.example.net/widget.js');
      expect(String(res.headers['content-security-policy'])).toContain(
        "script-src 'self' https://chat.example.net",
      );
    } finally {
      await chat.close();
    }
  });

  it('geolocates through the configured provider only, and survives its failure', async () => {
    const none = await t.get('/api/geolocation');
    expect(none.json()).toEqual({ status: true, country_name: null, city: null, province: null });
    const seen: string[] = [];
    const provider = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ country_name: 'Canada', city: 'Montréal', state_prov: 'Quebec' }));
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', () => r()));
    const port = (provider.address() as { port: number }).port;
    const geo = await createTestApp({
      env: { GEOLOCATION_URL: `http://127.0.0.1:${port}/ipgeo?ip={ip}` },
    });
    try {
      const res = await geo.inject({
        method: 'GET',
        url: '/api/geolocation',
        remoteAddress: '203.0.113.9',
      });
      expect(res.json()).toEqual({
        status: true,
        country_name: 'Canada',
        city: 'Montréal',
        province: 'Quebec',
      });
      expect(seen).toEqual(['/ipgeo?ip=203.0.113.9']);
      await new Promise<void>((r) => provider.close(() => r()));
      const down = await geo.inject({ method: 'GET', url: '/api/geolocation' });
      expect(down.json().country_name).toBeNull();
    } finally {
      await geo.close();
    }
  });

  it('sends them on the SPA fallback too, with HSTS and secure cookies in production, and no dev mailbox', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    const prod = await createTestApp({
      env: { ...PRODUCTION_TEST_ENV, WEB_DIST: dist },
    });
    try {
      const page = await prod.inject({ method: 'GET', url: '/profile/password' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expectSecurityHeaders(page.headers);
      expect(page.headers['strict-transport-security']).toContain('max-age=31536000');
      expect((await prod.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
      const [row] = await prod.handle.db
        .insert(users)
        .values({
          email: 'prod@shop.example',
          ownerName: 'Prod',
          passwordHash: await hashPassword(PASSWORD),
        })
        .returning();
      const res = await prod.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: row.email, password: PASSWORD },
      });
      expect(cookieOf(res, 'sid')!.secure).toBe(true);
      expect(cookieOf(res, 'XSRF-TOKEN')!.secure).toBe(true);
    } finally {
      await prod.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
