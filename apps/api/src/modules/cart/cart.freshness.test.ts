import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { addToCart, insertShoppingFixtures } from '../../test/shopping-fixtures';

// The cart reads products from per-process caches kept fresh by PostgreSQL notifications
// (decision 014). Changes here are made straight in the database, as another API process or an
// ERP import would make them, and must show in the next cart read.
let t: TestApp;
let ids: Record<string, number>;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await insertShoppingFixtures(t.handle.db, [
    { code: 'FRESH', name: 'Fresh button', shipPack: 2, ca: { selling: 250, available: 10 } },
    { code: 'OTHER', ca: { selling: 100, available: 5 } },
  ]);
  ({ headers } = await t.signIn());
  for (const code of ['FRESH', 'OTHER']) await addToCart(t, headers, code, 1);
});
afterAll(() => t.close());

type Line = { product_id: string; name: string; price: number; available: number; class: string };
const cartLine = async (code: string) => {
  const res = await t.inject({ method: 'GET', url: '/api/cart?lang=en', headers });
  expect(res.statusCode).toBe(200);
  return (res.json().products as Line[]).find((l) => l.product_id === code);
};
// NOTE: a notification arrives on another connection a moment after the commit; poll briefly,
// far below the caches' own lifetimes (minutes), so only the feed can make these pass.
const soon = { timeout: 1500, interval: 20 };

describe('cart: catalogue changes made elsewhere', () => {
  it('follows the change feed', () => {
    expect(t.app.changeFeed.isLive()).toBe(true);
  });

  it('shows a new price, stock level, name and class at the next read', async () => {
    expect(await cartLine('FRESH')).toMatchObject({
      price: 2.5,
      available: 10,
      name: 'Fresh button',
    });
    await t.handle.exec(
      `update product_prices set selling_price_cents = 399, available = 3 where product_id = ${ids.FRESH}`,
    );
    await expect.poll(() => cartLine('FRESH'), soon).toMatchObject({ price: 3.99, available: 3 });
    await t.handle.exec(
      `update product_translations set name = 'Renamed button' where product_id = ${ids.FRESH} and lang = 'en'`,
    );
    await t.handle.exec(`update products set class_code = 'N' where id = ${ids.FRESH}`);
    await expect
      .poll(() => cartLine('FRESH'), soon)
      .toMatchObject({ name: 'Renamed button', class: 'N' });
  });

  it('drops a line whose product was withdrawn', async () => {
    expect(await cartLine('OTHER')).toBeDefined();
    await t.handle.exec(`update products set active = false where id = ${ids.OTHER}`);
    await expect.poll(() => cartLine('OTHER'), soon).toBeUndefined();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'reads the tables while the listening connection is broken, and follows again once it is back',
    async () => {
      // One connection carries every feed of the process (catalogue and sessions).
      const listening = await t.handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and query like 'LISTEN%'`,
      );
      expect(listening.rows[0].n).toBe(1);
      await t.handle.exec(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query like 'LISTEN%'`,
      );
      await expect.poll(() => t.app.changeFeed.isLive(), soon).toBe(false);
      // Nobody hears this change; the cart must still show it.
      await t.handle.exec(
        `update product_prices set available = 7 where product_id = ${ids.FRESH}`,
      );
      expect(await cartLine('FRESH')).toMatchObject({ available: 7 });

      await expect
        .poll(() => t.app.changeFeed.isLive(), { timeout: 5000, interval: 50 })
        .toBe(true);
      expect(await cartLine('FRESH')).toMatchObject({ available: 7 });
      await t.handle.exec(
        `update product_prices set available = 8 where product_id = ${ids.FRESH}`,
      );
      await expect.poll(() => cartLine('FRESH'), soon).toMatchObject({ available: 8 });
      // The new connection listens on the session feed too.
      const other = await t.signIn();
      const me = () =>
        t
          .inject({ method: 'GET', url: '/api/me', headers: other.headers })
          .then((r) => r.statusCode);
      expect(await me()).toBe(200);
      await t.handle.exec(`update sessions set revoked_at = now() where user_id = ${other.userId}`);
      await expect.poll(me, soon).toBe(401);
    },
  );
});
