#!/usr/bin/env node
// node bench/desk.mjs [--products 100000] [--customers 1000] [--orders 100000]
//                     [--scenario all|list|status|webhooks] [--duration 10] [--connections 32]
//                     [--status-connections 8] [--events 1000] [--reuse] [--build] [--no-record]
//
// The order desk against the production server (bench/README.md, "Order desk"; targets in
// docs/product/back-office-orders.md): its own database `wholesale_bench_desk` with the catalogue
// (seed CLI) and the desk data of bench/desk-seed.mjs, `node apps/api/dist/server.js`, staff
// orders@example.com signed in, then
//   list      GET /api/admin/orders over the seeded staff traffic of bench/traffic/desk.mjs
//             (target ≥ 500 req/s, p99 ≤ 80 ms);
//   status    POST /api/admin/orders/:id/status accepting a different `placed` order each request
//             (target p99 ≤ 20 ms);
//   webhooks  1,000 status changes with an endpoint registered on a receiver in this process that
//             checks every signature: time until the 1,000th signed delivery arrived (≤ 30 s).
// --reuse keeps the database (seeding only what is missing). Appends to bench/RESULTS.md unless
// --no-record.
import { createServer } from 'node:http';
import { BlockList } from 'node:net';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { spawn } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import {
  LOAD_OPTIONS,
  ROOT,
  SEED_OPTIONS,
  SERVER_NODE_FLAGS,
  SERVER_OPTIONS,
  buildApiWhenNeeded,
  cpuSeconds,
  reportSection,
  resultsSection,
  benchTarget,
  cannon,
  cannonSummary,
  fmt,
  machineLine,
  runMain,
  seedNewDatabase,
  serverEnv,
  serverReady,
  signIn,
  waitFor,
  withClient,
} from './lib.mjs';
import { hasDeskData, resetPool, seedDesk } from './desk-seed.mjs';
import { deskTraffic } from './traffic/desk.mjs';

const { db: DB_NAME, port: PORT, dbUrl, base } = benchTarget('wholesale_bench_desk');
const TARGETS = { listRps: 500, listP99: 80, statusP99: 20, webhookSeconds: 30 };

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '1000' },
    orders: { type: 'string', default: '100000' },
    scenario: { type: 'string', default: 'all' },
    'status-connections': { type: 'string', default: '8' },
    events: { type: 'string', default: '1000' },
    ...SEED_OPTIONS,
    ...LOAD_OPTIONS,
    server: SERVER_OPTIONS.server,
  },
});
const SCENARIOS = ['list', 'status', 'webhooks'];
const wanted = args.scenario === 'all' ? SCENARIOS : args.scenario.split(',');
if (!wanted.every((s) => SCENARIOS.includes(s))) {
  console.error(`--scenario must be all or a list of ${SCENARIOS.join(', ')}`);
  process.exit(1);
}
const duration = Number(args.duration);
const connections = Number(args.connections);
const statusConnections = Number(args['status-connections']);
const events = Number(args.events);
const log = (line) => console.log(`[bench:desk] ${line}`);
let server = null;

const query = (text, params) => withClient(dbUrl, async (c) => (await c.query(text, params)).rows);

async function prepareDatabase() {
  const timings = {};
  if (!args.reuse) {
    log(`creating database ${DB_NAME}`);
    timings.catalogue = await seedNewDatabase(DB_NAME, ['--products', args.products]);
  }
  const customers = Number(args.customers);
  await withClient(dbUrl, async (client) => {
    if (await hasDeskData(client, customers)) {
      log('desk data already there (reused)');
      return;
    }
    log(`seeding ${fmt(customers)} customers and ${fmt(Number(args.orders))} orders`);
    const t = Date.now();
    await seedDesk(client, { customers, orders: Number(args.orders), log });
    timings.desk = (Date.now() - t) / 1000;
    log(`desk data in ${fmt(timings.desk, 1)} s`);
  });
  // Endpoints of an earlier run point at receivers that are gone: their retries would load the
  // server during the measurements.
  await query(`delete from webhook_endpoints`);
  return timings;
}

/**
 * Runs `measure` and answers the API process's and the database's backends' CPU per request in
 * ms: on a shared machine these vary less than throughput and latency.
 */
