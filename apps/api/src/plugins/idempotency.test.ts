import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { IDEMPOTENT_REPLAY_HEADER } from '@wholesale/contract';
import type { TestApp } from '../test/test-app';
import { createShopTestApp } from '../test/shopping-fixtures';

let t: TestApp;

beforeAll(async () => {
  ({ t } = await createShopTestApp([
    { code: 'IK1', barcode: '036000291452', ca: { selling: 100, available: 1000 } },
    { code: 'IK2', ca: { selling: 200, available: 1000 } },
  ]));
});
afterAll(() => t.close());

const keyed = (headers: Record<string, string>, key: string) => ({
  ...headers,
  'idempotency-key': key,
});

const addKeyed = (headers: Record<string, string>, key: string, productId = 'IK1', item = 2) =>
  t.post('/api/cart/add', keyed(headers, key), { product_id: productId, item });

async function cartQuantities(headers: Record<string, string>): Promise<Record<string, number>> {
  const cart = (await t.get('/api/cart', headers)).json();
  return Object.fromEntries(
    (cart.products as Array<{ product_id: string; item: number }>).map((l) => [
      l.product_id,
      l.item,
    ]),
  );
}

async function rowsOf(userId: number) {
  const result = (await t.handle.db.execute(
    sql`select key, status_code from idempotency_keys where user_id = ${userId} order by key`,
  )) as unknown as { rows: Array<{ key: string; status_code: number | null }> };
  return result.rows;
}

