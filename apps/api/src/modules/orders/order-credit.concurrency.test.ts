import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/test-app';
import { createShopTestApp } from '../../test/shopping-fixtures';
import { openTradeAccount } from '../../test/credit-fixtures';
import { placeOrder } from '../../workflows/place-order';

// "No order beyond available credit leaves hold without a person releasing it, under concurrent
// orders" (docs/product/accounts-receivable.md): many orders of ONE customer placed at once never together pass the limit
// unheld. On PostgreSQL (DATABASE_URL) they truly run concurrently (a pool of connections, each
// order's transaction locking the credit account); on PGlite they queue on its one connection.

let t: TestApp;
let ids: Record<string, number>;
const feed = { publish: () => {} };
/** One product per concurrent order: each order takes its own cart line. */
const CODES = Array.from({ length: 12 }, (_, i) => `CC${i}`);

beforeAll(async () => {
  ({ t, ids } = await createShopTestApp(
    CODES.map((code) => ({ code, shipPack: 1, ca: { selling: 50_000, available: 1_000_000 } })),
  ));
});
afterAll(() => t.close());

describe('concurrent orders of one customer', () => {
  it('never together exceed the credit limit unheld', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1_000, max: 60_000 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 4, maxLength: 12 }),
        async (limit, packs) => {
          const buyer = await t.signIn({ country: 'ca' });
          await openTradeAccount(t.handle.db, buyer.userId, { creditLimitCents: limit * 100 });
          // $500 a pack: every order meets the opening minimum. One cart line per order: each order takes its own line (productRefs), all at once.
          for (const [i, n] of packs.entries())
            await t.handle.db.execute(sql`
              insert into cart_lines (user_id, product_id, country, quantity)
              values (${buyer.userId}, ${ids[CODES[i]]}, 'ca', ${n})`);
          const results = await Promise.allSettled(
            packs.map((_n, i) =>
              placeOrder(
                t.handle.db,
                {
                  userId: buyer.userId,
                  country: 'ca',
                  lang: 'en',
                  idempotencyKey: `c-${i}`,
                  productRefs: [CODES[i]],
                },
                feed,
              ),
            ),
          );
          const rows = await t.handle.db.execute<{ total: number; hold_reason: string | null }>(
            sql`select total_cents + tax_cents as total, hold_reason from orders
                 where user_id = ${buyer.userId}`,
          );
          const unheld = rows.rows
            .filter((r) => r.hold_reason === null)
            .reduce((sum, r) => sum + Number(r.total), 0);
          expect(unheld).toBeLessThanOrEqual(limit * 100);
          // Every order was placed, held or not: none is refused for credit.
          expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
          expect(rows.rows.length).toBe(packs.length);
          // And the check is not vacuous: the orders not held are exactly those that fit in turn.
          if (packs.reduce((a, b) => a + b, 0) * 50_000 > limit * 100)
            expect(rows.rows.some((r) => r.hold_reason === 'credit_limit')).toBe(true);
        },
      ),
      { numRuns: 8 },
    );
  }, 120_000);
});