async function withCpu(measure) {
  const backends = async () =>
    (await query(`select pid from pg_stat_activity where datname = current_database()`)).map(
      (r) => r.pid,
    );
  const pgBefore = new Map((await backends()).map((pid) => [pid, cpuSeconds(pid)]));
  const nodeBefore = cpuSeconds(server.pid);
  const r = await measure();
  // A backend that closed during the run (the pool ends idle connections after 10 s) reads as 0
  // now: left out, rather than counted as negative CPU (it was idle, which is why it closed).
  let pg = 0;
  for (const pid of new Set([...pgBefore.keys(), ...(await backends())])) {
    const now = cpuSeconds(pid);
    if (now > 0) pg += now - (pgBefore.get(pid) ?? 0);
  }
  const perRequest = (s) => fmt((s * 1000) / Math.max(1, r.total), 2);
  return {
    ...r,
    nodeCpuMs: perRequest(cpuSeconds(server.pid) - nodeBefore),
    pgCpuMs: perRequest(pg),
  };
}

/** One shared cursor over `items` across all connections (each item asked once, in order). */
function cursor(items) {
  let i = 0;
  return () => items[i++ % items.length];
}

async function listScenario(headers) {
  // As the status scenario does (resetPool): a --reuse run follows earlier runs' status changes,
  // spread over the whole table, which left most pages not all-visible, so the counts' index-only
  // scans fetched the heap for ~70 % of their rows. Autovacuum keeps the visibility map in a
  // running shop; the seed vacuums too.
  await query('vacuum analyze orders');
  const paths = await deskTraffic(query);
  const distinct = new Set(paths).size;
  const first = await fetch(`${base}${paths[0]}`, { headers });
  if (!first.ok) throw new Error(`${paths[0]} answered ${first.status}: ${await first.text()}`);
  const nextPath = cursor(paths);
  const opts = {
    url: base,
    connections,
    requests: [{ method: 'GET', headers, setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  };
  await cannon({ ...opts, duration: 3 });
  log(`list: ${duration} s × ${connections} connections, ${fmt(distinct)} distinct requests`);
  const r = await withCpu(async () => cannonSummary(await cannon({ ...opts, duration })));
  return { ...r, distinct };
}

/** Requests that each accept the next pool order (a distinct `placed` order every time). */
function acceptRequests(headers, ids) {
  const nextId = cursor(ids);
  return [
    {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      setupRequest: (req) => ({
        ...req,
        path: `/api/admin/orders/${nextId()}/status`,
        body: JSON.stringify({ status: 'accepted', note: 'bench' }),
      }),
    },
  ];
}

async function statusScenario(headers) {
  let ids = await withClient(dbUrl, resetPool);
  await cannon({
    url: base,
    connections: statusConnections,
    duration: 3,
    requests: acceptRequests(headers, ids),
  });
  ids = await withClient(dbUrl, resetPool);
  // One change per pool order, however fast they go: a run measured for a fixed time outran the
  // 10,000 pool orders once changes passed 1,000 a second, and the refused rest counted as errors.
  log(`status: ${fmt(ids.length)} placed orders accepted, ${statusConnections} connections`);
  const r = await withCpu(async () =>
    cannonSummary(
      await cannon({
        url: base,
        connections: statusConnections,
        amount: ids.length,
        requests: acceptRequests(headers, ids),
      }),
    ),
  );
  return { ...r, pool: ids.length };
}

/**
 * An address of this machine other routes reach: production refuses loopback webhook URLs, and a
 * private one only inside WEBHOOK_PRIVATE_NETWORKS (receiverNetwork opens this one address).
 */
function receiverHost() {
  for (const list of Object.values(os.networkInterfaces()))
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  throw new Error('no non-loopback IPv4 address for the webhook receiver');
}

/** WEBHOOK_PRIVATE_NETWORKS for the server: the receiver's own address when it is private. */
function receiverNetwork() {
  const host = receiverHost();
  const privateRanges = new BlockList();
  for (const [net, bits] of [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['100.64.0.0', 10],
  ])
    privateRanges.addSubnet(net, bits);
  const opened = privateRanges.check(host);
  return opened ? { WEBHOOK_PRIVATE_NETWORKS: `${host}/32` } : {};
}

function verify(secret, header, body) {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2], 'hex'));
}

