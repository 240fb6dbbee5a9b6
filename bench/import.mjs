#!/usr/bin/env node
// node bench/import.mjs [--rows 100000 | --products N | --million] [--stock-rows 10000]
//                       [--duration 10] [--connections 16] [--build] [--no-record] [--timings]
//                       [--full-only] [--server apps/api/dist/server.js] [--node-args "..."]
//
// The catalogue import against a running production server (bench/README.md, "Catalogue import";
// targets in docs/product/back-office-catalogue.md): a fresh database with categories, classes and
// the demo accounts but no product, `node apps/api/dist/server.js` with its import worker, and the
// staff member content@example.com uploading generated files through POST /api/admin/imports:
//   1. a full file (every column but image) into the empty catalogue;
//   2. the same file again (every row unchanged);
//   3. a stock-only file of --stock-rows rows;
//   4. listing and search throughput (autocannon, buyer.ca@example.com) without an import, then
//      while a full import that changes every price runs.
// The server's peak RSS (VmRSS, sampled every 100 ms) is reported over the whole run. --timings runs
// the server at log level info and prints each import's time per phase (parse, validate, stage,
// diff, each catalogue statement, progress, commit), as the import worker logs it, with the CPU
// seconds of the server and of its PostgreSQL backends and the peak RSS so far.
// --full-only stops after the first import (a million rows: the one figure worth the machine's
// time); the server then accepts as many rows as the file has (IMPORT_MAX_ROWS). --server runs
// another build (an older commit's apps/api/dist/server.js) for a before/after pair on one machine.
// Appends a section to bench/RESULTS.md unless --no-record.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import {
  ROOT,
  SERVER_NODE_FLAGS,
  SERVER_OPTIONS,
  reportSection,
  resultsSection,
  cacheCounts,
  benchTarget,
  buildApiWhenNeeded,
  cannon as cannonRun,
  fmt,
  hitRatio,
  machineLine,
  runMain,
  seedNewDatabase,
  serverArgv,
  serverEnv,
  signIn as signInAs,
  waitFor,
  withClient,
} from './lib.mjs';

// The column list is the contract's (TypeScript source, loaded through tsx like `npm run fuzz`).
const { IMPORT_COLUMNS } = await tsImport(
  '../packages/contract/src/imports/columns.ts',
  import.meta.url,
);
const { db: DB_NAME, port: PORT, dbUrl } = benchTarget('wholesale_bench_import');

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    // Aliases of --rows, as bench/run.mjs names catalogue sizes.
    products: { type: 'string' },
    million: { type: 'boolean', default: false },
    'full-only': { type: 'boolean', default: false },
    'stock-rows': { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    build: { type: 'boolean', default: false },
    'no-record': { type: 'boolean', default: false },
    timings: { type: 'boolean', default: false },
    ...SERVER_OPTIONS,
  },
});
const rows = args.million ? 1_000_000 : Number(args.products ?? args.rows);
const stockRows = Math.min(Number(args['stock-rows']), rows);
const duration = Number(args.duration);
const connections = Number(args.connections);
// The full and re-import targets are per 100,000 rows (docs/product/back-office-catalogue.md): a
// million rows in at most 5 minutes.
const perHundredThousand = (seconds) => Math.max(seconds, (seconds * rows) / 100_000);
const TARGETS = {
  full: perHundredThousand(30),
  reimport: perHundredThousand(15),
  stock: 3,
  rssMb: 400,
  throughput: 50,
};

const log = (line) => console.log(`[bench:import] ${line}`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
let server = null;

/** Peak resident memory of the server process, read from /proc every 100 ms (Linux). */
function sampleRss(pid) {
  let peak = 0;
  let now = 0;
  const read = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      now = kb * 1024;
      peak = Math.max(peak, now);
    } catch {
      // the process is gone, or this is not Linux
    }
  };
  read();
  const timer = setInterval(read, 100);
  return {
    peak: () => peak,
    now: () => now,
    stop: () => clearInterval(timer),
  };
}

/** CPU seconds (user + system) a process has used, from /proc (Linux); null when it is gone. */
function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks (getconf CLK_TCK: 100 on Linux)
  } catch {
    return null;
  }
}

/**
 * CPU seconds used by the server and by the PostgreSQL backends connected to its database, sampled
 * every 100 ms: `since()` answers what each used since the last `mark()`. Load-independent evidence
 * for --timings (wall times on a busy machine are not).
 */
