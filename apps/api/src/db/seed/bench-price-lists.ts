import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { finishBulkLoad, startBulkLoad } from './bulk-load';

/*
 * Price lists at the scale the product targets (docs/product/pricing.md), for the bench: `lists`
 * lists holding `entries` entries in all, given to the bench customers (bench%@example.com) one by
 * one and through groups. Set-based over generate_series with arithmetic instead of random(), so the
 * same sizes give the same rows every time.
 */

export type BenchPriceListOptions = { lists: number; entries: number };

/** Every tenth list is in USD (for the American customers); the others in CAD. */
const USD_EVERY = 10;
/** Brand and category entries per list (percent off); the rest of a list's entries price products. */
const BRANDS_PER_LIST = 3;
const CATEGORIES_PER_LIST = 5;
/** Bench customers fall into this many groups; each group is given one CAD list. */
const GROUPS = 20;

export async function seedBenchPriceLists(
  db: Database,
  { lists, entries }: BenchPriceListOptions,
): Promise<{ lists: number; entries: number; assignments: number; groups: number }> {
  const perList = Math.max(1, Math.floor(entries / Math.max(lists, 1)));
  const productSlots = Math.max(0, perList - BRANDS_PER_LIST - CATEGORIES_PER_LIST);
  const n = (r: { rows: Array<Record<string, unknown>> }) => Number(r.rows[0]?.n ?? 0);
  let counts = { lists: 0, entries: 0, assignments: 0, groups: 0 };

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into price_lists (name, currency)
      select 'Bench list ' || l, case when l % ${USD_EVERY}::int = ${USD_EVERY - 1}::int then 'USD' else 'CAD' end
        from generate_series(0, ${lists - 1}::int) l`);
    await tx.execute(sql`
      create temporary table seed_pl on commit drop as
      select id, split_part(name, ' ', 3)::int as l,
             case currency when 'CAD' then 'ca' else 'us' end as country,
             row_number() over (partition by currency order by id) - 1 as cn
        from price_lists where name like 'Bench list %'`);
    // The products priced in each country, in a scattered but fixed order (so a list's products are
    // spread over every category's pages), numbered from 0.
    await tx.execute(sql`
      create temporary table seed_pl_products on commit drop as
      select pp.country, row_number() over (partition by pp.country order by md5(p.product_id)) - 1 as rn,
             p.id, pp.selling_price_cents as cents
        from product_prices pp join products p on p.id = pp.product_id
       where pp.country in ('ca', 'us') and pp.selling_price_cents > 0`);
    await tx.execute(sql`create index on seed_pl_products (country, rn)`);
    await tx.execute(sql`analyze seed_pl_products`);

    const deferred = await startBulkLoad(tx, ['price_list_entries']);
    // Products: per 20 entries, 14 fixed prices 3–15 % under the selling price, 2 percent off, a
    // promotion running today with a 10-pack break on the same product, a 25-pack break alone and a
    // promotion starting in ten days.
    await tx.execute(sql`
      insert into price_list_entries (list_id, product_id, min_packs, kind, unit_cents, basis_points, starts_on, ends_on)
      select l.id, p.id,
             case k % 20 when 17 then 10 when 18 then 25 else 1 end,
             case when k % 20 in (14, 15) then 'percent_off' else 'fixed' end,
             case when k % 20 in (14, 15) then null
                  when k % 20 = 17 then (p.cents * 80) / 100
                  else (p.cents * (85 + (k * 7 + l.l) % 13)) / 100 end,
             case when k % 20 in (14, 15) then 300 + (k * 37 + l.l) % 1200 end,
             case k % 20 when 16 then current_date - (k % 30) when 19 then current_date + 10 end,
             case k % 20 when 16 then current_date + 1 + (k % 60) when 19 then current_date + 40 end
        from seed_pl l
        cross join generate_series(0, ${productSlots - 1}::int) k
        join (select country, count(*) as total from seed_pl_products group by country) c on c.country = l.country
        join seed_pl_products p on p.country = l.country
         and p.rn = ((l.cn * 7919) + (k - case when k % 20 = 17 then 1 else 0 end)) % c.total
       where k < c.total
      on conflict do nothing`);
    await tx.execute(sql`
      insert into price_list_entries (list_id, brand, kind, basis_points)
      select l.id, b.brand, 'percent_off', 200 + (l.l * 53 + b.rn) % 1300
        from seed_pl l
        join (select brand, row_number() over (order by brand) - 1 as rn, count(*) over () as total
                from (select distinct brand from products where brand is not null) s) b
          on ((b.rn - l.l * ${BRANDS_PER_LIST}::int) % b.total + b.total) % b.total < ${BRANDS_PER_LIST}::int
      on conflict do nothing`);
    await tx.execute(sql`
      insert into price_list_entries (list_id, category_id, kind, basis_points)
      select l.id, c.id, 'percent_off', 500 + (l.l * 71 + c.rn) % 1500
        from seed_pl l
        join (select id, row_number() over (order by id) - 1 as rn, count(*) over () as total from categories) c
          on ((c.rn - l.l * ${CATEGORIES_PER_LIST}::int) % c.total + c.total) % c.total < ${CATEGORIES_PER_LIST}::int
      on conflict do nothing`);
    await finishBulkLoad(tx, ['price_list_entries'], deferred);

    // Customers: the bench customers of each country numbered from 0; groups of Canadian ones.
    await tx.execute(sql`
      create temporary table seed_pl_customers on commit drop as
      select id, country, row_number() over (partition by country order by id) - 1 as un
        from users where role = 'customer' and country in ('ca', 'us')
         and (email like 'bench%@example.com' or country = 'us')`);
    await tx.execute(sql`
      insert into customer_groups (name)
      select 'Bench group ' || g from generate_series(0, ${GROUPS - 1}::int) g on conflict do nothing`);
    await tx.execute(sql`
      insert into customer_group_members (group_id, customer_id)
      select g.id, c.id from seed_pl_customers c
        join customer_groups g on g.name = 'Bench group ' || (c.un % ${GROUPS}::int)
       where c.country = 'ca' on conflict do nothing`);
    // Each customer is given the list of its number (every list of its currency reached), every
    // third one a second list; each group the first CAD lists, which then also reach by group.
    await tx.execute(sql`
      insert into price_list_assignments (list_id, customer_id)
      select distinct l.id, c.id from seed_pl_customers c
        join (select country, count(*) as total from seed_pl group by country) t on t.country = c.country
        join seed_pl l on l.country = c.country
         and (l.cn = c.un % t.total or (c.un % 3 = 0 and l.cn = (c.un * 7 + 1) % t.total))`);
    await tx.execute(sql`
      insert into price_list_assignments (list_id, group_id)
      select l.id, g.id from customer_groups g
        join seed_pl l on l.country = 'ca' and 'Bench group ' || l.cn = g.name`);

    counts = {
      lists: n(await tx.execute(sql`select count(*) as n from seed_pl`)),
      entries: n(await tx.execute(sql`select count(*) as n from price_list_entries`)),
      assignments: n(await tx.execute(sql`select count(*) as n from price_list_assignments`)),
      groups: n(await tx.execute(sql`select count(*) as n from customer_groups`)),
    };
  });
  return counts;
}
