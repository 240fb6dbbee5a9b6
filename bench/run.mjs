#!/usr/bin/env node
// npm run bench -- [--products 100000 | --million] [--scenario all|<group>|<name fragment>]
//                  [--duration 10] [--connections 32] [--customers 1000] [--reuse] [--build]
//                  [--no-record] [--caches on|off] [--json FILE]
//                  [--price-lists [--lists 200] [--list-entries 1000000]]
//
// --million is --products 1000000. --json FILE also writes the run's figures (data sizes, seeding
// time, the API's memory after start, each scenario's row) as JSON, for bench/sizes.mjs.
//
// --caches off starts the API with CACHES=off (no in-process catalogue/search cache keeps anything),
// so the cold cost shows beside the warm one; every scenario row reports the cache hit ratio it saw.
//
// --price-lists seeds --lists price lists holding --list-entries entries over the bench customers,
// runs each realistic and cart scenario as those customers with their lists and with the lists off
// (in four half-length passes: with, without, without, with), and writes the two side by side
// (bench/price-lists.mjs); the order scenario then buys as customers with lists.
//
// --reuse keeps the last wholesale_bench database (no reseed); --build rebuilds apps/api/dist first.
//
// Measures the production server against PostgreSQL (bench/README.md): a fresh database
// `wholesale_bench` seeded with N products, `node apps/api/dist/server.js` on port 3100, autocannon on
// each scenario of bench/scenarios.mjs, and a bare Node `http` server answering a constant on the same
// machine in the same run (the ceiling each figure is quoted against). Appends to bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  ADMIN_URL,
  alongside,
  LOAD_OPTIONS,
  ROOT,
  SEED_OPTIONS,
  SERVER_NODE_FLAGS,
  benchTarget,
  buildApiWhenNeeded,
  cacheCounts,
  apiMemory,
  cannon as cannonRun,
  cannonSummary,
  fmt,
  hitRatio,
  machineLine,
  reportSection,
  requireChoice,
  resultsSection,
  scrapeMetrics,
  seedNewDatabase,
  serverEnv,
  waitFor as waitForUrl,
  withClient,
  waitForSearchIndex,
  warmUpTopUp,
} from './lib.mjs';
import {
  FIRST_PASS_WARM_UP_SECONDS,
  priceListComparison,
  priceListScenarios,
  setBenchListsActive,
} from './price-lists.mjs';
import { scenarios } from './scenarios.mjs';

const { db: DB_NAME, port: PORT, dbUrl } = benchTarget('wholesale_bench');
const BARE_PORT = PORT + 1;

const { values: args } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'all' },
    customers: { type: 'string' },
    caches: { type: 'string', default: 'on' },
    million: { type: 'boolean', default: false },
    json: { type: 'string' },
    'price-lists': { type: 'boolean', default: false },
    lists: { type: 'string', default: '200' },
    'list-entries': { type: 'string', default: '1000000' },
    ...SEED_OPTIONS,
    ...LOAD_OPTIONS,
  },
});
requireChoice('caches', args.caches, ['on', 'off']);
const products = args.million ? 1_000_000 : Number(args.products);
const duration = Number(args.duration);
const connections = Number(args.connections);
const priceLists = args['price-lists'];
const matching = scenarios.filter(
  (s) =>
    args.scenario === 'all' ||
    s.group === args.scenario ||
    s.group.startsWith(`${args.scenario}-`) ||
    s.name.toLowerCase().includes(args.scenario.toLowerCase()),
);
const selected = priceLists ? priceListScenarios(matching) : matching;
if (!selected.length) {
  console.error(
    `no scenario matches "${args.scenario}" (groups: ${[...new Set(scenarios.map((s) => s.group))].join(', ')})`,
  );
  process.exit(1);
}
// Cart-type scenarios need the bench customers (1,000 customers × 50-line carts, 100,000 orders);
// so do price lists, which are given to them.
const customers = Number(
  args.customers ??
    (priceLists || selected.some((s) => s.group === 'cart' || s.group === 'orders') ? 1000 : 0),
);

