import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createSession } from '../modules/accounts';
import { insertCatalogueFixtures } from '../test/catalogue-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { users } from './schema';
import { openDatabase, type DatabaseHandle } from './client';

/*
 * DATABASE_READ_URL on a real PostgreSQL server. The "replica" here is a second database holding
 * the same catalogue with one product renamed, so an answer shows where it was read: catalogue and
 * search reads from the replica, sessions and carts from the primary. (A real streaming replica is
 * shown by scripts/replica-demo.sh; the waiting for replay is in read-replica.test.ts.)
 */
const onPostgres = !!process.env.DATABASE_URL;

let primary: TestApp;
let replica: TestApp;
let routed: DatabaseHandle;
let app: FastifyInstance;
let buyer: Record<string, string>;

beforeAll(async () => {
  if (!onPostgres) return;
  [primary, replica] = await Promise.all([createTestApp(), createTestApp()]);
  for (const side of [primary, replica]) await insertCatalogueFixtures(side);
  await replica.handle.db.execute(
    sql`update product_translations set name = 'Read on the replica' where lang = 'en' and product_id = (select id from products where product_id = 'BT-1001')`,
  );
  routed = await openDatabase({
    url: primary.handle.url,
    readUrl: replica.handle.url,
    poolSize: 5,
  });
  app = await buildApp({
    // No process caches and no in-process search index (it ranks from what it read once, not per
    // request): every answer below is read from a database, so it shows which one.
    config: loadConfig({
      NODE_ENV: 'test',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      CACHES: 'off',
      SEARCH_INDEX: 'off',
    }),
    db: routed,
    logger: false,
  });
  await app.ready();
  const [user] = await routed.db
    .insert(users)
    .values({
      email: 'replica-buyer@test.example',
      ownerName: 'Replica Buyer',
      passwordHash: 'x',
      role: 'customer',
      country: 'ca',
      lang: 'en',
    })
    .returning({ id: users.id });
  buyer = { authorization: `Bearer ${(await createSession(routed.db, user.id)).token}` };
  // Awaited condition: the change feed is live and the first fence settled.
  await vi.waitFor(() => expect(routed.replica!.router.usable()).toBe(true), { timeout: 10_000 });
});

afterAll(async () => {
  if (!onPostgres) return;
  await app.close();
  await routed.close();
  await Promise.all([primary.close(), replica.close()]);
});

const productName = async (headers: Record<string, string> = {}) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/productDescription?product_id=BT-1001&country=ca&lang=en',
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { name: string; price?: unknown };
};

describe.runIf(onPostgres)('catalogue reads on a read replica (DATABASE_READ_URL)', () => {
  it('answers catalogue and search reads from the replica, sessions from the primary', async () => {
    const before = routed.replica!.replicaReads();
    // The session exists only on the primary: a priced answer proves it was read there, while the
    // product's name comes from the replica.
    // Only the replica has that name. A notification heard meanwhile (a process announces drops
    // when it starts) fences catalogue reads to the primary until the replica has caught up.
    await expect.poll(async () => (await productName(buyer)).name).toBe('Read on the replica');
    expect(JSON.stringify(await productName(buyer))).toMatch(/price/i);
    const searchReplica = async () => {
      const search = await app.inject({ method: 'GET', url: '/api/search?search_term=replica' });
      const found = search.json().data.products.data as Array<{ product_id: string }>;
      return found.map((p) => p.product_id);
    };
    await expect.poll(searchReplica).toContain('BT-1001');
    expect(routed.replica!.replicaReads()).toBeGreaterThan(before);
  });

  it("keeps writes and the buyer's own reads on the primary", async () => {
    const add = await app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: buyer,
      payload: { product_id: 'BT-1001', item: 1 },
    });
    expect(add.statusCode).toBe(200);
    const count = async (h: DatabaseHandle) =>
      (await h.db.execute<{ n: number }>(sql`select count(*)::int as n from cart_lines`)).rows[0].n;
    expect(await count(primary.handle)).toBe(1);
    expect(await count(replica.handle)).toBe(0);
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers: buyer });
    expect(cart.statusCode).toBe(200);
    expect(JSON.stringify(cart.json())).toContain('BT-1001');
  });

  it('reads from the primary while the change feed cannot tell what changed', async () => {
    routed.replica!.router.setFeedLive(false);
    try {
      expect((await productName()).name).not.toBe('Read on the replica');
    } finally {
      routed.replica!.router.setFeedLive(true);
    }
    await vi.waitFor(() => expect(routed.replica!.router.usable()).toBe(true), { timeout: 10_000 });
  });

  it('reports the replica in /metrics', async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.body).toMatch(/^db_read_replica_in_use 1$/m);
    expect(res.body).toMatch(/^db_read_replica_queries [1-9]/m);
  });
});
