import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sampleCanadianApplication } from '@wholesale/contract';
import { REPO_ROOT } from '../config';
import { statusesOf } from '../test/request-series';
import { createTestApp, type TestApp } from '../test/test-app';

/** The TRUST_PROXY compose.yaml gives the API: the address of its nginx. */
const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'compose.yaml'), 'utf8'), {
  merge: true,
}) as { services: Record<string, { environment?: Record<string, string> }> };
const SHIPPED_TRUST_PROXY = compose.services.api1.environment?.TRUST_PROXY ?? '';
const NGINX = SHIPPED_TRUST_PROXY.split(',')[0].trim();

// One app for the proxy tests (each test has its own client address); the Redis test adds two.
let t: TestApp;
const extra: TestApp[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: { TRUST_PROXY: SHIPPED_TRUST_PROXY, RATE_LIMIT_MAX: '5', APPLICATIONS_PER_HOUR: '3' },
  });
});
afterAll(async () => {
  await Promise.all([t, ...extra].map((a) => a?.close()));
});

/**
 * A request as the proxy hands it on: from nginx's address, with the client's address last in
 * X-Forwarded-For and whatever the client claimed before it (a proxy that appends; the shipped
 * nginx overwrites, which leaves only the client's address).
 */
function viaProxy(client: string, forged: string) {
  return { remoteAddress: NGINX, headers: { 'x-forwarded-for': `${forged}, ${client}` } };
}

const forgedAddress = (i: number) => `203.0.113.${i + 1}`;

describe('behind the shipped proxy, a client cannot choose its address', () => {
  it('compose trusts one exact address, not every hop', () => {
    expect(SHIPPED_TRUST_PROXY).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  it('counts forged X-Forwarded-For against the real client: RATE_LIMIT_MAX=5 lets 5 of 8 through', async () => {
    const statuses = await statusesOf(8, (i) =>
      t.inject({
        method: 'GET',
        url: '/api/categories',
        ...viaProxy('198.51.100.7', forgedAddress(i)),
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it('ignores X-Forwarded-For sent straight to the process by anyone but the proxy', async () => {
    const statuses = await statusesOf(8, (i) =>
      t.inject({
        method: 'GET',
        url: '/api/categories',
        remoteAddress: '198.51.100.8',
        headers: { 'x-forwarded-for': forgedAddress(i) },
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  });

  it('keys the sign-in throttle on the real client', async () => {
    const statuses = await statusesOf(3, (i) =>
      t.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `nobody${i}@shop.example`, password: 'wrong-password-x' },
        ...viaProxy('198.51.100.9', forgedAddress(i)),
      }),
    );
    expect(statuses).toEqual([401, 401, 401]);
    const keys = (await t.handle.db.execute(
      sql`select key, failures from throttle_counters where key like 'ip:%' order by key`,
    )) as unknown as { rows: { key: string; failures: number }[] };
    expect(keys.rows).toEqual([{ key: 'ip:198.51.100.9', failures: 3 }]);
  });

  it('keys the application throttle on the real client', async () => {
    const statuses = await statusesOf(5, (i) =>
      t.inject({
        method: 'POST',
        url: '/api/store/user',
        payload: sampleCanadianApplication({ email: `forger${i}@applicant.example` }),
        ...viaProxy('198.51.100.10', forgedAddress(i)),
      }),
    );
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('the rate limit counted where every process sees it', () => {
  const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('two processes sharing REDIS_URL together allow RATE_LIMIT_MAX, not twice it', async () => {
    const env = { RATE_LIMIT_MAX: '5', REDIS_URL, TRUST_PROXY: 'false' };
    const [a, b] = [await createTestApp({ env }), await createTestApp({ env })];
    extra.push(a, b);
    // A fresh address per run: Redis outlives the test, and counts from an earlier run would add.
    const client = `2001:db8::${randomBytes(4).toString('hex').match(/.{4}/g)!.join(':')}`;
    const statuses = await statusesOf(8, (i) =>
      (i % 2 ? b : a).inject({ method: 'GET', url: '/api/categories', remoteAddress: client }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });
});
