import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import type { DatabaseHandle } from '../client';
import { seedDemoData } from './demo';

/** Indexes, foreign keys and enabled triggers of the catalogue tables: what a bulk load must put back. */
const SHAPE = sql`
  select 'index ' || indexdef as item from pg_indexes where schemaname = 'public'
  union all
  select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    from pg_constraint where connamespace = 'public'::regnamespace
  union all
  select 'trigger ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text
    from pg_trigger where not tgisinternal
  order by 1`;

describe('bulk-loaded catalogue', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let shapeBefore: string[];
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await handle.db.execute<T>(query)).rows;
  const shape = async () => (await rows<{ item: string }>(SHAPE)).map((r) => r.item);

  beforeAll(async () => {
    ({ handle, drop } = await createTestDatabase());
    shapeBefore = await shape();
    await seedDemoData(handle.db, { products: 400, seed: 11, bulk: true });
  });
  afterAll(async () => {
    await drop();
  });

  it('puts back every index, foreign key and trigger it set aside', async () => {
    expect(await shape()).toEqual(shapeBefore);
  });

  it('sets the sold flags the price trigger would have set', async () => {
    const [wrong] = await rows<{ n: string }>(sql`
      select count(*) as n from products p
       where p.sold_ca <> exists (select 1 from product_prices pp where pp.product_id = p.id and pp.country = 'ca')
          or p.sold_us <> exists (select 1 from product_prices pp where pp.product_id = p.id and pp.country = 'us')`);
    expect(Number(wrong!.n)).toBe(0);
    const [sold] = await rows<{ n: string }>(sql`select count(*) as n from products where sold_ca`);
    expect(Number(sold!.n)).toBeGreaterThan(300);
  });

  it('builds the same search documents and words as the translation triggers', async () => {
    await handle.exec(`
      create table bulk_docs as select product_id, doc from product_search;
      create table bulk_words as select word from search_words;
      truncate product_search, search_words;
      select ws_refresh_product_search(array(select id from products));`);
    const [docs] = await rows<{ n: string; differ: string }>(sql`
      select count(*) as n,
             count(*) filter (where b.doc is distinct from s.doc) as differ
        from product_search s full join bulk_docs b on b.product_id = s.product_id`);
    expect(Number(docs!.n)).toBe(400);
    expect(Number(docs!.differ)).toBe(0);
    const [words] = await rows<{ n: string; differ: string }>(sql`
      select count(*) as n, count(*) filter (where b.word is null or s.word is null) as differ
        from search_words s full join bulk_words b on b.word = s.word`);
    expect(Number(words!.n)).toBeGreaterThan(50);
    expect(Number(words!.differ)).toBe(0);
  });
});
