#!/usr/bin/env node
// node bench/timeline.mjs [--scenario cart/add] [--duration 10] [--bucket 500] [--node-args="--cpu-prof"]
//                          [--caches on|off] [--price-lists on|off]
//
// Where a scenario's slow requests wait: one scenario of bench/scenarios.mjs against the production
// server (started here with --trace-gc), warmed up as bench/run.mjs does (3 s, then a full rotation
// of its customers), then measured with a line per time bucket (0.5 s by default): requests
// answered, p50/p99/max latency of those, GC pause time (and how many were mark-compacts), process
// cache misses (catalogue refills), the event loop's worst lag, requests waiting for a pool
// connection, and what PostgreSQL's backends of the database wait on (pg_stat_activity sampled every
// 50 ms, average number of backends per wait event). A stall shared by every connection shows as
// one bucket with few answers and a high max; its columns say whether GC, the loop, the pool, a
// refill or the database held it. Totals follow: checkpoints, autovacuum runs and transactions per
// request in the window. --caches off starts the API with CACHES=off (as bench/run.mjs). --price-lists
// on|off: the bench's price lists switched on or off before the warm-up (bench/price-lists.mjs, on a
// database seeded with --price-lists; this writes to it) and the realistic scenarios asked as each
// bench customer in turn, so the two runs compare the same customers' CPU per request with and
// without their lists. --short-warmup warms up for 3 s only (what bench/run.mjs did before). Uses the bench database as bench/run.mjs left it (`--reuse`); nothing is
// recorded. BENCH_DB / BENCH_PORT as for bench/run.mjs.
import { spawn } from 'node:child_process';
import os from 'node:os';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  LOAD_OPTIONS,
  ROOT,
  alongside,
  SERVER_NODE_FLAGS,
  SERVER_OPTIONS,
  backendCpu,
  benchTarget,
  cpuSeconds,
  requireChoice,
  scrapeMetrics,
  serverArgv,
  serverEnv,
  serverReady,
  signIn,
  warmUpTopUp,
  withClient,
} from './lib.mjs';
import { setBenchListsActive } from './price-lists.mjs';
import { scenarios } from './scenarios.mjs';

const { values: args } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'cart/add' },
    bucket: { type: 'string', default: '500' },
    ...LOAD_OPTIONS,
    ...SERVER_OPTIONS,
    // The warm-up of bench/run.mjs before it lasted a full rotation (3 s only), for comparison.
    'short-warmup': { type: 'boolean', default: false },
    caches: { type: 'string', default: 'on' },
    'price-lists': { type: 'string' },
  },
});
requireChoice('caches', args.caches, ['on', 'off']);
requireChoice('price-lists', args['price-lists'] ?? 'on', ['on', 'off']);
const { port: PORT, dbUrl, base } = benchTarget('wholesale_bench');
const BUCKET_MS = Number(args.bucket);
const scenario = scenarios.find((s) => s.name.toLowerCase().includes(args.scenario.toLowerCase()));
if (!scenario) {
  console.error(`no scenario matches "${args.scenario}"`);
  process.exit(1);
}

// The production server's own flags (its heap limit changes when V8 collects), then the GC trace.
const server = spawn(process.execPath, serverArgv(args, [...SERVER_NODE_FLAGS, '--trace-gc']), {
  cwd: ROOT,
  env: { ...process.env, ...serverEnv(dbUrl, PORT, { CACHES: args.caches }) },
  stdio: ['ignore', 'pipe', 'inherit'],
});

let t0 = 0;
let measuring = false;
const buckets = new Map();
function bucketAt(time) {
  const key = Math.floor((time - t0) / BUCKET_MS);
  if (!buckets.has(key))
    buckets.set(key, {
      latencies: [],
      gcMs: 0,
      marks: 0,
      misses: 0,
      lagMs: 0,
      poolWaiting: 0,
      samples: 0,
      waits: new Map(),
    });
  return buckets.get(key);
}
const gc = { scavenges: 0, scavengeMs: 0, marks: 0, markMs: 0 };
// --trace-gc lines: "[pid:0x…]  1234 ms: Scavenge 50.1 (60.2) -> 45.0 (60.2) MB, 1.23 / 0.00 ms …"
// (Node 26 puts ", pooled: 0.0 MB" before the pause)
readline.createInterface({ input: server.stdout }).on('line', (line) => {
  const m = line.match(/ms: ([\w-]+).*?, ([\d.]+) \/ [\d.]+ ms/);
  if (!m) {
    if (!line.includes(' ms: ')) console.log(`[server] ${line}`);
    return;
  }
  if (!measuring) return;
  const ms = Number(m[2]);
  const mark = m[1].startsWith('Mark');
  const b = bucketAt(Date.now());
  b.gcMs += ms;
  if (mark) b.marks++;
  gc[mark ? 'marks' : 'scavenges']++;
  gc[mark ? 'markMs' : 'scavengeMs'] += ms;
});

