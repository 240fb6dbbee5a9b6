import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seededTestDatabase } from '../../test/seeded-database';
import { seedBenchPriceLists } from './bench-price-lists';
import { seedBenchCustomers } from './demo';

describe('bench price lists', () => {
  const { db, rows } = seededTestDatabase({ products: 300, seed: 7 }, (seeded) =>
    seedBenchCustomers(seeded, { customers: 30, cartLines: 2, orders: 0 }),
  );

  it('gives every bench customer a list of its currency, with the mix of entries asked for', async () => {
    const result = await seedBenchPriceLists(db(), { lists: 10, entries: 400 });
    expect(result).toMatchObject({ lists: 10, entries: 400, groups: 20 });
    const [mix] = await rows<Record<string, string>>(sql`
      select count(*) filter (where l.currency = 'USD') as usd_lists_entries,
             count(distinct l.id) filter (where l.currency = 'USD') as usd_lists,
             count(*) filter (where e.brand is not null) as brands,
             count(*) filter (where e.category_id is not null) as categories,
             count(*) filter (where e.min_packs > 1) as breaks,
             count(*) filter (where e.starts_on is not null) as dated,
             count(*) filter (where e.kind = 'fixed' and e.unit_cents >= pp.selling_price_cents) as dearer
        from price_list_entries e join price_lists l on l.id = e.list_id
        left join product_prices pp on pp.product_id = e.product_id
         and pp.country = case l.currency when 'CAD' then 'ca' else 'us' end`);
    expect(Number(mix!.usd_lists)).toBe(1);
    expect(Number(mix!.brands)).toBeGreaterThan(0);
    expect(Number(mix!.categories)).toBe(50);
    expect(Number(mix!.breaks)).toBeGreaterThan(0);
    expect(Number(mix!.dated)).toBeGreaterThan(0);
    expect(Number(mix!.dearer)).toBe(0);
    const unlisted = await rows(sql`
      select u.id from users u where u.email like 'bench%@example.com' and not exists (
        select 1 from price_list_assignments a join price_lists l on l.id = a.list_id
         where a.customer_id = u.id and l.currency = case u.country when 'ca' then 'CAD' else 'USD' end)`);
    expect(unlisted).toEqual([]);
    const [groups] = await rows<{ n: string }>(
      sql`select count(*) as n from price_list_assignments where group_id is not null`,
    );
    expect(Number(groups!.n)).toBe(9);
  });
});
