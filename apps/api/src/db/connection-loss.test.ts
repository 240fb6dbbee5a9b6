import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestApp, type TestApp } from '../test/test-app';
import { addToCart, insertShoppingFixtures } from '../test/shopping-fixtures';
import { placeOrderTestHooks } from '../workflows/place-order';

// Connection loss only exists on a PostgreSQL server (PGlite runs in the process): these run in the
// PostgreSQL pass of .ci/run (DATABASE_URL set) and are skipped on PGlite.
const onPostgres = !!process.env.DATABASE_URL;

let t: TestApp;
let admin: pg.Client;
let ids: Record<string, number>;
let databaseName: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  ids = await insertShoppingFixtures(t.handle.db, [
    { code: 'PLENTY', shipPack: 1, ca: { selling: 60_000, available: 100_000 } },
  ]);
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const r = await t.handle.db.execute<{ name: string }>(sql`select current_database() as name`);
  databaseName = r.rows[0].name;
});
afterAll(async () => {
  if (!onPostgres) return;
  await admin.end();
  await t.close();
});
afterEach(() => {
  placeOrderTestHooks.afterStep = undefined;
});

/** Ends every connection the app holds to its database, as a server restart would. */
async function terminateAppBackends(): Promise<number> {
  const r = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
    [databaseName],
  );
  const pids = r.rows.map((row) => row.pid);
  await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [pids]);
  // Awaited condition: the backends are gone (pg_terminate_backend only sends the signal).
  for (;;) {
    const left = await admin.query(
      'select count(*)::int as n from pg_stat_activity where pid = any($1::int[])',
      [pids],
    );
    if (left.rows[0].n === 0) return pids.length;
  }
}

/**
 * The buyer's orders, counted on a connection of its own: the app's pool may still hold a
 * connection that was terminated and whose end it has not read yet (the count would fail on it).
 */
async function orderCount(userId: number): Promise<number> {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${databaseName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>(
      'select count(*)::int as n from orders where user_id = $1',
      [userId],
    );
    return r.rows[0].n;
  } finally {
    await client.end();
  }
}

async function buyerWithCart(): Promise<Awaited<ReturnType<TestApp['signIn']>>> {
  const buyer = await t.signIn();
  const res = await addToCart(t, buyer.headers, 'PLENTY', 1);
  expect(res.statusCode).toBe(200);
  return buyer;
}

describe.skipIf(!onPostgres)('database connection loss (PostgreSQL)', () => {
  it('a checked-out client whose backend is terminated does not end the process', async () => {
    const pool = (t.handle.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    await client.query('begin');
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
    await admin.query('select pg_terminate_backend($1)', [pid]);
    // Without a listener the FATAL notice arrives as an unhandled 'error' event (a crash); the test
    // run reports that as an uncaught exception.
    await ended;
    await expect(client.query('select 1')).rejects.toThrow();
    client.release(true);
    expect(ids.PLENTY).toBeGreaterThan(0);
  });

  it('an order whose connection dies mid-transaction answers 503 with Retry-After, writes nothing, and the retry succeeds', async () => {
    const buyer = await buyerWithCart();
    let terminated = 0;
    placeOrderTestHooks.afterStep = async (step) => {
      if (step !== 'claim-order' || terminated) return;
      terminated = await terminateAppBackends();
    };
    const key = 'connection-loss-1';
    const lost = await t.post(
      '/api/store/orders',
      { ...buyer.headers, 'idempotency-key': key },
      {},
    );
    expect(terminated).toBeGreaterThan(0);
    expect(lost.statusCode).toBe(503);
    expect(lost.headers['retry-after']).toBe('2');
    expect(lost.json().error.code).toBe('UNAVAILABLE');
    expect(lost.body).not.toMatch(/insert|select|at .*\.ts/i);
    placeOrderTestHooks.afterStep = undefined;
    expect(await orderCount(buyer.userId)).toBe(0);

    // The server serves again by itself: the retry with the same key places exactly one order.
    const retry = await t.post(
      '/api/store/orders',
      { ...buyer.headers, 'idempotency-key': key },
      {},
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await orderCount(buyer.userId)).toBe(1);
  });

  it('all backends terminated under load (a restart): every answer is 2xx or 503, orders are all-or-nothing, service resumes', async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => buyerWithCart()));
    const requests = buyers.flatMap((b, i) => [
      t.post('/api/store/orders', { ...b.headers, 'idempotency-key': `restart-${i}` }, {}),
      t.get('/api/cart', b.headers),
      t.get('/api/me', b.headers),
    ]);
    // Two waves of terminations while the requests run.
    await terminateAppBackends();
    await terminateAppBackends();
    const answers = await Promise.all(requests);
    for (const a of answers) {
      expect([200, 503]).toContain(a.statusCode);
      if (a.statusCode === 503) expect(a.headers['retry-after']).toBeDefined();
    }
    // Every order answered with success exists exactly once; a 503 left none behind.
    for (const [i, b] of buyers.entries()) {
      const answer = answers[i * 3];
      expect(await orderCount(b.userId)).toBe(answer.statusCode === 200 ? 1 : 0);
    }
    // And a retry of every order now succeeds, still one order per buyer.
    for (const [i, b] of buyers.entries()) {
      const retry = await t.post(
        '/api/store/orders',
        { ...b.headers, 'idempotency-key': `restart-${i}` },
        {},
      );
      expect(retry.statusCode).toBe(200);
      expect(await orderCount(b.userId)).toBe(1);
    }
    // The LISTEN connection was ended too and reconnects on its own schedule: readiness comes back
    // once the feed is live again (an awaited condition, not a race with the reconnect timer).
    await expect
      .poll(() => t.app.changeFeed.isLive(), { timeout: 15_000, interval: 50 })
      .toBe(true);
    const health = await t.get('/api/health/ready');
    expect(health.statusCode, health.body).toBe(200);
  });
});