/** Cache misses per cache, the event loop's worst lag since the last scrape, pool waiters (/metrics). */
async function scrape() {
  const text = await scrapeMetrics(base);
  const misses = Object.fromEntries(
    [...text.matchAll(/^cache_misses\{cache="([^"]*)"\} (\d+)/gm)].map((m) => [m[1], Number(m[2])]),
  );
  const value = (re) => Number(text.match(re)?.[1] ?? 0);
  return {
    misses,
    missTotal: Object.values(misses).reduce((a, b) => a + b, 0),
    lagMs: 1000 * value(/^nodejs_eventloop_lag_max_seconds (\S+)/m),
    poolWaiting: value(/^db_pool_connections\{state="waiting"\} (\S+)/m),
  };
}

const IDLE_WAITS = new Set([
  'ClientRead',
  'WalWriterMain',
  'CheckpointerMain',
  'BgWriterMain',
  'BgWriterHibernate',
  'AutoVacuumMain',
  'LogicalLauncherMain',
  'ArchiverMain',
]);

async function sampleWaits(client) {
  const { rows } = await client.query(
    `select state, wait_event_type, wait_event, backend_type from pg_stat_activity
     where pid <> pg_backend_pid() and (datname = current_database() or datname is null)`,
  );
  const b = bucketAt(Date.now());
  b.samples++;
  for (const r of rows) {
    if (!r.wait_event || IDLE_WAITS.has(r.wait_event)) continue;
    if (r.backend_type === 'client backend' && r.state !== 'active') continue;
    const who = r.backend_type === 'client backend' ? '' : `${r.backend_type}:`;
    const key = `${who}${r.wait_event_type}/${r.wait_event}`;
    b.waits.set(key, (b.waits.get(key) ?? 0) + 1);
  }
}

const databaseTotals = (client) =>
  client
    .query(
      `select (select checkpoints_timed + checkpoints_req from pg_stat_bgwriter)::int as checkpoints,
              (select sum(autovacuum_count + autoanalyze_count) from pg_stat_user_tables)::int as autovacuums,
              (select xact_commit from pg_stat_database where datname = current_database())::int as transactions`,
    )
    .then((r) => r.rows[0]);

function percentile(values, p) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main() {
  // As bench/run.mjs does: a warm-up shorter than the build would measure PostgreSQL's ranking.
  await serverReady(base, server, console.log);
  // Signed in as bench/run.mjs is, so an `auth` scenario measures a buyer's request, not a guest's.
  const token = await signIn(base, 'buyer.ca@example.com');
  const ctx = {
    token,
    headers: { authorization: `Bearer ${token}` },
    query: (text, params) => withClient(dbUrl, async (c) => (await c.query(text, params)).rows),
    rotateCustomers: args['price-lists'] !== undefined,
  };
  if (args['price-lists'] !== undefined)
    await setBenchListsActive(ctx, args['price-lists'] === 'on');
  const headers = scenario.auth ? ctx.headers : {};
  const cannon = (opts, onResponse) =>
    new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${base}${typeof scenario.path === 'function' ? scenario.path(ctx) : scenario.path}`,
          method: scenario.method ?? 'GET',
          headers,
          requests: scenario
            .requests?.(ctx)
            .map((r) => ({ ...r, headers: { ...headers, ...(r.headers ?? {}) } })),
          connections: Number(args.connections),
          pipelining: 1,
          ...opts,
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      if (onResponse) instance.on('response', onResponse);
    });

  if (scenario.prepare) await scenario.prepare(ctx);
  const warmed = await alongside(scenario, ctx, async () => {
    const warm = await cannon({ duration: 3 });
    const topUp = warmUpTopUp({
      done: warm.requests.total,
      rotation: scenario.rotation?.(ctx) ?? 0,
      connections: Number(args.connections),
    });
    if (topUp === 0 || args['short-warmup']) return warm.requests.total;
    return warm.requests.total + (await cannon({ amount: topUp })).requests.total;
  });
  if (scenario.prepare) await scenario.prepare(ctx);

  const monitor = new pg.Client({ connectionString: dbUrl });
  await monitor.connect();
  const before = await databaseTotals(monitor);
  const first = await scrape();
  const apiCpuBefore = cpuSeconds(server.pid);
  const benchCpuBefore = process.cpuUsage();
  const pgCpuBefore = await backendCpu(monitor);
  let last = first;
  t0 = Date.now();
  measuring = true;
  const scraper = setInterval(async () => {
    const now = await scrape();
    const b = bucketAt(Date.now() - 1);
    b.misses += now.missTotal - last.missTotal;
    b.lagMs = Math.max(b.lagMs, now.lagMs);
    b.poolWaiting = Math.max(b.poolWaiting, now.poolWaiting);
    last = now;
  }, BUCKET_MS);
  let sampling = true;
  const sampler = (async () => {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    while (sampling) {
      await sampleWaits(client);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.end();
  })();
  // A connection's first answer includes opening it: kept apart, to tell set-up from stalls.
  const opened = new Set();
  const firsts = [];
  const result = await alongside(scenario, ctx, () =>
    cannon({ duration: Number(args.duration) }, (client, _s, _b, ms) => {
      bucketAt(Date.now()).latencies.push(ms);
      if (!opened.has(client)) {
        opened.add(client);
        firsts.push(ms);
      }
    }),
  );
  measuring = false;
  sampling = false;
  clearInterval(scraper);
  await sampler;
  const apiCpu = cpuSeconds(server.pid) - apiCpuBefore;
  const benchCpuUsed = process.cpuUsage(benchCpuBefore);
  const benchCpu = (benchCpuUsed.user + benchCpuUsed.system) / 1e6;
  let pgCpu = 0;
  for (const [pid, sec] of await backendCpu(monitor)) pgCpu += sec - (pgCpuBefore.get(pid) ?? 0);
  const after = await databaseTotals(monitor);
  const end = await scrape();
  await monitor.end();

  console.log(
    `${scenario.name}, ${args.connections} connections, ${args.duration} s after a ${fmtN(warmed)}-request warm-up, caches ${args.caches}${args['price-lists'] === undefined ? '' : `, price lists ${args['price-lists']} (customers rotating)`}`,
  );
  console.log(
    '  t s    n   p50   p99   max | GC ms (marks) | misses | lag ms | pool wait | PostgreSQL waits (backends)',
  );
  for (const [key, b] of [...buckets].sort((a, c) => a[0] - c[0])) {
    const waits = [...b.waits]
      .sort((a, c) => c[1] - a[1])
      .slice(0, 3)
      .map(([w, n]) => `${w} ${(n / Math.max(1, b.samples)).toFixed(1)}`)
      .join(', ');
    const cols = [
      ((key * BUCKET_MS) / 1000).toFixed(1).padStart(4),
      String(b.latencies.length).padStart(4),
      percentile(b.latencies, 50).toFixed(0).padStart(5),
      percentile(b.latencies, 99).toFixed(0).padStart(5),
      Math.max(0, ...b.latencies)
        .toFixed(0)
        .padStart(5),
      `| ${b.gcMs.toFixed(0).padStart(5)} (${b.marks})`.padEnd(15),
      `| ${String(b.misses).padStart(6)}`,
      `| ${b.lagMs.toFixed(0).padStart(6)}`,
      `| ${String(b.poolWaiting).padStart(9)}`,
      `| ${waits}`,
    ];
    console.log(`  ${cols.join(' ')}`);
  }
  const misses = Object.entries(end.misses)
    .map(([name, n]) => [name, n - (first.misses[name] ?? 0)])
    .filter(([, n]) => n > 0);
  console.log(
    `total: ${fmtN(result.requests.total)} requests, ${fmtN(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, errors ${result.errors + result.non2xx}`,
  );
  console.log(
    `first answer on each of ${firsts.length} connections: p50 ${percentile(firsts, 50).toFixed(0)} ms, max ${Math.max(0, ...firsts).toFixed(0)} ms; slowest other answers: ${[
      ...buckets.values(),
    ]
      .flatMap((b) => b.latencies)
      .sort((a, b) => b - a)
      .slice(0, 5)
      .map((v) => v.toFixed(0))
      .join(', ')} ms`,
  );
  console.log(`cache misses: ${misses.map(([n, v]) => `${n} ${v}`).join(', ') || 'none'}`);
  console.log(
    `GC: ${gc.scavenges} scavenges ${gc.scavengeMs.toFixed(0)} ms, ${gc.marks} mark-compacts ${gc.markMs.toFixed(0)} ms`,
  );
  console.log(
    `PostgreSQL: ${after.checkpoints - before.checkpoints} checkpoints, ${after.autovacuums - before.autovacuums} autovacuum/analyze runs, ${((after.transactions - before.transactions) / result.requests.total).toFixed(2)} transactions per request (with this script's own sampling)`,
  );
  const perRequest = (sec) => ((1000 * sec) / result.requests.total).toFixed(3);
  console.log(
    `CPU per request: API process ${perRequest(apiCpu)} ms, PostgreSQL backends of the database ${perRequest(pgCpu)} ms (the samplers' own backends included), this load generator ${perRequest(benchCpu)} ms (its samplers included)`,
  );
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  );
}

function fmtN(n) {
  return Math.round(n).toLocaleString('en-US');
}

main()
  .catch((error) => {
    console.error(error.stack ?? error);
    process.exitCode = 1;
  })
  .finally(() => {
    server.kill('SIGTERM');
  });
