import { createHash, randomBytes } from 'node:crypto';
import {
  detailTraffic,
  listingTraffic,
  searchQueries,
  searchTraffic,
} from './traffic/generate.mjs';
// Load scenarios for bench/run.mjs. Add yours here: one entry per endpoint worth watching.
//
// Each scenario:
//   name      shown in bench/RESULTS.md (say what is asked: method, path, who)
//   group     'platform' | 'catalogue' | 'cart' | … — `--scenario <group>` runs one group, `all` every one
//   auth      true: the request carries the signed-in buyer.ca@example.com's bearer token
//   method    'GET' by default
//   path      a string, or (ctx) => string
//   body      optional object (sent as JSON), or (ctx) => object
//   requests  optional (ctx) => autocannon request list, for rotating paths (then path is only the first)
//   prepare   optional async (ctx) => void, run once before the scenario (bench/run.mjs awaits it)
//   rotation  optional (ctx) => number: requests after which the rotating requests start over (one per
//             customer); the warm-up lasts at least that many requests, so the measured run sees a
//             server in steady state, not the first visit of each customer
//   during    optional (ctx) => async stop(): work started beside each load run (the warm-up, the
//             measured run) and stopped after it, such as refilling the carts orders empty
//
// ctx: { token, userId, headers (auth headers), productIds (up to 500 sample SKU codes sold in 'ca'),
//        query(sql, params) → rows (on the bench database),
//        rotateCustomers (--price-lists: realistic scenarios ask as each bench customer in turn) }

