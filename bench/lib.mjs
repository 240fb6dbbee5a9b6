// Helpers shared by the bench scripts (run.mjs, import.mjs, desk.mjs, timeline.mjs, search-tail.mjs):
// their common options, child processes, the bench database, the production server, sign-in and
// autocannon. One rule (bench/README.md): figures come
// from the production server over real HTTP, never from a test run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the bench PostgreSQL server. */
export function databaseUrl(name) {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The database and server port of this run: BENCH_DB / BENCH_PORT (default port 3100) let two
 * people bench side by side, each on an own database and ports.
 */
export function benchTarget(defaultDb) {
  const db = process.env.BENCH_DB ?? defaultDb;
  const port = Number(process.env.BENCH_PORT ?? 3100);
  return { db, port, dbUrl: databaseUrl(db), base: `http://127.0.0.1:${port}` };
}

/** Command-line options (node:util parseArgs) of the scripts that seed their own database. */
export const SEED_OPTIONS = {
  products: { type: 'string', default: '100000' },
  reuse: { type: 'boolean', default: false },
  build: { type: 'boolean', default: false },
  'no-record': { type: 'boolean', default: false },
};

/** How long and with how many connections autocannon loads the server. */
export const LOAD_OPTIONS = {
  duration: { type: 'string', default: '10' },
  connections: { type: 'string', default: '32' },
};

/**
 * Which server build runs: another build to compare against this database (an older commit's
 * apps/api/dist/server.js), since paired runs on one busy machine are what can be compared; and
 * extra Node flags for it (`--node-args="--cpu-prof"`).
 */
export const SERVER_OPTIONS = {
  server: { type: 'string', default: 'apps/api/dist/server.js' },
  'node-args': { type: 'string', default: '' },
};

/** Stops the script, saying why, when option `--name` is not one of `choices`. */
export function requireChoice(name, value, choices) {
  if (choices.includes(value)) return;
  console.error(`--${name} takes ${choices.join(' or ')} (got "${value}")`);
  process.exit(1);
}

/** The server's Node command line: `flags`, then those of --node-args, then the --server build. */
export function serverArgv(args, flags) {
  return [...flags, ...args['node-args'].split(' ').filter(Boolean), args.server];
}

/** Runs a command to its end (output shown); rejects on a non-zero exit. */
export function run(cmd, argv, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${argv.join(' ')} exited with ${code}`)),
    );
  });
}

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Polls `url` until it answers 2xx; fails early when `exited()` says the server died. */
export async function waitFor(url, { timeoutMs = 60_000, exited = () => false } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (exited()) throw new Error(`a server exited before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The environment of the production API server for a bench: PostgreSQL, no demo data, warnings
 * only, no rate limit, and a throw-away encryption key (production refuses to start without one;
 * the bench data has no secrets worth keeping).
 */
/**
 * The Node flags the server runs with, as the Dockerfile's CMD gives them (deploy.test.ts checks
 * that they agree): the heap limit makes V8 collect before the import's garbage grows the process
 * past its memory budget, and without allocation-site pretenuring requests' short-lived objects
 * die young instead of filling the old space (docs/deploy.md, "Memory").
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=512', '--no-allocation-site-pretenuring'];

/**
 * The bearer token the bench's servers are started with and scraped with: production serves
 * /metrics to nobody without one (plugins/observability.ts).
 */
const METRICS_TOKEN = process.env.METRICS_TOKEN ?? randomBytes(16).toString('hex');

/** The API's Prometheus text, as the bench's servers give it to their scraper. */
export async function scrapeMetrics(base) {
  const res = await fetch(`${base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!res.ok) throw new Error(`${base}/metrics answered ${res.status}`);
  return res.text();
}

export function serverEnv(dbUrl, port, extra = {}) {
  return {
    DATABASE_URL: dbUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    APP_ENCRYPTION_KEY: process.env.APP_ENCRYPTION_KEY ?? randomBytes(32).toString('hex'),
    // Production refuses to start without it; loopback may be plain http.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    METRICS_TOKEN,
    ...extra,
  };
}

/** Signs in through POST /api/login with the demo password; answers the bearer token. */
export async function signIn(base, email) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'wholesale-demo' }),
  });
  if (!res.ok) throw new Error(`signing in ${email} answered ${res.status}: ${await res.text()}`);
  return (await res.json()).token;
}

/** One autocannon run (results only, no progress bar). */
export function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ pipelining: 1, ...opts }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, {
      renderProgressBar: false,
      renderResultsTable: false,
      renderLatencyTable: false,
    });
  });
}

/** What the results tables keep of an autocannon run: throughput, latency, failures, requests. */
export function cannonSummary(result) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

/**
 * How many more warm-up requests a rotating scenario needs after `done` answered ones, so that each
 * of its `rotation` customers has been answered once: 0 when the answered ones already cover a
 * rotation; else a whole rotation more, and two requests per connection besides.
 * NOTE: a customer is taken for each request autocannon builds, and when a run stops, up to two
 * requests per connection (one in flight, one built) are never answered. Topping up with only the
 * remainder (`rotation - done`) went on after those customers and left them out: 5 of the 1,000 cart
 * customers met the measured run with their carts not yet kept (2026-11-29). Answered requests come
 * in the order they were built but for those last ones, so the top-up's first `rotation` are all
 * answered, whoever was left out before. It is never below the connection count, which autocannon
 * refuses as an `amount` ("connections cannot be greater than amount").
 */
export function warmUpTopUp({ done, rotation, connections }) {
  if (done >= rotation) return 0;
  return rotation + 2 * connections;
}

/** Runs `load` with the scenario's `during` work beside it (bench/scenarios.mjs), stopped after it. */
export async function alongside(scenario, ctx, load) {
  const stop = scenario.during?.(ctx);
  try {
    return await load();
  } finally {
    await stop?.();
  }
}

export const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The heading of a RESULTS.md section: when the run started (UTC, to the minute) and what it measured. */
export function sectionHeading(startedAt, what) {
  return `## ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC — ${what}`;
}

/** The machine line of a RESULTS.md section. */
export function machineLine(extra = '') {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  return `- Machine: ${os.cpus().length} × ${cpu}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, load average at the end ${load}; Node ${process.version}${extra}.`;
}

/** Drops database `name` (closing its connections) and creates it empty. */
export async function recreateDatabase(name) {
  await withClient(ADMIN_URL, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
}

/**
 * Drops and creates database `name`, then fills it with the API's seed command (`seedArgs` after
 * apps/api/src/db/seed/cli.ts). Answers the seconds the seed took.
 */
export async function seedNewDatabase(name, seedArgs) {
  await recreateDatabase(name);
  const t = Date.now();
  await run(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    ['apps/api/src/db/seed/cli.ts', ...seedArgs],
    { DATABASE_URL: databaseUrl(name) },
  );
  return (Date.now() - t) / 1000;
}

/** Builds the API (npm run build) when `rebuild` asks for it or when there is no build yet. */
export async function buildApiWhenNeeded(rebuild, log) {
  if (!rebuild && fs.existsSync(path.join(ROOT, 'apps/api/dist/server.js'))) return;
  log('building the API');
  await run('npm', ['run', 'build', '-w', '@wholesale/api']);
}

/** Appends a section to bench/RESULTS.md (the lead records figures from quiet-machine runs). */
export function appendResults(lines) {
  const file = path.join(ROOT, 'bench/RESULTS.md');
  if (!fs.existsSync(file)) {
    fs.writeFileSync(
      file,
      '# Benchmark results\n\nAppended by `npm run bench` (bench/README.md). Figures are only comparable within one section: each is also given as a share of a bare Node `http` server measured in the same run.\n',
    );
  }
  fs.appendFileSync(file, lines.join('\n'));
  console.log('[bench] appended to bench/RESULTS.md');
}

/**
 * A RESULTS.md section of a bench script: its heading, the notes under it (machine, command,
 * data…), then its table (header lines, then rows), each part set off by a blank line.
 */
export function resultsSection(startedAt, what, notes, table) {
  return ['', sectionHeading(startedAt, what), '', ...notes, '', ...table, ''];
}

/** Prints a section and appends it to bench/RESULTS.md unless the run says --no-record. */
export function reportSection(lines, args) {
  console.log(lines.join('\n'));
  if (!args['no-record']) appendResults(lines);
}

/** Runs a bench script's `main`, reports its failure (exit code 1) and always runs `cleanup`. */
export function runMain(tag, main, cleanup) {
  main()
    .catch((error) => {
      console.error(`[${tag}] ${error.stack ?? error}`);
      process.exitCode = 1;
    })
    .finally(cleanup);
}

/**
 * Waits until the API's in-process search index is built (`search_index_products` > 0 on /metrics;
 * docs/decisions/026-in-process-search-index.md), so no search row measures the build. An API
 * started with SEARCH_INDEX=off, or an empty catalogue, reports 0: then it waits at most
 * `timeoutMs` (2 minutes; a million products take longer to index).
 */
export async function waitForSearchIndex(base, log, timeoutMs = 120_000) {
  if (process.env.SEARCH_INDEX === 'off') return;
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const text = await scrapeMetrics(base);
    const products = Number(/^search_index_products (\d+)/m.exec(text)?.[1] ?? 0);
    if (products > 0) {
      log(
        `search index built (${products} products) after ${fmt((Date.now() - started) / 1000, 1)} s`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(
    `search index not built after ${fmt(timeoutMs / 60_000, 1)} minutes; searches rank in PostgreSQL`,
  );
}

/**
 * Waits until a server started here answers its health check (failing at once if it exits) and
 * has built its search index, so that no measurement includes the build.
 */
export async function serverReady(base, server, log) {
  await waitFor(`${base}/api/health`, { exited: () => server.exitCode !== null });
  await waitForSearchIndex(base, log);
}

/**
 * The API process's memory as its /metrics reports it (prom-client's default metrics, from
 * process.memoryUsage): V8 heap used and reserved, and the resident set, in MB.
 */
export async function apiMemory(base) {
  const text = await scrapeMetrics(base);
  const mb = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
  return {
    heapUsedMb: mb('nodejs_heap_size_used_bytes'),
    heapTotalMb: mb('nodejs_heap_size_total_bytes'),
    // Outside the heap: typed arrays (the search index's postings) and buffers.
    externalMb: mb('nodejs_external_memory_bytes'),
    rssMb: mb('process_resident_memory_bytes'),
  };
}

/**
 * Hits and misses summed over the catalogue and search caches (`catalogue.*`), read from the API's
 * /metrics. The session cache and the order desk's counts are left out: a signed-in
 * scenario hits the session cache on almost every request, which would make a cold catalogue look
 * warm.
 */
export async function cacheCounts(base) {
  const text = await scrapeMetrics(base);
  const counts = { hits: 0, misses: 0 };
  // cache_hits{cache="…"} / cache_misses{cache="…"}: one line per registered cache (plugins/observability.ts).
  for (const m of text.matchAll(/^cache_(hits|misses)\{cache="catalogue\.[^"]*"\} (\d+)/gm))
    counts[m[1]] += Number(m[2]);
  return counts;
}

export function hitRatio(before, after) {
  const hits = after.hits - before.hits;
  const total = hits + after.misses - before.misses;
  return total > 0 ? `${((100 * hits) / total).toFixed(1)} %` : '–';
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); 0 when it is gone. */
export function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of every PostgreSQL backend of this database (other than the asking one), by pid. */
export async function backendCpu(client) {
  const { rows } = await client.query(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
}