function sampleCpu(serverPid, client) {
  const backends = new Map();
  let server = cpuSeconds(serverPid) ?? 0;
  let serverMark = server;
  const read = async () => {
    const { rows } = await client.query(
      "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
    );
    for (const { pid } of rows) {
      const used = cpuSeconds(pid);
      if (used === null) continue;
      const seen = backends.get(pid);
      if (seen) seen.last = used;
      else backends.set(pid, { mark: used, last: used });
    }
    server = cpuSeconds(serverPid) ?? server;
  };
  let reading = read();
  const timer = setInterval(() => {
    reading = reading.then(read);
  }, 100);
  return {
    mark: async () => {
      await reading;
      for (const b of backends.values()) b.mark = b.last;
      serverMark = server;
    },
    since: async () => {
      await (reading = reading.then(read));
      let postgres = 0;
      for (const b of backends.values()) postgres += b.last - b.mark;
      return { server: server - serverMark, postgres };
    },
    stop: async () => {
      clearInterval(timer);
      await reading;
    },
  };
}

async function signIn(base, email) {
  return { authorization: `Bearer ${await signInAs(base, email)}` };
}

// Every column of the contract's import file but the image (the bench has no images to send).
const CSV_COLUMNS = IMPORT_COLUMNS.filter((column) => column !== 'image');