/** @type {Array<{name: string, group: string, auth?: boolean, method?: string, path: string | ((ctx: any) => string), body?: unknown, requests?: (ctx: any) => Array<object>}>} */
export const scenarios = [
  { name: 'GET /api/health', group: 'platform', path: '/api/health' },
  {
    name: 'GET /api/categories?lang=fr (guest)',
    group: 'catalogue',
    path: '/api/categories?lang=fr',
  },
  {
    name: 'GET /api/categories?lang=fr (signed in)',
    group: 'catalogue',
    auth: true,
    path: '/api/categories?lang=fr',
  },
  {
    name: 'GET /images/products/:id.jpg (stored swatch, 500 SKUs)',
    group: 'catalogue',
    path: (ctx) => `/images/products/${ctx.productIds[0]}.jpg`,
    requests: (ctx) =>
      ctx.productIds.map((id) => ({ method: 'GET', path: `/images/products/${id}.jpg` })),
  },
  // Catalogue & search (docs/decisions/008-catalogue-search-and-listings.md). BT (Buttons) is the largest top-level category of the generator
  // (~9 % of the products); 'Maple Notions' is one of its three brands.
  {
    name: 'hot path: GET /api/cadProducts BT, brand filter, 25/page (signed in)',
    group: 'catalogue',
    auth: true,
    path: `/api/cadProducts?category=BT&brand=${encodeURIComponent('Maple Notions')}&pagination=25&lang=en`,
  },
  {
    // Beyond the 3 s page cache (decision 013): 300 different pages of BT, each asked about once a
    // second at most, so nearly every request reads PostgreSQL.
    name: 'hot path: GET /api/cadProducts BT pages 1–300 rotating, 25/page (signed in)',
    group: 'catalogue',
    auth: true,
    path: '/api/cadProducts?category=BT&pagination=25&page=1',
    requests: () =>
      Array.from({ length: 300 }, (_, i) => ({
        method: 'GET',
        path: `/api/cadProducts?category=BT&pagination=25&page=${i + 1}&lang=en`,
      })),
  },
  {
    name: 'hot path: GET /api/cadProducts BT page 1 (signed in)',
    group: 'catalogue',
    auth: true,
    path: '/api/cadProducts?category=BT&pagination=25&page=1',
  },
  {
    name: 'hot path: GET /api/cadProducts BT page 200 (signed in)',
    group: 'catalogue',
    auth: true,
    path: '/api/cadProducts?category=BT&pagination=25&page=200',
  },
  {
    name: 'hot path: GET /api/productDescription (signed in, 500 SKUs)',
    group: 'catalogue',
    auth: true,
    path: (ctx) =>
      `/api/productDescription?product_id=${encodeURIComponent(ctx.productIds[0])}&country=ca`,
    requests: (ctx) =>
      ctx.productIds.map((id) => ({
        method: 'GET',
        path: `/api/productDescription?product_id=${encodeURIComponent(id)}&country=ca&lang=en`,
      })),
  },
  {
    name: 'hot path: GET /api/search/ "wooden button" (en, signed in)',
    group: 'search',
    auth: true,
    path: `/api/search/?search_term=${encodeURIComponent('wooden button')}&lang_code=`,
  },
  {
    name: 'hot path: GET /api/search/ "bouton bois" (fr, signed in)',
    group: 'search',
    auth: true,
    path: `/api/search/?search_term=${encodeURIComponent('bouton bois')}&lang_code=fr`,
  },
  {
    name: 'hot path: GET /api/search/ "botón madera" (es, signed in)',
    group: 'search',
    auth: true,
    path: `/api/search/?search_term=${encodeURIComponent('botón madera')}&lang_code=es`,
  },
  {
    name: 'hot path: GET /api/search/suggest?q=butt (guest)',
    group: 'search',
    path: '/api/search/suggest?q=butt&lang_code=en',
  },
  // Realistic traffic (bench/traffic/generate.mjs): request lists generated from the catalogue with
  // a fixed seed, handed out in order across all connections. Groups `realistic` and, per area,
  // `realistic-search` / `realistic-catalogue`. Run them with `--caches off` too.
  realistic(
    'details: GET /api/productDescription, every SKU, Zipf s=1.1 (signed in)',
    'realistic-catalogue',
    detailTraffic,
  ),
  realistic(
    'listings: category × page × size × filter, Zipf (signed in)',
    'realistic-catalogue',
    listingTraffic,
  ),
  realistic(
    'search: 6,000 distinct queries en/fr/es 60/30/10, typos, SKUs, barcodes, no-match (signed in)',
    'realistic-search',
    (q, ctx) => searchTraffic(q, undefined, distinctQueries(ctx)),
  ),
  realistic('search: distinct-query mix, English only (signed in)', 'realistic-search', (q, ctx) =>
    searchTraffic(q, 'en', distinctQueries(ctx)),
  ),
  realistic('search: distinct-query mix, French only (signed in)', 'realistic-search', (q, ctx) =>
    searchTraffic(q, 'fr', distinctQueries(ctx)),
  ),
  realistic('search: distinct-query mix, Spanish only (signed in)', 'realistic-search', (q, ctx) =>
    searchTraffic(q, 'es', distinctQueries(ctx)),
  ),
  // Cart & orders (docs/decisions/009-cart-and-orders.md): 1,000 bench customers with 50-line carts and 100,000 past orders.
  // Each request rotates to the next customer (autocannon setupRequest), so 32 connections act as
  // many different buyers, as they would in production.
  rotatingShoppers({
    name: 'POST /api/cart/add (1,000 customers, rotating)',
    group: 'cart',
    method: 'POST',
    path: '/api/cart/add',
    counter: 'add',
    request: (n, _shopper, ctx) => ({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        product_id: ctx.stockedCodes[n % ctx.stockedCodes.length],
        item: 1,
      }),
    }),
  }),
  rotatingShoppers({
    name: 'GET /api/cart (50-line carts, 1,000 customers, rotating)',
    group: 'cart',
    path: '/api/cart?lang=en',
    counter: 'cart',
  }),
  rotatingShoppers({
    name: 'POST /api/store/orders, 10-line order (1,000 customers, rotating)',
    group: 'orders',
    method: 'POST',
    path: '/api/store/orders',
    counter: 'order',
    during: refillOrderedLines,
    request: (n, shopper, ctx, context) => {
      // Each customer's 50-line cart gives five distinct 10-line orders; consecutive requests go
      // to different customers (one customer's orders queue on its cart lines' locks).
      const k = Math.floor(n / ctx.shoppers.length) % 5;
      const chunk = shopper.cartCodes.slice(k * 10, k * 10 + 10);
      // Put back into the cart once the order has answered (refillOrderedLines).
      context.ordered = {
        userId: shopper.id,
        productIds: shopper.cartIds.slice(k * 10, k * 10 + 10),
      };
      return {
        headers: {
          'content-type': 'application/json',
          // Unique per run: a key of an earlier run would answer that order again (a replay,
          // no lines written), and replays would be counted as orders.
          'idempotency-key': `bench-${RUN_ID}-${n}-${shopper.id}`,
        },
        body: JSON.stringify({
          product_id: chunk,
          order_comment: 'bench',
          po_number: `B-${n}`,
        }),
      };
    },
  }),
  rotatingShoppers({
    name: 'GET /api/order-history page 1 (~100 orders each, 1,000 customers, rotating)',
    group: 'orders',
    path: '/api/order-history?lang=en&page=1',
    counter: 'history',
  }),
];