const log = (line) => console.log(`[bench] ${line}`);
const children = [];
/** The bench's own connections to the bench database (scenario data, refills), closed at the end. */
const pool = new pg.Pool({ connectionString: dbUrl, max: 3 });

function start(cmd, argv, env, name) {
  const child = spawn(cmd, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!child.stopping) {
      console.error(`[bench] ${name} stopped unexpectedly (${code ?? signal})`);
      process.exitCode = 1;
    }
  });
  children.push(child);
  return child;
}

async function stopAll() {
  await pool.end().catch(() => undefined);
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.stopping = true;
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
}

const waitFor = (url) =>
  waitForUrl(url, { exited: () => children.some((c) => c.exitCode !== null && !c.stopping) });

/** Signs in through POST /api/login; without that route, writes a session row the way createSession does. */
async function signIn(base) {
  const email = 'buyer.ca@example.com';
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'wholesale-demo' }),
  });
  if (res.ok) {
    const body = await res.json();
    if (body.token) return { token: body.token, via: 'POST /api/login' };
  } else if (res.status !== 404) {
    throw new Error(`POST /api/login answered ${res.status}: ${await res.text()}`);
  }
  // Same scheme as apps/api/src/modules/accounts/session.service.ts createSession: sha256 of the token.
  const token = randomBytes(32).toString('base64url');
  await withClient(dbUrl, (c) =>
    c.query(
      `insert into sessions (token_hash, user_id, csrf_token, expires_at)
       select $1, id, $2, now() + interval '30 days' from users where email = $3`,
      [
        createHash('sha256').update(token).digest('hex'),
        randomBytes(32).toString('base64url'),
        email,
      ],
    ),
  );
  return { token, via: 'session row (no /api/login route)' };
}

const cannon = (opts) => cannonRun({ connections, ...opts });

function requestOptions(scenario, ctx, base) {
  const headers = { ...(scenario.auth ? ctx.headers : {}) };
  const method = scenario.method ?? 'GET';
  let body;
  if (scenario.body !== undefined) {
    body = JSON.stringify(typeof scenario.body === 'function' ? scenario.body(ctx) : scenario.body);
    headers['content-type'] = 'application/json';
  }
  const p = typeof scenario.path === 'function' ? scenario.path(ctx) : scenario.path;
  const opts = { url: `${base}${p}`, method, headers, body };
  if (scenario.requests)
    opts.requests = scenario
      .requests(ctx)
      .map((r) => ({ ...r, headers: { ...headers, ...(r.headers ?? {}) } }));
  return opts;
}

function summarise(name, result, hits = '–') {
  return { name, hits, ...cannonSummary(result) };
}

