// The order desk's bench data (bench/desk.mjs): customers and two years of orders written by
// INSERT … SELECT over generate_series in one transaction (no API call), on a database that already
// holds the catalogue (the seed CLI). Deterministic: setseed() fixes PostgreSQL's random().
//
//   customers  desk<n>@example.com, 70 % Canadian / 30 % American, en/fr/es 60/30/10, company and
//              owner names from word lists (so a name search finds a few, not all);
//   orders     created over the last 730 days, more of them recent; the customer drawn with a
//              skew (a few customers order a lot); 1–5 lines of products sold in the customer's
//              country; 70 % carry a PO number in one of three formats;
//   statuses   by age, as a desk sees them: new orders placed or accepted, last week's picking or
//              shipped, older ones shipped, invoiced or cancelled; the status history walks every
//              step up to the status (staff orders@example.com), with a parcel for shipped orders;
//   pool       every tenth order is `placed` with only its first step, and is listed in the table
//              bench_desk_pool: the status-change scenario accepts them, and resetPool() puts them
//              back before each measurement.

import { tsImport } from 'tsx/esm/api';

// Customer codes are the contract's (TypeScript source, loaded through tsx like bench/import.mjs).
const { formatCustomerCode } = await tsImport(
  '../packages/contract/src/accounts/customer-code.ts',
  import.meta.url,
);

export const DESK_EMAIL = 'desk%@example.com';

const FIRST = [
  'Marie',
  'Jean',
  'Sofia',
  'Liam',
  'Chloé',
  'Noah',
  'Lucía',
  'Olivia',
  'Mateo',
  'Emma',
  'Gabriel',
  'Léa',
  'Ethan',
  'Camila',
  'Félix',
  'Ava',
  'Diego',
  'Zoé',
  'Owen',
  'Valentina',
];
const LAST = [
  'Tremblay',
  'Gagnon',
  'Roy',
  'Smith',
  'Johnson',
  'García',
  'Martínez',
  'Côté',
  'Bouchard',
  'Brown',
  'Wilson',
  'López',
  'Pelletier',
  'Taylor',
  'Morin',
  'Lavoie',
  'Hernández',
  'Anderson',
  'Fortin',
  'Clark',
  'Gauthier',
  'Walker',
  'Ramírez',
  'Ouellet',
  'Young',
];
const COMPANY_A = [
  'Maple',
  'Northern',
  'Prairie',
  'Atlantic',
  'Golden',
  'Silver',
  'Harbour',
  'Cedar',
  'Summit',
  'Lakeside',
  'Pacific',
  'Riverside',
  'Aurora',
  'Granite',
  'Willow',
  'Bluebird',
];
const COMPANY_B = [
  'Fabrics',
  'Notions',
  'Sewing',
  'Quilts',
  'Crafts',
  'Textiles',
  'Yarns',
  'Buttons',
  'Haberdashery',
  'Stitches',
  'Mercerie',
  'Costura',
];
const COMPANY_C = ['Ltd', 'Inc.', 'Co.', 'Supply', 'Wholesale', 'Boutique', 'Shop', 'Corp.'];

const sqlArray = (items) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/** True when the desk data is there already (a --reuse run keeps it). */
export async function hasDeskData(client, customers) {
  const { rows } = await client.query(
    `select (select count(*) from users where email like $1)::int as customers,
            (select count(*) from orders)::int as orders,
            to_regclass('bench_desk_pool') is not null as pool`,
    [DESK_EMAIL],
  );
  return rows[0].customers >= customers && rows[0].orders > 0 && rows[0].pool;
}

