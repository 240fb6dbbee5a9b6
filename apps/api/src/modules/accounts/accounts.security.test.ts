import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { PRODUCTION_TEST_ENV } from '../../test/production-env';
import { users } from '../../db/schema';
import { hashPassword } from './accounts.service';
import { cookieOf, PASSWORD } from './accounts.fixtures';
import { t, useAccountsTestApp } from './accounts.test-app';

useAccountsTestApp();

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
    const prod = await createTestApp({
      webBuild: { 'index.html': '<!doctype html><html><body><div id="root"></div></body></html>' },
      env: PRODUCTION_TEST_ENV,
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
    }
  });
});
