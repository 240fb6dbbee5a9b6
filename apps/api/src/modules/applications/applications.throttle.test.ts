import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HONEYPOT_FIELD, sampleCanadianApplication } from '@wholesale/contract';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let counter = 0;
let clock = Date.parse('2026-03-02T09:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ env: { APPLICATIONS_PER_HOUR: '3' } });
  t.app.clock.now = () => new Date(clock);
});
afterAll(async () => {
  await t?.close();
});

function application(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    ...sampleCanadianApplication({ email: `flood${counter}@applicant.example` }),
    ...overrides,
  };
}

function submit(payload: object, ip: string) {
  return t.inject({ method: 'POST', url: '/api/store/user', payload, remoteAddress: ip });
}

async function count(table: 'applications' | 'mail_outbox'): Promise<number> {
  const result = (await t.handle.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0].n);
}

describe('anonymous credit applications: per-address throttle and honeypot', () => {
  it('accepts APPLICATIONS_PER_HOUR applications per address, then 429 with Retry-After in the user language', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 3; i += 1) expect((await submit(application(), ip)).statusCode).toBe(200);
    const refused = await submit(application(), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      reason: { key: 'APPLY_WAIT', params: { minutes: 60 } },
    });
    // Another address is not affected; the first one may apply again after the hour.
    expect((await submit(application(), '192.0.2.51')).statusCode).toBe(200);
    clock += 60 * 60 * 1000;
    expect((await submit(application(), ip)).statusCode).toBe(200);
  });

  it('does not count an application refused for a field error or a duplicate, so the applicant can correct it', async () => {
    const ip = '192.0.2.60';
    const first = application();
    expect((await submit(first, ip)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect((await submit(application({ email: 'not-an-email' }), ip)).statusCode).toBe(400);
      expect((await submit({ ...first }, ip)).statusCode).toBe(409);
    }
    expect((await submit(application(), ip)).statusCode).toBe(200);
    expect((await submit(application(), ip)).statusCode).toBe(200);
    expect((await submit(application(), ip)).statusCode).toBe(429);
  });

  it('answers a filled honeypot as if accepted, storing and sending nothing and using no slot', async () => {
    const ip = '192.0.2.70';
    const before = { applications: await count('applications'), mails: await count('mail_outbox') };
    for (let i = 0; i < 10; i += 1) {
      const res = await submit(application({ [HONEYPOT_FIELD]: 'http://spam.example' }), ip);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true });
    }
    expect(await count('applications')).toBe(before.applications);
    expect(await count('mail_outbox')).toBe(before.mails);
    expect((await submit(application(), ip)).statusCode).toBe(200);
  });

  it('counts parallel submissions from one address exactly', async () => {
    const ip = '192.0.2.80';
    const answers = await Promise.all(Array.from({ length: 8 }, () => submit(application(), ip)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(5);
  });
});
