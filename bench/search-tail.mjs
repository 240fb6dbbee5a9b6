#!/usr/bin/env node
// node bench/search-tail.mjs [--lang fr] [--server apps/api/dist/server.js] [--connections 32] [--requests 6000]
//
// Where a caches-off search's slow answers come from, per query kind (docs/decisions/026, addenda):
// starts the production server (CACHES=off) on the bench database as `--reuse` left it, waits for the
// search index, then
//   1. asks each distinct query of the language once, one at a time (service time: the query's own
//      cost, its new tokens' lookup included), then all of them again (tokens known);
//   2. runs the language's realistic traffic (bench/traffic/generate.mjs) at `--connections`,
//      after a warm-up of the same length, and tells which kinds of query the slowest 1 % are;
// and prints CPU per request of the API process and of the database's PostgreSQL backends (/proc),
// the figure to compare on a shared machine. Nothing is recorded. BENCH_DB / BENCH_PORT as for run.mjs.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import * as bench from './lib.mjs';
import { searchQueries, searchTraffic } from './traffic/generate.mjs';

const { values: args } = parseArgs({
  options: {
    lang: { type: 'string', default: 'fr' },
    requests: { type: 'string', default: '6000' },
    top: { type: 'string', default: '15' },
    'skip-sequential': { type: 'boolean', default: false },
    connections: bench.LOAD_OPTIONS.connections,
    ...bench.SERVER_OPTIONS,
  },
});
const { port: PORT, dbUrl, base } = bench.benchTarget('wholesale_bench');
const log = (m) => console.log(`[tail] ${m}`);

const server = spawn(process.execPath, bench.serverArgv(args, bench.SERVER_NODE_FLAGS), {
  cwd: bench.ROOT,
  env: { ...process.env, ...bench.serverEnv(dbUrl, PORT, { CACHES: 'off' }) },
  stdio: ['ignore', 'inherit', 'inherit'],
});

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function get(path, token) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(
      `${base}${path}`,
      { agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`${path} answered ${res.statusCode}`));
          else resolve(performance.now() - started);
        });
      },
    );
    req.on('error', reject);
  });
}

/** Runs `paths` over `connections` concurrent workers (one shared cursor); latencies by index. */
async function load(paths, token, connections) {
  const ms = new Float64Array(paths.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < paths.length; i = next++) ms[i] = await get(paths[i], token);
    }),
  );
  return ms;
}

async function measureCpu(monitor, fn) {
  const api = bench.cpuSeconds(server.pid);
  const backends = await bench.backendCpu(monitor);
  const out = await fn();
  let pgCpu = 0;
  for (const [pid, sec] of await bench.backendCpu(monitor)) pgCpu += sec - (backends.get(pid) ?? 0);
  return { out, api: bench.cpuSeconds(server.pid) - api, pg: pgCpu };
}

function byKind(rows) {
  const kinds = new Map();
  for (const r of rows) {
    const k = kinds.get(r.kind) ?? [];
    k.push(r.ms);
    kinds.set(r.kind, k);
  }
  return [...kinds]
    .map(([kind, list]) => {
      list.sort((a, b) => a - b);
      const mean = list.reduce((s, x) => s + x, 0) / list.length;
      return `${kind} n=${list.length} mean ${mean.toFixed(1)} p50 ${percentile(list, 0.5).toFixed(1)} p99 ${percentile(list, 0.99).toFixed(1)} max ${list.at(-1).toFixed(1)}`;
    })
    .join('\n  ');
}

async function main() {
  await bench.waitFor(`${base}/api/health`);
  await bench.waitForSearchIndex(base, log);
  const token = await bench.signIn(base, 'buyer.ca@example.com');
  const monitor = new pg.Client({ connectionString: dbUrl });
  await monitor.connect();
  const query = async (text, params) => (await monitor.query(text, params)).rows;
  const lang = args.lang;
  const all = await searchQueries(query);
  const queries = all.filter((q) => q.lang === lang);
  const kindOf = new Map(queries.map((q) => [q.q, q.kind]));
  const pathOf = (q) =>
    `/api/search/?search_term=${encodeURIComponent(q.q)}&lang_code=${q.lang}&country=ca`;
  log(`${queries.length} distinct ${lang} queries`);
  if (!args['skip-sequential'])
    for (const pass of ['first', 'again']) {
      const rows = [];
      const { api, pg: pgCpu } = await measureCpu(monitor, async () => {
        for (const q of queries) rows.push({ ...q, ms: await get(pathOf(q), token) });
      });
      const n = rows.length;
      log(
        `sequential, ${pass} asking: CPU per request API ${((1000 * api) / n).toFixed(2)} ms, PostgreSQL ${((1000 * pgCpu) / n).toFixed(2)} ms\n  ${byKind(rows)}`,
      );
      rows.sort((a, b) => b.ms - a.ms);
      // The slowest asked five times more: the best of those tells a costly query from a stall.
      const slowest = rows.slice(0, Number(args.top));
      for (const r of slowest) {
        r.best = Infinity;
        for (let k = 0; k < 5; k++) r.best = Math.min(r.best, await get(pathOf(r), token));
      }
      log(
        `slowest (${pass}), then the best of 5 more:\n  ${slowest
          .map((r) => `${r.ms.toFixed(1)} / ${r.best.toFixed(1)} ms ${r.kind} "${r.q}"`)
          .join('\n  ')}`,
      );
    }
  const traffic = (await searchTraffic(query, lang, all)).slice(0, 2 * Number(args.requests));
  const connections = Number(args.connections);
  const warm = traffic.slice(0, traffic.length / 2);
  const measured = traffic.slice(traffic.length / 2);
  await load(warm, token, connections);
  const started = performance.now();
  const {
    out: ms,
    api,
    pg: pgCpu,
  } = await measureCpu(monitor, () => load(measured, token, connections));
  const seconds = (performance.now() - started) / 1000;
  const rows = measured.map((p, i) => {
    const text = decodeURIComponent(/search_term=([^&]*)/.exec(p)[1]);
    return { q: text, kind: kindOf.get(text) ?? '?', ms: ms[i] };
  });
  const sorted = Float64Array.from(ms).sort();
  const p99 = percentile(sorted, 0.99);
  const n = rows.length;
  log(
    `${connections} connections, ${n} requests: ${(n / seconds).toFixed(0)} req/s, p50 ${percentile(sorted, 0.5).toFixed(1)} p99 ${p99.toFixed(1)} ms; CPU per request API ${((1000 * api) / n).toFixed(2)} ms, PostgreSQL ${((1000 * pgCpu) / n).toFixed(2)} ms\n  ${byKind(rows)}`,
  );
  const tail = rows.filter((r) => r.ms >= p99);
  log(`the slowest 1 % (≥ p99) by kind:\n  ${byKind(tail)}`);
  await monitor.end();
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    agent.destroy();
    server.kill('SIGINT');
  });
