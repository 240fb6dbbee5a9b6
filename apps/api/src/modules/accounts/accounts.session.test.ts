import { describe, expect, it } from 'vitest';
import { browserHeaders, cookieOf, freshIp, loginAs, newUser, PASSWORD } from './accounts.fixtures';
import { t, useAccountsTestApp } from './accounts.test-app';

useAccountsTestApp();

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