async function main() {
  const startedAt = new Date();
  const timings = {};

  if (!args.reuse) {
    log(`creating database ${DB_NAME}`);
    const seedArgs = ['--products', String(products)];
    if (customers > 0)
      seedArgs.push('--customers', String(customers), '--cart-lines', '50', '--orders', '100000');
    if (priceLists)
      seedArgs.push('--price-lists', args.lists, '--price-entries', args['list-entries']);
    timings.seed = await seedNewDatabase(DB_NAME, seedArgs);
    log(`seeded in ${fmt(timings.seed, 1)} s`);
  }

  await buildApiWhenNeeded(args.build, log);

  const base = `http://127.0.0.1:${PORT}`;
  start(
    process.execPath,
    [...SERVER_NODE_FLAGS, 'apps/api/dist/server.js'],
    serverEnv(dbUrl, PORT, { CACHES: args.caches }),
    'API server',
  );
  const bare = start(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":true}'); }).listen(${BARE_PORT}, '127.0.0.1')`,
    ],
    {},
    'bare server',
  );
  await waitFor(`${base}/api/health`);
  await waitFor(`http://127.0.0.1:${BARE_PORT}/`);
  void bare;
  // Ten minutes: the build reads every product's search document (minutes at a million products).
  await waitForSearchIndex(base, log, 600_000);
  // The API's memory once it is up with its search index built, before any scenario fills a cache.
  const memory = await apiMemory(base);
  log(
    `API after start: heap used ${fmt(memory.heapUsedMb)} MB of ${fmt(memory.heapTotalMb)} MB, external ${fmt(memory.externalMb)} MB, RSS ${fmt(memory.rssMb)} MB`,
  );

  const { token, via } = await signIn(base);
  log(`signed in buyer.ca@example.com via ${via}`);
  const ctx = {
    token,
    headers: { authorization: `Bearer ${token}` },
    query: async (text, params) => (await pool.query(text, params)).rows,
    rotateCustomers: priceLists,
  };
  ctx.productIds = (
    await ctx.query(
      `select p.product_id from products p join product_prices pp on pp.product_id = p.id and pp.country = 'ca'
       where p.active order by p.id limit 500`,
    )
  ).map((r) => r.product_id);
  ctx.userId = (
    await ctx.query(`select id from users where email = 'buyer.ca@example.com'`)
  )[0]?.id;

  // Data sizes before the scenarios (write scenarios add cart lines and orders).
  const counts = await withClient(dbUrl, (c) =>
    c.query(`select (select count(*) from products) as products, (select count(*) from users) as users,
                    (select count(*) from orders) as orders, (select count(*) from cart_lines) as cart_lines,
                    (select count(*) from price_lists) as price_lists,
                    (select count(*) from price_list_entries) as price_entries,
                    (select count(distinct customer_id) from price_list_assignments) as listed_customers`),
  ).then((r) => r.rows[0]);
  if (priceLists && Number(counts.price_lists) === 0)
    throw new Error('--price-lists on a database without price lists: run it without --reuse');
  const results = [];
  log(`bare Node http server, ${duration} s × ${connections} connections`);
  await cannon({ url: `http://127.0.0.1:${BARE_PORT}/`, duration: 2 });
  const bareResult = summarise(
    'bare Node http (constant JSON)',
    await cannon({ url: `http://127.0.0.1:${BARE_PORT}/`, duration }),
  );
  results.push(bareResult);

  for (const scenario of selected) {
    // --price-lists: the bench lists on or off for this scenario, before its warm-up.
    if (priceLists) await setBenchListsActive(ctx, scenario.priceLists);
    // A scenario may prepare its data first (sessions for many customers, stock levels).
    if (scenario.prepare) await scenario.prepare(ctx);
    const opts = requestOptions(scenario, ctx, base);
    // Warm-up: JIT, connection pool, caches and generated images, for 3 s (or the scenario's
    // `warmUpSeconds`) and then until one full rotation of the scenario's customers has been asked
    // (a server that has been up for a while has seen each buyer's session and cart products; a
    // cold 3 s does not reach 1,000 of them).
    await alongside(scenario, ctx, async () => {
      const warm = await cannon({ ...opts, duration: scenario.warmUpSeconds ?? 3 });
      const topUp = warmUpTopUp({
        done: warm.requests.total,
        rotation: scenario.rotation?.(ctx) ?? 0,
        connections,
      });
      if (topUp > 0) await cannon({ ...opts, amount: topUp });
    });
    // Again after the warm-up, which consumed data too (orders empty carts, adds grow them).
    if (scenario.prepare) await scenario.prepare(ctx);
    log(
      `${scenario.name}: ${duration * (scenario.durationShare ?? 1)} s × ${connections} connections`,
    );
    const before = await cacheCounts(base);
    // A scenario measured in parts (bench/price-lists.mjs) gives each part its share of the duration.
    const measured = await alongside(scenario, ctx, () =>
      cannon({ ...opts, duration: duration * (scenario.durationShare ?? 1) }),
    );
    const r = summarise(scenario.name, measured, hitRatio(before, await cacheCounts(base)));
    results.push(r);
    log(
      `  ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, cache hits ${r.hits}`,
    );
  }
  // After every scenario has filled its caches: what a server that has been up for a while holds.
  const memoryAfter = await apiMemory(base);
  const entries = [
    ...(await scrapeMetrics(base)).matchAll(/^cache_entries\{cache="([^"]*)"\} (\d+)/gm),
  ]
    .map((m) => [m[1], Number(m[2])])
    .sort((a, b) => b[1] - a[1]);
  log(
    `API after the scenarios: heap used ${fmt(memoryAfter.heapUsedMb)} MB of ${fmt(memoryAfter.heapTotalMb)} MB, RSS ${fmt(memoryAfter.rssMb)} MB; cache entries: ${entries.map(([name, n]) => `${name} ${fmt(n)}`).join(', ')}`,
  );
  await stopAll();

  const pgVersion =
    (await withClient(ADMIN_URL, (c) => c.query('show server_version')).then(
      (r) => r.rows[0].server_version,
    )) ?? '?';
  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();
  const lines = resultsSection(
    startedAt,
    `${fmt(Number(counts.products))} products`,
    [
      machineLine(`; PostgreSQL ${pgVersion}`),
      `- Command: \`${command}\` (${connections} connections, ${duration} s per scenario after a warm-up of 3 s and at least one full rotation of the scenario's customers; server and load generator on the same machine).`,
      `- Data: ${fmt(Number(counts.products))} products, ${fmt(Number(counts.users))} users, ${fmt(Number(counts.orders))} orders, ${fmt(Number(counts.cart_lines))} cart lines, ${fmt(Number(counts.price_lists))} price lists holding ${fmt(Number(counts.price_entries))} entries given to ${fmt(Number(counts.listed_customers))} customers directly (more through groups)${timings.seed ? `; seeding took ${fmt(timings.seed, 1)} s` : ' (reused database)'}.`,
      ...(priceLists
        ? [
            `- Signed in as the ${fmt(customers)} bench customers in turn (each request the next one) in every realistic, cart and order scenario; each has at least one price list, directly or through a group. A scenario measured with and without lists runs as four passes of ${fmt(duration / 2, 1)} s, the first after a warm-up of ${FIRST_PASS_WARM_UP_SECONDS} s (bench/price-lists.mjs).`,
          ]
        : []),
      `- Process caches: ${args.caches} (CACHES=${args.caches}); "cache hits" is the share of cache reads that hit during the measured run, over the catalogue and search caches (the session cache left out).`,
      `- API after start (search index built, before the scenarios): heap used ${fmt(memory.heapUsedMb)} MB of ${fmt(memory.heapTotalMb)} MB, external ${fmt(memory.externalMb)} MB, RSS ${fmt(memory.rssMb)} MB; after the scenarios: heap used ${fmt(memoryAfter.heapUsedMb)} MB of ${fmt(memoryAfter.heapTotalMb)} MB, RSS ${fmt(memoryAfter.rssMb)} MB.`,
    ],
    [
      '| Scenario | req/s | p50 ms | p99 ms | errors | cache hits | vs bare Node |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (r) =>
          `| ${r.name} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.hits} | ${fmt((100 * r.rps) / bareResult.rps, 1)} % |`,
      ),
      ...priceListComparison(results),
    ],
  );
  reportSection(lines, args);
  if (args.json)
    fs.writeFileSync(
      args.json,
      JSON.stringify(
        {
          products: Number(counts.products),
          seedSeconds: timings.seed ?? null,
          caches: args.caches,
          memory,
          memoryAfter,
          loadAverage: os.loadavg(),
          bare: bareResult,
          scenarios: results.slice(1),
        },
        null,
        2,
      ),
    );
}

main().catch(async (error) => {
  console.error(`[bench] ${error.stack ?? error}`);
  await stopAll();
  process.exit(1);
});