/**
 * A scenario whose every request is made by the next of the bench customers in turn (autocannon
 * setupRequest), so 32 connections act as many different buyers. `request(n, shopper, ctx)` gives
 * what the n-th request adds: headers beside the customer's bearer token, a body.
 */
function rotatingShoppers({
  name,
  group,
  method = 'GET',
  path,
  counter,
  request = () => ({}),
  during,
}) {
  return {
    name,
    group,
    ...(method === 'GET' ? {} : { method }),
    path: path.split('?')[0],
    prepare: prepareShoppers,
    rotation: (ctx) => ctx.shoppers.length,
    ...(during ? { during } : {}),
    requests: (ctx) => [
      {
        method,
        path,
        // `context` is autocannon's per-connection object: what a request leaves there is read
        // back when its answer arrives (onResponse), before the connection's next request.
        setupRequest: (req, context) => {
          const n = next(counter);
          const shopper = ctx.shoppers[n % ctx.shoppers.length];
          const { headers, ...rest } = request(n, shopper, ctx, context);
          return {
            ...req,
            headers: { ...req.headers, authorization: `Bearer ${shopper.token}`, ...headers },
            ...rest,
          };
        },
        onResponse: (_status, _body, context) => {
          if (context.ordered) ctx.ordered?.push(context.ordered);
          context.ordered = undefined;
        },
      },
    ],
  };
}

/**
 * Puts each order's ten lines back into its customer's cart once the order has answered, on a
 * connection of its own, for as long as a load run lasts. 1,000 customers' 50-line carts hold 5,000
 * ten-line orders: a 10 s run above 500 orders a second emptied them and measured refusals. A chunk
 * is ordered again five rotations (5,000 requests) after it was ordered; one refill statement takes
 * every answer that arrived since the one before, so it trails the orders by a few milliseconds at
 * any speed. Answers `stop`, which waits for the last refill.
 */
function refillOrderedLines(ctx) {
  const ordered = [];
  ctx.ordered = ordered;
  let running = true;
  const loop = (async () => {
    while (running || ordered.length) {
      if (!ordered.length) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      const batch = ordered.splice(0);
      await ctx.query(
        `insert into cart_lines (user_id, product_id, country, quantity)
         select s.user_id, s.product_id, s.country, s.quantity
           from unnest($1::int[], $2::int[]) as t(user_id, product_id)
           join bench_cart_seed s on s.user_id = t.user_id and s.product_id = t.product_id
          order by s.user_id, s.product_id
         on conflict (user_id, country, product_id) do update set quantity = excluded.quantity, selected = true`,
        [
          batch.flatMap((o) => o.productIds.map(() => o.userId)),
          batch.flatMap((o) => o.productIds),
        ],
      );
    }
  })();
  return async () => {
    running = false;
    await loop;
    ctx.ordered = undefined;
  };
}

/** A scenario whose requests come from a generated list (one shared cursor over all connections). */
function realistic(name, group, generate) {
  return {
    name,
    group,
    auth: true,
    path: '/api/health',
    prepare: async (ctx) => {
      ctx.traffic ??= new Map();
      if (!ctx.traffic.has(name)) ctx.traffic.set(name, await generate(ctx.query, ctx));
      if (ctx.rotateCustomers) await shopperSessions(ctx);
    },
    rotation: (ctx) => (ctx.rotateCustomers ? ctx.shoppers.length : 0),
    requests: (ctx) => {
      const paths = ctx.traffic.get(name);
      return [
        {
          method: 'GET',
          path: paths[0],
          // --price-lists: each request as the next bench customer (their lists priced per request).
          setupRequest: (req) => {
            const path = paths[next(name) % paths.length];
            if (!ctx.rotateCustomers) return { ...req, path };
            const shopper = ctx.shoppers[next(`${name} customer`) % ctx.shoppers.length];
            return {
              ...req,
              path,
              headers: { ...req.headers, authorization: `Bearer ${shopper.token}` },
            };
          },
        },
      ];
    },
  };
}

/** The run's distinct search queries, drawn once for the four search scenarios. */
function distinctQueries(ctx) {
  ctx.searchQueries ??= searchQueries(ctx.query);
  return ctx.searchQueries;
}