/** UPC-A with its check digit, from an 11-digit body. */
function upc(n) {
  const body = String(n).padStart(11, '0');
  let sum = 0;
  for (let i = 0; i < 11; i += 1) sum += Number(body[i]) * (i % 2 === 0 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

/**
 * Writes a full catalogue file of `count` rows (streamed to disk, never held whole). `priceShift`
 * changes every price, so an import of it has work on every row.
 */
async function writeFullFile(file, count, refs, priceShift = 0) {
  const out = fs.createWriteStream(file);
  const write = (line) =>
    out.write(`${line}\n`) ? undefined : new Promise((r) => out.once('drain', r));
  await write(CSV_COLUMNS.join(','));
  const words = ['Cotton', 'Wooden', 'Metal', 'Satin', 'Linen', 'Glass', 'Silk', 'Wool'];
  const things = ['button', 'thread', 'ribbon', 'zipper', 'needle', 'bead', 'lace', 'hook'];
  for (let i = 0; i < count; i += 1) {
    const sub = refs.subs[i % refs.subs.length];
    const name = `${words[i % words.length]} ${things[(i >> 3) % things.length]} ${i}`;
    const price = ((i % 5000) + 100 + priceShift) / 100;
    await write(
      [
        `BENCH-${i}`,
        upc(60_000_000_000 + i),
        sub.top,
        sub.code,
        `Brand ${i % 40}`,
        refs.classes[i % refs.classes.length],
        1 + (i % 12),
        name,
        `${name} (fr)`,
        `${name} (es)`,
        `"<p>${name}, <b>strong</b> &amp; useful</p>"`,
        `<p>${name} fr</p>`,
        `<p>${name} es</p>`,
        price.toFixed(2),
        i % 3 === 0 ? (price * 0.9).toFixed(2) : '',
        (price * 2).toFixed(2),
        i % 200,
        (price * 0.8).toFixed(2),
        '',
        (price * 1.6).toFixed(2),
        i % 150,
        i % 97 === 0 ? 'no' : 'yes',
      ].join(','),
    );
  }
  out.end();
  await new Promise((r) => out.once('finish', r));
}

async function writeStockFile(file, count) {
  const lines = ['sku,stock_ca,stock_us'];
  for (let i = 0; i < count; i += 1) lines.push(`BENCH-${i},${(i % 200) + 7},${(i % 150) + 3}`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

/** Uploads a file and waits until its import is done; answers the seconds from upload to done. */
async function importFile(base, staff, file) {
  const started = performance.now();
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file, { type: 'text/csv' }), path.basename(file));
  const res = await fetch(`${base}/api/admin/imports`, {
    method: 'POST',
    headers: staff,
    body: form,
  });
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const { import_id: id } = await res.json();
  for (;;) {
    const job = await (await fetch(`${base}/api/admin/imports/${id}`, { headers: staff })).json();
    if (job.status === 'failed') throw new Error(`import ${id} failed: ${job.failure}`);
    if (job.status === 'done') return { seconds: (performance.now() - started) / 1000, job };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Prints the import worker's per-phase timings from the server's JSON log lines. */
function printImportTimings(stdout, rssNow) {
  readline.createInterface({ input: stdout }).on('line', (line) => {
    if (line.includes('search index built')) {
      const entry = JSON.parse(line);
      log(
        `  search index built: ${fmt(entry.products)} products in ${fmt(entry.ms / 1000, 1)} s; server RSS ${fmt(rssNow() / 2 ** 20)} MB`,
      );
      return;
    }
    if (!line.includes('catalogue import timings')) return;
    const entry = JSON.parse(line);
    const phases = Object.entries(entry.phases_ms)
      .map(([phase, ms]) => `${phase} ${fmt(ms / 1000, 2)} s`)
      .join(', ');
    log(`  import ${entry.import_id}, ${fmt(entry.rows)} rows: ${phases}`);
  });
}

const cannon = (opts) => cannonRun({ connections, ...opts });

/** Listing pages and searches a buyer asks, in turn. */
function storefrontRequests(refs, buyer) {
  const requests = [];
  for (const sub of refs.subs.slice(0, 20)) {
    requests.push({ method: 'GET', path: `/api/cadProducts?category=${sub.top}`, headers: buyer });
    requests.push({ method: 'GET', path: `/api/cadProducts?category=${sub.code}`, headers: buyer });
  }
  for (const word of ['cotton', 'button', 'ribbon', 'satin zipper', 'glass bead', 'wool'])
    requests.push({
      method: 'GET',
      path: `/api/search/?search_term=${encodeURIComponent(word)}`,
      headers: buyer,
    });
  return requests;
}

async function main() {
  const startedAt = new Date();
  log(`creating database ${DB_NAME} (categories, classes and accounts; no product)`);
  await seedNewDatabase(DB_NAME, ['--products', '0']);
  await buildApiWhenNeeded(args.build, log);

  const refs = await withClient(dbUrl, async (c) => {
    const subs = (
      await c.query(`select trim(s.cat_code) as code, trim(t.cat_code) as top from categories s
        join categories t on t.id = s.parent_id where t.parent_id is null order by s.id`)
    ).rows;
    const classes = (await c.query(`select trim(code) as code from class_codes order by code`))
      .rows;
    return { subs, classes: classes.map((r) => r.code) };
  });
  if (!refs.subs.length || !refs.classes.length)
    throw new Error('the seeded database has no subcategories or classes');

  const files = {
    full: path.join(work, 'full.csv'),
    repriced: path.join(work, 'repriced.csv'),
    stock: path.join(work, 'stock.csv'),
  };
  log(`generating ${fmt(rows)}-row files and a ${fmt(stockRows)}-row stock file in ${work}`);
  await writeFullFile(files.full, rows, refs);
  if (!args['full-only']) {
    await writeFullFile(files.repriced, rows, refs, 7);
    await writeStockFile(files.stock, stockRows);
  }

  const base = `http://127.0.0.1:${PORT}`;
  server = spawn(process.execPath, serverArgv(args, SERVER_NODE_FLAGS), {
    cwd: ROOT,
    env: {
      ...process.env,
      ...serverEnv(dbUrl, PORT, {
        IMPORT_WORKER: 'true',
        IMPORT_MAX_BYTES: String(Math.max(512, rows / 1000) * 1024 * 1024),
        IMPORT_MAX_ROWS: String(Math.max(200_000, rows)),
        DATA_DIR: path.join(work, 'data'),
        ...(args.timings ? { LOG_LEVEL: 'info' } : {}),
      }),
    },
    stdio: ['ignore', args.timings ? 'pipe' : 'inherit', 'inherit'],
  });
  const rss = sampleRss(server.pid);
  if (args.timings) printImportTimings(server.stdout, rss.now);
  await waitFor(`${base}/api/health`, { exited: () => server?.exitCode !== null });
  const staff = await signIn(base, 'content@example.com');
  const buyer = await signIn(base, 'buyer.ca@example.com');

  const cpuClient = args.timings ? new pg.Client({ connectionString: dbUrl }) : null;
  await cpuClient?.connect();
  const cpu = cpuClient ? sampleCpu(server.pid, cpuClient) : null;
  /** One import, with (--timings) the CPU seconds the server and PostgreSQL spent on it. */
  const timedImport = async (file) => {
    await cpu?.mark();
    const result = await importFile(base, staff, file);
    const used = await cpu?.since();
    if (used)
      log(
        `  CPU: server ${fmt(used.server, 2)} s, PostgreSQL ${fmt(used.postgres, 2)} s; server peak RSS so far ${fmt(rss.peak() / 2 ** 20)} MB`,
      );
    return result;
  };

  const results = {};
  log('full import into the empty catalogue');
  results.full = await timedImport(files.full);
  log(`  ${fmt(results.full.seconds, 1)} s, created ${fmt(results.full.job.created)}`);
  if (args['full-only']) {
    await cpu?.stop();
    await cpuClient?.end();
    rss.stop();
    server.kill('SIGTERM');
    return record(startedAt, fullImportRow(results.full, rss.peak() / 2 ** 20));
  }
  log('the same file again');
  results.reimport = await timedImport(files.full);
  log(`  ${fmt(results.reimport.seconds, 1)} s, unchanged ${fmt(results.reimport.job.unchanged)}`);
  log('stock-only file');
  results.stock = await timedImport(files.stock);
  log(`  ${fmt(results.stock.seconds, 2)} s, updated ${fmt(results.stock.job.updated)}`);
  await cpu?.stop();
  await cpuClient?.end();

  const requests = storefrontRequests(refs, buyer);
  await cannon({ url: base, requests, duration: 3 });
  log(`storefront without an import: ${duration} s × ${connections} connections`);
  const idleBefore = await cacheCounts(base);
  const idle = await cannon({ url: base, requests, duration });
  const idleHits = hitRatio(idleBefore, await cacheCounts(base));
  log(`storefront while a full import changes every price`);
  const busyBefore = await cacheCounts(base);
  const importing = importFile(base, staff, files.repriced);
  const busy = await cannon({ url: base, requests, duration });
  const busyHits = hitRatio(busyBefore, await cacheCounts(base));
  const repriced = await importing;
  if (args.timings) log(`  server peak RSS ${fmt(rss.peak() / 2 ** 20)} MB`);
  // The share of the measured window during which the import was running.
  const overlap = Math.min(1, repriced.seconds / duration);
  rss.stop();
  server.kill('SIGTERM');

  const ratio = (100 * busy.requests.average) / idle.requests.average;
  const peakMb = rss.peak() / 2 ** 20;
  record(startedAt, [
    ...fullImportRow(results.full, peakMb),
    `| re-import of the same file (${fmt(results.reimport.job.unchanged)} unchanged) | ${fmt(results.reimport.seconds, 1)} s | ≤ ${TARGETS.reimport} s | ${verdict(results.reimport.seconds <= TARGETS.reimport)} |`,
    `| stock-only import, ${fmt(stockRows)} rows | ${fmt(results.stock.seconds, 2)} s | ≤ ${TARGETS.stock} s | ${verdict(results.stock.seconds <= TARGETS.stock)} |`,
    `| server peak RSS over the run | ${fmt(peakMb)} MB | < ${TARGETS.rssMb} MB | ${verdict(peakMb < TARGETS.rssMb)} |`,
    `| storefront listing + search without import | ${fmt(idle.requests.average)} req/s (p99 ${idle.latency.p99} ms, cache hits ${idleHits}) | | |`,
    `| … while a full import runs (${fmt(repriced.seconds, 1)} s, ${fmt(100 * overlap)} % of the window) | ${fmt(busy.requests.average)} req/s (p99 ${busy.latency.p99} ms, cache hits ${busyHits}) = ${fmt(ratio, 1)} % | ≥ ${TARGETS.throughput} % | ${verdict(ratio >= TARGETS.throughput)} |`,
    ...(overlap < 1
      ? [
          '',
          `The import ended before the ${duration} s window: the throughput ratio understates the load; use more --rows.`,
        ]
      : []),
  ]);
}

const verdict = (ok) => (ok ? 'met' : '**missed**');

/** The full import's row of the table (and, for --full-only, the server's peak RSS). */
function fullImportRow(full, peakMb) {
  return [
    `| full import, ${fmt(rows)} rows into an empty catalogue | ${fmt(full.seconds, 1)} s | ≤ ${fmt(TARGETS.full)} s | ${verdict(full.seconds <= TARGETS.full)} |`,
    ...(args['full-only']
      ? [
          `| server peak RSS over the run | ${fmt(peakMb)} MB | < ${TARGETS.rssMb} MB | ${verdict(peakMb < TARGETS.rssMb)} |`,
        ]
      : []),
  ];
}

/** Prints the run's RESULTS.md section (and appends it unless --no-record); answers its lines. */
function record(startedAt, rowLines) {
  const command = `node bench/import.mjs ${process.argv.slice(2).join(' ')}`.trim();
  const lines = resultsSection(
    startedAt,
    `catalogue import, ${fmt(rows)} rows`,
    [
      machineLine(),
      `- Command: \`${command}\` (server, PostgreSQL and load generator on the same machine; ${connections} connections for the storefront).`,
    ],
    ['| Measure | Figure | Target | |', '|---|---:|---:|---|', ...rowLines],
  );
  reportSection(lines, args);
  return lines;
}

runMain('bench:import', main, () => {
  if (server && server.exitCode === null) server.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
});