describe('Idempotency-Key on the cart', () => {
  it('answers a repeated add from the first attempt and adds once', async () => {
    const me = await t.signIn();
    const first = await addKeyed(me.headers, 'add-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    const again = await addKeyed(me.headers, 'add-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await cartQuantities(me.headers)).toEqual({ IK1: 2 });
    // Another key is another action: it adds.
    expect((await addKeyed(me.headers, 'add-2')).statusCode).toBe(200);
    expect(await cartQuantities(me.headers)).toEqual({ IK1: 4 });
    expect(await rowsOf(me.userId)).toEqual([
      { key: 'add-1', status_code: 200 },
      { key: 'add-2', status_code: 200 },
    ]);
  });

  it('without the header, every request writes (as before)', async () => {
    const me = await t.signIn();
    for (let i = 0; i < 2; i++)
      await t.post('/api/cart/add', me.headers, { product_id: 'IK1', item: 1 });
    expect(await cartQuantities(me.headers)).toEqual({ IK1: 2 });
    expect(await rowsOf(me.userId)).toEqual([]);
  });

  it('five concurrent requests under one key add once; the others replay or are told to retry', async () => {
    const me = await t.signIn();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => addKeyed(me.headers, 'burst', 'IK2', 3)),
    );
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    const firsts = answers.filter(
      (a) => a.statusCode === 200 && a.headers[IDEMPOTENT_REPLAY_HEADER] === undefined,
    );
    expect(firsts).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect(a.json().error).toMatchObject({
        code: 'CONFLICT',
        reason: { key: 'REQUEST_IN_PROGRESS' },
      });
      expect(a.headers['retry-after']).toBe('1');
    }
    expect(await cartQuantities(me.headers)).toEqual({ IK2: 3 });
    // Once the first has answered, a retry gets its answer.
    const retry = await addKeyed(me.headers, 'burst', 'IK2', 3);
    expect(retry.headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    expect(retry.body).toBe(firsts[0]!.body);
  });

  it('answers 409 (retry later) while the first request under the key is still running', async () => {
    const me = await t.signIn();
    const first = await addKeyed(me.headers, 'slow');
    // The state of a first attempt still in its handler: claimed, no answer yet.
    await t.handle.db.execute(
      sql`update idempotency_keys set status_code = null, body = null where user_id = ${me.userId}`,
    );
    const twin = await addKeyed(me.headers, 'slow');
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error.reason.key).toBe('REQUEST_IN_PROGRESS');
    expect(first.statusCode).toBe(200);
    expect(await cartQuantities(me.headers)).toEqual({ IK1: 2 });
  });

  it('refuses a key reused for another request with 422 naming the header, and writes nothing', async () => {
    const me = await t.signIn();
    await addKeyed(me.headers, 'same');
    const other = await addKeyed(me.headers, 'same', 'IK1', 5);
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatchObject({
      code: 'UNPROCESSABLE',
      reason: { key: 'IDEMPOTENCY_KEY_REUSED' },
      fields: { 'Idempotency-Key': expect.stringMatching(/different request/) },
    });
    const otherRoute = await t.delete('/api/cart/delete?id=1', keyed(me.headers, 'same'));
    expect(otherRoute.statusCode).toBe(422);
    expect(await cartQuantities(me.headers)).toEqual({ IK1: 2 });
  });

  it("keeps each user's keys apart", async () => {
    const me = await t.signIn();
    const you = await t.signIn();
    await addKeyed(me.headers, 'shared-key');
    const yours = await addKeyed(you.headers, 'shared-key');
    expect(yours.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(await cartQuantities(you.headers)).toEqual({ IK1: 2 });
  });

  it('refuses an empty or overlong key with 400 naming the header', async () => {
    const me = await t.signIn();
    for (const key of ['', 'x'.repeat(201)]) {
      const res = await addKeyed(me.headers, key);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['Idempotency-Key']);
    }
    expect(await cartQuantities(me.headers)).toEqual({});
  });

  it('an expired key is a new one; each claim sweeps some expired keys', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    await addKeyed(me.headers, 'old');
    await addKeyed(other.headers, 'forgotten');
    await t.handle.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where user_id in (${me.userId}, ${other.userId})`,
    );
    const res = await addKeyed(me.headers, 'old');
    expect(res.headers[IDEMPOTENT_REPLAY_HEADER]).toBeUndefined();
    expect(await cartQuantities(me.headers)).toEqual({ IK1: 4 });
    expect(await rowsOf(other.userId)).toEqual([]);
  });

  it('a claim sweeps the oldest expired keys first', async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    // Twelve keys expired long before any other test's: k01 the newest, k12 the oldest.
    await t.handle.db.execute(sql`
      insert into idempotency_keys (user_id, key, request_hash, created_at)
      select ${other.userId}, 'k' || lpad(n::text, 2, '0'), 'h', now() - make_interval(days => 100 + n)
      from generate_series(1, 12) n`);
    expect((await addKeyed(me.headers, 'sweeper')).statusCode).toBe(200);
    expect((await rowsOf(other.userId)).map((r) => r.key)).toEqual(['k01', 'k02']);
  });

  it('update, remove and empty: a repeat answers the first attempt', async () => {
    const me = await t.signIn();
    await addKeyed(me.headers, 'fill');
    const line = (await t.get('/api/cart', me.headers)).json().products[0].id as number;
    const set = () => t.post(`/api/add/item?id=${line}&item=7`, keyed(me.headers, 'set-7'));
    expect((await set()).statusCode).toBe(200);
    expect((await set()).headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    const remove = () => t.delete(`/api/cart/delete?id=${line}`, keyed(me.headers, 'rm'));
    const removed = await remove();
    expect(removed.statusCode).toBe(200);
    // Without the key the repeat would be a 404 (the line is gone); with it, the same 200.
    const again = await remove();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(removed.body);
  });
});

describe('Idempotency-Key on favourites, Opticon uploads and orders', () => {
  it('favourites: a repeat is a replay', async () => {
    const me = await t.signIn();
    const add = () => t.post('/api/fav/add?product_id=IK1', keyed(me.headers, 'fav-1'));
    expect((await add()).statusCode).toBe(200);
    expect((await add()).headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
    const remove = () => t.delete('/api/fav/delete?product_id=IK1', keyed(me.headers, 'fav-2'));
    expect((await remove()).statusCode).toBe(200);
    expect((await remove()).headers[IDEMPOTENT_REPLAY_HEADER]).toBe('true');
  });

  it('an Opticon upload sent twice under its key adds once', async () => {
    const me = await t.signIn();
    const upload = () =>
      t.post('/api/opticon', keyed(me.headers, 'scan-1'), {
        products: [{ code: '036000291452', quantity: 3 }],
      });
    const first = await upload();
    expect(first.statusCode).toBe(200);
    const again = await upload();
    expect(again.body).toBe(first.body);
    expect(await cartQuantities(me.headers)).toEqual({ IK1: 3 });
  });

  it('orders: the key reused for another order is refused with 422; the same request still replays', async () => {
    const me = await t.signIn();
    await addKeyed(me.headers, 'for-order', 'IK2', 300); // $600: above the opening minimum
    const place = (body: object) => t.post('/api/store/orders', keyed(me.headers, 'order-1'), body);
    const first = await place({});
    expect(first.statusCode).toBe(200);
    const replay = await place({});
    expect(replay.json()).toMatchObject({ order_id: first.json().order_id, replayed: true });
    const other = await place({ po_number: 'PO-2' });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.reason.key).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