/** Tells this process's requests from an earlier run's (idempotency keys). */
const RUN_ID = randomBytes(6).toString('hex');

const counters = new Map();
/** A process-wide sequence per scenario, so concurrent connections never repeat a request. */
function next(name) {
  const n = counters.get(name) ?? 0;
  counters.set(name, n + 1);
  return n;
}

/** A session for each bench customer (bench%@example.com), made once per run: `ctx.shoppers`. */
async function shopperSessions(ctx) {
  if (!ctx.shoppers) {
    const users = await ctx.query(
      `select id from users where email like 'bench%@example.com' order by id`,
    );
    if (!users.length)
      throw new Error('no bench customers: run with --customers (cart/orders groups add them)');
    const shoppers = users.map((u) => ({ id: u.id, token: randomBytes(32).toString('base64url') }));
    await ctx.query(
      `insert into sessions (token_hash, user_id, csrf_token, expires_at)
       select h, u, c, now() + interval '1 day' from unnest($1::text[], $2::int[], $3::text[]) as t(h, u, c)`,
      [
        shoppers.map((s) => createHash('sha256').update(s.token).digest('hex')),
        shoppers.map((s) => s.id),
        shoppers.map(() => randomBytes(16).toString('hex')),
      ],
    );
    ctx.shoppers = shoppers;
  }
}

/**
 * Sessions for the bench customers, their cart codes, and enough stock on every Canadian product
 * that orders measure the order path, not refusals. Cheap to repeat.
 */
async function prepareShoppers(ctx) {
  await shopperSessions(ctx);
  if (!ctx.stockedCodes) {
    ctx.stockedCodes = (
      await ctx.query(`select p.product_id from products p join product_prices pp on pp.product_id = p.id and pp.country = 'ca'
                       where p.active and p.class_code <> 'N' order by p.id limit 500`)
    ).map((r) => r.product_id);
  }
  await ctx.query(
    `update product_prices set available = 1000000 where country = 'ca' and available < 100000`,
  );
  // Every cart back to its seeded 50 lines (orders empty carts, adds grow them): the first run keeps
  // a copy of the seeded lines, later runs restore it.
  await ctx.query(
    `create table if not exists bench_cart_seed as
     select user_id, product_id, country, quantity from (
       select c.*, row_number() over (partition by c.user_id order by c.id) as n
       from cart_lines c join users u on u.id = c.user_id where u.email like 'bench%@example.com') s
     where n <= 50`,
  );
  // The refill of the order scenario finds a customer's ordered lines by this index.
  await ctx.query(
    'create index if not exists bench_cart_seed_line on bench_cart_seed (user_id, product_id)',
  );
  // In place, so repeated runs do not bloat the table and its indexes.
  await ctx.query(
    `delete from cart_lines c where c.user_id = any($1::int[]) and not exists (
       select 1 from bench_cart_seed s where s.user_id = c.user_id and s.product_id = c.product_id and s.country = c.country)`,
    [ctx.shoppers.map((s) => s.id)],
  );
  await ctx.query(
    `insert into cart_lines (user_id, product_id, country, quantity)
     select user_id, product_id, country, quantity from bench_cart_seed order by user_id, product_id
     on conflict (user_id, country, product_id) do update set quantity = excluded.quantity, selected = true
     where cart_lines.quantity <> excluded.quantity or not cart_lines.selected`,
  );
  // The tables the cart and order scenarios write, vacuumed as autovacuum keeps them in production.
  // NOTE: this machine's PostgreSQL runs with autovacuum off: every order leaves a dead orders row
  // (its total is written after the claim) and ten product_prices rows, and the seed leaves 100,000,
  // so without this a run measured the bloat left by the runs before it (index-only scans of a
  // customer's orders turned into heap reads).
  await ctx.query('vacuum analyze cart_lines, orders, product_prices, sessions');
  // The codes (and ids) of each customer's cart, in a stable order.
  const carts = await ctx.query(
    `select c.user_id, array_agg(p.product_id order by c.id) as codes, array_agg(p.id order by c.id) as ids
     from cart_lines c join products p on p.id = c.product_id
     where c.user_id = any($1::int[]) group by c.user_id`,
    [ctx.shoppers.map((s) => s.id)],
  );
  const byUser = new Map(carts.map((r) => [r.user_id, r]));
  for (const s of ctx.shoppers) {
    s.cartCodes = byUser.get(s.id)?.codes ?? [];
    s.cartIds = byUser.get(s.id)?.ids ?? [];
  }
}