/** Writes the customers, orders, lines, parcels, status history and the pool (see the top). */
export async function seedDesk(client, { customers, orders, log }) {
  const step = async (label, text) => {
    const t = Date.now();
    const r = await client.query(text);
    log(`  ${label}: ${r.rowCount ?? 0} rows in ${Date.now() - t} ms`);
  };
  await client.query('begin');
  try {
    await client.query('select setseed(0.42)');
    const { rows: staff } = await client.query(
      `select id from users where email = 'orders@example.com'`,
    );
    if (!staff.length) throw new Error('no orders@example.com: seed the demo accounts first');
    const staffId = staff[0].id;
    const { rows: pw } = await client.query(
      `select password_hash from users where email = 'buyer.ca@example.com'`,
    );

    await step(
      'customers',
      `insert into users (email, password_hash, role, owner_name, company_name, country, lang,
                          created_at, last_sign_in_at)
       select 'desk' || g || '@example.com', '${pw[0]?.password_hash ?? ''}', 'customer',
              (${sqlArray(FIRST)})[1 + (g * 7) % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (g * 13) % ${LAST.length}],
              (${sqlArray(COMPANY_A)})[1 + (g * 11) % ${COMPANY_A.length}] || ' ' ||
                (${sqlArray(COMPANY_B)})[1 + (g * 5) % ${COMPANY_B.length}] || ' ' ||
                (${sqlArray(COMPANY_C)})[1 + (g * 3) % ${COMPANY_C.length}],
              case when g % 10 < 7 then 'ca' else 'us' end,
              case when g % 10 < 6 then 'en' when g % 10 < 9 then 'fr' else 'es' end,
              now() - interval '800 days' + (g % 700) * interval '1 day',
              now() - (g % 90) * interval '1 day'
       from generate_series(1, ${customers}) g
       on conflict do nothing`,
    );
    // Codes as approval gives them (country prefix, 100000 + the user id): one format everywhere.
    const { rows: uncoded } = await client.query(
      `select id, country from users where email like $1 and customer_code is null`,
      [DESK_EMAIL],
    );
    await client.query(
      `update users set customer_code = v.code
       from unnest($1::int[], $2::text[]) as v(id, code) where users.id = v.id`,
      [uncoded.map((u) => u.id), uncoded.map((u) => formatCustomerCode(u.country, u.id))],
    );
    await client.query(`create temporary table desk_customers on commit drop as
      select row_number() over (order by id) - 1 as cn, id, country from users where email like '${DESK_EMAIL}'`);
    await client.query(`create index on desk_customers (cn)`);
    // Products sold in each country, numbered per country for arithmetic picking.
    await client.query(`create temporary table desk_products on commit drop as
      select pp.country, row_number() over (partition by pp.country order by pp.product_id) - 1 as rn,
             pp.product_id, p.product_id as code, p.class_code, p.ship_pack, pp.selling_price_cents,
             coalesce(t.name, p.product_id) as name
      from product_prices pp join products p on p.id = pp.product_id
      left join product_translations t on t.product_id = p.id and t.lang = 'en'
      where p.active`);
    await client.query(`create index on desk_products (country, rn)`);
    await client.query(`analyze desk_products`);

    // Age in days skewed to recent (a growing business), the customer skewed to the first ones;
    // ids given in creation order (oldest first), as real orders have them.
    await client.query(`create temporary table desk_new on commit drop as
      select (select coalesce(max(id), 0) from orders) + row_number() over (order by age_days desc, stamp) as id,
             g, c.id as user_id, c.country,
             date_trunc('day', now()) - age_days * interval '1 day' + stamp * interval '10 hours' + interval '7 hours' as created_at,
             case
               when g % 10 = 0 then 'placed'
               when age_days < 3 then (array['placed','accepted','accepted','picking','cancelled'])[1 + (g / 10) % 5]
               when age_days < 14 then (array['accepted','picking','partially_shipped','shipped','shipped','shipped','cancelled'])[1 + (g / 10) % 7]
               when age_days < 60 then (array['shipped','shipped','invoiced','invoiced','partially_shipped','cancelled'])[1 + (g / 10) % 6]
               else (array['invoiced','invoiced','invoiced','invoiced','invoiced','invoiced','invoiced','invoiced','invoiced','invoiced','shipped','cancelled'])[1 + (g / 10) % 12]
             end as status,
             case (g / 7) % 10
               when 0 then null when 1 then null when 2 then null
               when 3 then '4500' || lpad(((g * 7919) % 1000000)::text, 6, '0')
               when 4 then '4500' || lpad(((g::bigint * 104729) % 1000000)::text, 6, '0')
               when 5 then 'PO-' || (10000 + (g * 31) % 90000)
               when 6 then 'PO-' || (10000 + (g * 17) % 90000)
               when 7 then upper(substr(md5(g::text), 1, 3)) || '-' || (2024 + g % 3) || '-' || lpad((g % 9999)::text, 4, '0')
               else 'PO' || (g * 13) % 1000000
             end as po_number,
             case when g % 9 = 0 then 'Please ship with the next delivery' end as comment,
             1 + (g * 7) % 5 as line_count
      from (
        select g, floor(730 * power(random(), 1.6))::int as age_days,
               floor(${customers} * power(random(), 2.2))::int as cn,
               random() as stamp
        from generate_series(1, ${orders}) g
      ) s
      join desk_customers c on c.cn = s.cn`);
    await client.query(`create index on desk_new (id)`);
    await step(
      'orders',
      `insert into orders (id, user_id, country, status, po_number, comment, total_cents, created_at, updated_at, version)
       select id, user_id, country, status, po_number, comment, 0, created_at, created_at, 1
       from desk_new order by id`,
    );
    await client.query(`select setval('orders_id_seq', (select max(id) from orders))`);

    const { rows: counts } = await client.query(
      `select country, count(*)::int as n from desk_products group by country`,
    );
    const perCountry = Object.fromEntries(counts.map((r) => [r.country, r.n]));
    await step(
      'order lines',
      `insert into order_lines (order_id, product_id, product_code, name, class_code, quantity, ship_pack,
                                unit_price_cents, line_total_cents, stock_taken)
       select o.id, p.product_id, p.code, p.name, p.class_code, q, p.ship_pack, p.selling_price_cents,
              p.selling_price_cents * q * p.ship_pack, q
       from desk_new o
       cross join lateral generate_series(0, o.line_count - 1) l
       cross join lateral (select 1 + (o.id + l) % 6 as q) qty
       join desk_products p on p.country = o.country
        and p.rn = (o.id * 31 + l * 7919) % (case o.country when 'us' then ${perCountry.us ?? 1} else ${perCountry.ca ?? 1} end)`,
    );
    await client.query(`update orders o set total_cents = s.total
      from (select order_id, sum(line_total_cents)::int as total from order_lines
            where order_id in (select id from desk_new) group by order_id) s
      where s.order_id = o.id`);

    // The walk to each status: step k happens k × (6 to 30) hours after the order.
    await client.query(
      `create temporary table desk_paths (status text, k int, from_status text, to_status text) on commit drop`,
    );
    await client.query(`insert into desk_paths values
      ('placed', 0, null, 'placed'),
      ('accepted', 0, null, 'placed'), ('accepted', 1, 'placed', 'accepted'),
      ('picking', 0, null, 'placed'), ('picking', 1, 'placed', 'accepted'), ('picking', 2, 'accepted', 'picking'),
      ('partially_shipped', 0, null, 'placed'), ('partially_shipped', 1, 'placed', 'accepted'),
      ('partially_shipped', 2, 'accepted', 'picking'), ('partially_shipped', 3, 'picking', 'partially_shipped'),
      ('shipped', 0, null, 'placed'), ('shipped', 1, 'placed', 'accepted'), ('shipped', 2, 'accepted', 'picking'),
      ('shipped', 3, 'picking', 'shipped'),
      ('invoiced', 0, null, 'placed'), ('invoiced', 1, 'placed', 'accepted'), ('invoiced', 2, 'accepted', 'picking'),
      ('invoiced', 3, 'picking', 'shipped'), ('invoiced', 4, 'shipped', 'invoiced'),
      ('cancelled', 0, null, 'placed'), ('cancelled', 1, 'placed', 'cancelled')`);
    await step(
      'status history',
      `insert into order_status_history (order_id, from_status, to_status, actor_user_id, note, at)
       select o.id, p.from_status, p.to_status, case when p.k = 0 then o.user_id else ${staffId} end,
              case when p.to_status = 'cancelled' then 'Customer asked to cancel' end,
              least(o.created_at + p.k * (6 + o.id % 25) * interval '1 hour', now())
       from desk_new o join desk_paths p on p.status = o.status
       order by o.id, p.k`,
    );
    await client.query(`update orders o set version = h.steps, updated_at = h.last_at
      from (select order_id, count(*)::int as steps, max(at) as last_at from order_status_history
            where order_id in (select id from desk_new) group by order_id) h
      where h.order_id = o.id`);
    await step(
      'parcels',
      `insert into shipments (order_id, carrier, tracking_number, shipped_by_user_id, shipped_at)
       select o.id, case o.country when 'us' then 'ups' else 'canada_post' end,
              upper(substr(md5(o.id::text), 1, 16)), ${staffId}, h.at
       from desk_new o join order_status_history h on h.order_id = o.id and h.to_status in ('shipped', 'partially_shipped')
       where o.status in ('shipped', 'invoiced', 'partially_shipped')`,
    );
    // Shipped orders: every line in the parcel; partially shipped: the first line only.
    await client.query(`update order_lines l set shipment_id = s.id
      from shipments s join desk_new o on o.id = s.order_id
      where l.order_id = s.order_id
        and (o.status <> 'partially_shipped' or l.id = (select min(id) from order_lines where order_id = o.id))`);
    await client.query(`drop table if exists bench_desk_pool`);
    await client.query(`create table bench_desk_pool as
      select id as order_id from desk_new where status = 'placed' and g % 10 = 0`);
    await client.query(`alter table bench_desk_pool add primary key (order_id)`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  await client.query('vacuum analyze');
}

/**
 * Puts every pool order back to `placed` (only its first history step, version 1), so the
 * status-change scenario accepts each of them once. Mails, webhook deliveries and audit rows of
 * earlier runs stay, as they would in production.
 */
export async function resetPool(client) {
  await client.query(`delete from order_status_history h using bench_desk_pool p
    where h.order_id = p.order_id and h.to_status <> 'placed'`);
  await client.query(`update orders o set status = 'placed', version = 1, updated_at = o.created_at
    from bench_desk_pool p where p.order_id = o.id and (o.status <> 'placed' or o.version <> 1)`);
  await client.query('vacuum analyze orders, order_status_history');
  const { rows } = await client.query(`select order_id from bench_desk_pool order by order_id`);
  return rows.map((r) => r.order_id);
}