async function webhookScenario(headers, adminHeaders) {
  const secret = randomBytes(24).toString('base64url');
  const seen = new Set();
  const lags = [];
  const tally = { good: 0, bad: 0, duplicates: 0 };
  let done;
  const allArrived = new Promise((resolve) => (done = resolve));
  const receiver = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (!verify(secret, req.headers['x-signature'], body)) {
        tally.bad += 1;
        res.writeHead(401).end();
        return;
      }
      const event = JSON.parse(body);
      if (seen.has(event.id)) tally.duplicates += 1;
      else {
        seen.add(event.id);
        tally.good += 1;
        lags.push(Date.now() - Date.parse(event.created_at));
      }
      res.writeHead(204).end();
      if (tally.good >= events) done();
    });
  });
  const host = receiverHost();
  await new Promise((r) => receiver.listen(0, host, r));
  const url = `http://${host}:${receiver.address().port}/hooks`;
  const created = await fetch(`${base}/api/admin/webhooks`, {
    method: 'POST',
    headers: { ...adminHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ url, events: ['order.status_changed'], secret }),
  });
  if (!created.ok)
    throw new Error(`registering ${url} answered ${created.status}: ${await created.text()}`);
  const endpointId = (await created.json()).endpoint.id;
  const ids = await withClient(dbUrl, resetPool);
  if (ids.length < events) throw new Error(`only ${ids.length} pool orders for ${events} events`);
  log(`webhooks: ${fmt(events)} status changes, receiver ${url}`);
  const started = performance.now();
  const changes = await cannon({
    url: base,
    connections: statusConnections,
    amount: events,
    requests: acceptRequests(headers, ids),
  });
  const changed = performance.now();
  const timeout = new Promise((r) => setTimeout(r, 120_000).unref());
  await Promise.race([allArrived, timeout]);
  const seconds = (performance.now() - started) / 1000;
  receiver.close();
  await fetch(`${base}/api/admin/webhooks/${endpointId}`, {
    method: 'DELETE',
    headers: adminHeaders,
  });
  lags.sort((a, b) => a - b);
  const at = (q) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? NaN;
  return {
    seconds,
    changeSeconds: (changed - started) / 1000,
    changeErrors: changes.errors + changes.timeouts + changes.non2xx,
    ...tally,
    lagP50: at(0.5),
    lagP99: at(0.99),
  };
}

