import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp } from '../test/test-app';
import { PRODUCTION_TEST_ENV } from '../test/production-env';
import { migrationsFolder, runMigrations } from '../db/client';

let t: TestApp;
const TOKEN = 'metrics-token-for-tests-0123456789';

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t?.close();
});

describe('observability', () => {
  it('returns the request id in X-Request-Id, a new one per request', async () => {
    const a = await t.get('/api/health');
    const b = await t.get('/api/no-such-thing');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('keeps a request id the load balancer sent', async () => {
    const res = await t.get('/api/health', { 'x-request-id': 'lb-abc-123' });
    expect(res.headers['x-request-id']).toBe('lb-abc-123');
  });

  it('serves Prometheus metrics to the scraper, by route pattern and status', async () => {
    await t.get('/api/categories?lang=en');
    await t.get('/api/product_description/NO-SUCH?lang=en');
    const res = await t.get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    const text = res.body;
    expect(text).toMatch(
      /http_requests_total\{route="\/api\/categories",method="GET",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",route="\/api\/categories"/,
    );
    // The raw URL never becomes a label: the product code stays out of the metrics.
    expect(text).not.toContain('NO-SUCH');
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/mail_outbox_messages\{status="pending"\} \d+/);
    expect(text).toMatch(/webhook_deliveries\{status="failed"\} \d+/);
    expect(text).toMatch(/change_feed_live 1/);
    expect(text).toMatch(/cache_hit_ratio\{cache="catalogue\.[a-z-]+"\} [\d.]+/);
    if (t.handle.kind === 'postgres')
      expect(text).toMatch(/db_pool_connections\{state="waiting"\}/);
  });

  it('refuses /metrics to a remote caller without the token, accepts it with the token', async () => {
    const remote = await t.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('http_requests_total');
    const wrong = await t.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(404);
    const withToken = await t.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_requests_total');
  });

  // Router matching is case-sensitive: /METRICS is no route at all (404 even with the token).
  it.each([
    ['/metrics', 200],
    ['/metrics/', 200],
    ['/%6detrics', 200],
    ['/metrics?x=1', 200],
    ['/METRICS', 404],
  ])(
    'with METRICS_TOKEN set, %s from this machine answers 404 without the token (%i with it)',
    async (url, withToken) => {
      const socket = { method: 'GET' as const, url, remoteAddress: '127.0.0.1' };
      for (const headers of [
        {},
        { 'x-forwarded-for': '127.0.0.1' },
        { authorization: 'Bearer x' },
      ]) {
        const refused = await t.inject({ ...socket, headers });
        expect(refused.statusCode).toBe(404);
        expect(refused.body).not.toContain('http_requests_total');
      }
      const scraped = await t.inject({ ...socket, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.statusCode).toBe(withToken);
      if (withToken === 200) expect(scraped.body).toContain('http_requests_total');
    },
  );

  it('answers liveness and readiness separately', async () => {
    const live = await t.get('/api/health');
    expect(live.json()).toEqual({ status: true, database: t.handle.kind });
    const ready = await t.get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: true,
      checks: {
        accepting: { ok: true },
        changeFeed: { ok: true },
        database: { ok: true },
        migrations: { ok: true },
      },
    });
  });

  it('is not ready while migrations are missing', async () => {
    await t.handle.exec(
      'create temporary table hidden_migrations as select * from drizzle.__drizzle_migrations',
    );
    const [{ n }] = (
      (await t.handle.db.execute(
        'select count(*)::int as n from drizzle.__drizzle_migrations' as never,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    await t.handle.exec(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)',
    );
    try {
      const ready = await t.get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.migrations).toEqual({
        ok: false,
        detail: `${n - 1} of ${n} migrations applied`,
      });
    } finally {
      await t.handle.exec(
        'insert into drizzle.__drizzle_migrations select * from hidden_migrations where id not in (select id from drizzle.__drizzle_migrations)',
      );
    }
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('answers only a caller on this machine that came through no proxy, outside production', async () => {
    const dev = await createTestApp();
    try {
      const local = await dev.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
      });
      expect(local.statusCode).toBe(200);
      // nginx on the same host connects from loopback for every client of the internet.
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const proxied = await dev.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: '127.0.0.1',
          headers: { [header]: '203.0.113.9' },
        });
        expect(proxied.statusCode, header).toBe(404);
      }
    } finally {
      await dev.close();
    }
  });

  it('answers nobody in production', async () => {
    const prod = await createTestApp({ env: PRODUCTION_TEST_ENV });
    try {
      for (const url of ['/metrics', '/metrics/', '/METRICS', '/%6detrics']) {
        const res = await prod.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
        expect(res.statusCode, url).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });
});

describe('migrations', () => {
  it('a release whose migration fails leaves the old schema untouched', async () => {
    const { handle, drop } = await createTestDatabase();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    try {
      fs.cpSync(migrationsFolder, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta/_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
      const last = journal.entries.at(-1);
      // NOTE: drizzle applies the entries whose `when` is after the newest applied one, and the
      // journal is ordered by number, not by `when` (0018 came after 0020): start past the largest.
      const newest = Math.max(...journal.entries.map((e: { when: number }) => e.when));
      const add = (tag: string, sqlText: string, offset: number) => {
        journal.entries.push({ ...last, idx: last.idx + offset, when: newest + offset, tag });
        fs.writeFileSync(path.join(folder, `${tag}.sql`), sqlText);
      };
      add('9998_good', 'create table release_step_one (id int);', 1);
      add(
        '9999_bad',
        'alter table users add column release_step_two int;\n--> statement-breakpoint\nselect * from no_such_table;',
        2,
      );
      fs.writeFileSync(journalFile, JSON.stringify(journal));
      await expect(runMigrations(handle, folder)).rejects.toThrow();
      const tables = (await handle.db.execute(
        "select to_regclass('release_step_one') as t" as never,
      )) as unknown as { rows: { t: string | null }[] };
      expect(tables.rows[0].t).toBeNull();
      const columns = (await handle.db.execute(
        "select count(*)::int as n from information_schema.columns where table_name = 'users' and column_name = 'release_step_two'" as never,
      )) as unknown as { rows: { n: number }[] };
      expect(columns.rows[0].n).toBe(0);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      await drop();
    }
  }, 120_000);

  it.runIf(process.env.DATABASE_URL)(
    'processes starting together apply each migration once (advisory lock)',
    async () => {
      const { handle, drop } = await createTestDatabase();
      try {
        await handle.exec(
          'drop schema drizzle cascade; drop schema public cascade; create schema public;',
        );
        const url = (handle.db as unknown as { $client: { options: { connectionString: string } } })
          .$client.options.connectionString;
        const { openDatabase } = await import('../db/client');
        const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url, poolSize: 2 })));
        try {
          await Promise.all(others.map((h) => runMigrations(h)));
        } finally {
          await Promise.all(others.map((h) => h.close()));
        }
        const rows = (await handle.db.execute(
          'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations' as never,
        )) as unknown as { rows: { n: number; d: number }[] };
        expect(rows.rows[0].n).toBe(rows.rows[0].d);
      } finally {
        await drop();
      }
    },
  );
});