async function main() {
  const startedAt = new Date();
  const timings = await prepareDatabase();
  await buildApiWhenNeeded(args.build, log);
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, args.server], {
    cwd: ROOT,
    env: { ...process.env, ...serverEnv(dbUrl, PORT, receiverNetwork()) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The catalogue's search index builds at start (100,000 products): not the desk's work.
  await serverReady(base, server, log);
  const headers = { authorization: `Bearer ${await signIn(base, 'orders@example.com')}` };
  const adminHeaders = { authorization: `Bearer ${await signIn(base, 'admin@example.com')}` };
  const [counts] = await query(
    `select (select count(*) from products)::int as products,
            (select count(*) from users where role = 'customer')::int as customers,
            (select count(*) from orders)::int as orders,
            (select count(*) from order_lines)::int as lines,
            (select count(*) from order_status_history)::int as steps`,
  );

  // The machine's ceiling in this run (bench/README.md): a bare Node server answering a constant.
  const bare = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => s.end('{"status":true}')).listen(${PORT + 1}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${PORT + 1}/`, { exited: () => bare.exitCode !== null });
  const ceiling = cannonSummary(
    await cannon({ url: `http://127.0.0.1:${PORT + 1}/`, connections, duration: 5 }),
  );
  bare.kill('SIGTERM');
  log(`bare Node http: ${fmt(ceiling.rps)} req/s (${connections} connections, 5 s)`);

  const results = {};
  if (wanted.includes('list')) {
    results.list = await listScenario(headers);
    log(
      `  ${fmt(results.list.rps)} req/s, p50 ${results.list.p50} ms, p99 ${results.list.p99} ms, errors ${results.list.errors}, CPU per request: API ${results.list.nodeCpuMs} ms, PostgreSQL ${results.list.pgCpuMs} ms`,
    );
  }
  if (wanted.includes('status')) {
    results.status = await statusScenario(headers);
    log(
      `  ${fmt(results.status.rps)} req/s, p50 ${results.status.p50} ms, p99 ${results.status.p99} ms, errors ${results.status.errors}, CPU per change: API ${results.status.nodeCpuMs} ms, PostgreSQL ${results.status.pgCpuMs} ms`,
    );
  }
  if (wanted.includes('webhooks')) {
    results.webhooks = await webhookScenario(headers, adminHeaders);
    const w = results.webhooks;
    log(
      `  ${w.good}/${events} signed deliveries in ${fmt(w.seconds, 1)} s (changes took ${fmt(w.changeSeconds, 1)} s, the last delivery ${fmt(w.seconds - w.changeSeconds, 1)} s after the last change), bad signatures ${w.bad}, duplicates ${w.duplicates}`,
    );
  }
  server.kill('SIGTERM');

  const verdict = (ok) => (ok ? 'met' : '**missed**');
  const command = `node bench/desk.mjs ${process.argv.slice(2).join(' ')}`.trim();
  const rows = [];
  if (results.list) {
    const r = results.list;
    rows.push(
      `| list: GET /api/admin/orders, ${fmt(r.distinct)} distinct staff requests (${connections} connections) | ${fmt(r.rps)} req/s (${fmt((100 * r.rps) / ceiling.rps, 1)} % of bare Node), p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors | ≥ ${TARGETS.listRps} req/s, p99 ≤ ${TARGETS.listP99} ms | ${verdict(r.rps >= TARGETS.listRps && r.p99 <= TARGETS.listP99 && r.errors === 0)} |`,
    );
  }
  if (results.status) {
    const r = results.status;
    rows.push(
      `| status: POST /api/admin/orders/:id/status placed → accepted, each of ${fmt(r.pool)} pool orders once (${statusConnections} connections) | ${fmt(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors | p99 ≤ ${TARGETS.statusP99} ms | ${verdict(r.rps > 0 && r.p99 <= TARGETS.statusP99 && r.errors === 0)} |`,
    );
  }
  if (results.webhooks) {
    const w = results.webhooks;
    rows.push(
      `| webhooks: ${fmt(events)} order.status_changed events to a local receiver checking signatures | ${fmt(w.seconds, 1)} s for ${w.good} signed deliveries (the changes took ${fmt(w.changeSeconds, 1)} s with ${w.changeErrors} errors, the last delivery came ${fmt(w.seconds - w.changeSeconds, 1)} s after the last change; lag p50 ${fmt(w.lagP50)} ms, p99 ${fmt(w.lagP99)} ms; ${w.bad} bad signatures, ${w.duplicates} duplicates) | ≤ ${TARGETS.webhookSeconds} s | ${verdict(w.good >= events && w.seconds <= TARGETS.webhookSeconds && w.bad === 0)} |`,
    );
  }
  const seeded = [
    timings.catalogue ? `catalogue ${fmt(timings.catalogue, 1)} s` : '',
    timings.desk ? `desk data ${fmt(timings.desk, 1)} s` : '',
  ].filter(Boolean);
  const lines = resultsSection(
    startedAt,
    `order desk, ${fmt(counts.orders)} orders`,
    [
      machineLine(),
      `- Command: \`${command}\` (server, PostgreSQL and load generator on the same machine; ${duration} s per scenario after a 3 s warm-up).`,
      `- Ceiling: a bare Node \`http\` server answering a constant, ${fmt(ceiling.rps)} req/s at ${connections} connections (p99 ${ceiling.p99} ms) in this run.`,
      `- Data: ${fmt(counts.products)} products, ${fmt(counts.customers)} customers, ${fmt(counts.orders)} orders, ${fmt(counts.lines)} order lines, ${fmt(counts.steps)} status steps; ${seeded.length ? `seeding: ${seeded.join(', ')}` : 'reused database'}.`,
    ],
    ['| Scenario | Figure | Target | |', '|---|---|---|---|', ...rows],
  );
  reportSection(lines, args);
}

runMain('bench:desk', main, () => {
  if (server && server.exitCode === null) server.kill('SIGTERM');
});
