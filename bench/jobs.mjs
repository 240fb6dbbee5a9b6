#!/usr/bin/env node
// node bench/jobs.mjs [--root DIR] [--driver pglite|postgres|both] [--latency 100] [--backlog 1000]
//
// The mail outbox and webhook deliveries through their workers (docs/decisions/035-jobs-on-a-kept-queue.md),
// in one process, on in-memory PGlite and on a scratch PostgreSQL database (CI_PG_URL, default the
// local server):
//   - latency: --latency mails (and webhook events), one every 50 ms, each in its own transaction,
//     with the worker running; enqueue (committed) → handled (the transport called, the receiver
//     answered), p50 and p95. Workers poll every 500 ms (pg-boss's shortest poll); the webhook
//     worker is also woken after each commit, as the server's change feed does.
//   - throughput: --backlog mails (and deliveries) queued while no worker runs, then one worker
//     started: handled per second until the queue is empty; and what queueing one costs the writer
//     (ms per mail or event, each in its own transaction, no worker running).
// --root runs another checkout's code (e.g. /work/main, the outbox loops before pg-boss) the same way.
// Prints a Markdown table; records nothing.
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const { values: args } = parseArgs({
  options: {
    root: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    driver: { type: 'string', default: 'both' },
    latency: { type: 'string', default: '100' },
    backlog: { type: 'string', default: '1000' },
  },
});
const root = path.resolve(args.root);
const LATENCY = Number(args.latency);
const BACKLOG = Number(args.backlog);
const PG_URL = process.env.CI_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const load = (rel) => tsImport(path.join(root, 'apps/api/src', rel), import.meta.url);
const { openDatabase, runMigrations } = await load('db/client.ts');
const mail = await load('modules/mail/index.ts');
const webhooks = await load('modules/webhooks/index.ts');
const { getFieldCipher } = await load('lib/crypto.ts');
// The queue an app owns (plugins/job-queue.ts); older checkouts have none to pass, or no pg-boss.
const { createJobQueue } = await load('lib/job-queue.ts').catch(() => ({}));

const quiet = { info: () => {}, warn: () => {} };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))] : NaN;
};
/** Resolves once `count()` reaches `n` (checked every 5 ms), or rejects after `ms`. */
async function until(count, n, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (count() < n) {
    if (Date.now() > deadline) throw new Error(`timed out at ${count()} of ${n}`);
    await sleep(5);
  }
}

async function openScratch(driver) {
  if (driver === 'pglite') {
    const handle = await openDatabase({ pgliteDir: 'memory' });
    return { handle, drop: () => handle.close() };
  }
  const name = `wholesale_bench_jobs_${process.pid}`;
  const admin = async (q) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(q).finally(() => c.end());
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 10 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

const notice = (to) => ({
  to,
  template: 'notice',
  data: { subject: 'Bench', heading: 'Hello', paragraphs: ['A mail of the bench.'] },
});

/**
 * One queue measured: latency (`start` a worker, then LATENCY items, one every 50 ms, each woken
 * as the server's change feed wakes a worker after commit where the worker can be woken), then
 * throughput (BACKLOG items queued while no worker runs, then one worker). `enqueue(key)` queues
 * one item in its own transaction; `handled` maps an item's key to when it was handled.
 */
async function benchQueue({ enqueue, start, handled }) {
  let worker = start();
  const queuedAt = new Map();
  for (let n = 0; n < LATENCY; n++) {
    await enqueue(`lat${n}`);
    queuedAt.set(`lat${n}`, performance.now());
    worker.wake?.();
    await sleep(50);
  }
  await until(() => handled.size, LATENCY);
  await worker.stop();
  const latency = [...queuedAt].map(([key, at]) => handled.get(key) - at);
  handled.clear();
  const e0 = performance.now();
  for (let n = 0; n < BACKLOG; n++) await enqueue(`tp${n}`);
  const enqueueMs = (performance.now() - e0) / BACKLOG;
  const t0 = performance.now();
  worker = start();
  await until(() => handled.size, BACKLOG);
  const seconds = (performance.now() - t0) / 1000;
  await worker.stop();
  return {
    p50: pct(latency, 0.5),
    p95: pct(latency, 0.95),
    perSecond: BACKLOG / seconds,
    enqueueMs,
  };
}

function benchMail(db, jobQueue) {
  const sent = new Map();
  const transport = {
    sendMail: async (m) => void sent.set(m.to.split('@')[0], performance.now()),
  };
  return benchQueue({
    enqueue: (key) => mail.enqueueMail(db, notice(`${key}@bench.example`)),
    start: () =>
      mail.startMailWorker({
        db,
        jobQueue,
        from: 'bench@shop.example',
        log: quiet,
        intervalMs: 500,
        transport,
      }),
    handled: sent,
  });
}

async function benchWebhooks(handle, jobQueue) {
  const db = handle.db;
  const received = new Map();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.set(JSON.parse(body).data.n, performance.now());
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const cipher = getFieldCipher({
    encryptionKey: 'ab'.repeat(32),
    encryptionPreviousKeys: [],
    env: 'development',
    dataDir: '/tmp',
  });
  const url = `http://127.0.0.1:${server.address().port}/hook`;
  const { rows } = await handle.db.execute(
    `insert into webhook_endpoints (url, events, secret_sealed) values ('${url}', '{order.placed}', 'x') returning id`,
  );
  const id = Number(rows[0].id);
  const sealed = cipher.encrypt('bench-secret', `webhook_endpoints.secret:${id}`);
  await handle.db.execute(
    `update webhook_endpoints set secret_sealed = '${sealed}' where id = ${id}`,
  );
  const result = await benchQueue({
    enqueue: (n) => db.transaction((tx) => webhooks.enqueueWebhookEvent(tx, 'order.placed', { n })),
    start: () =>
      webhooks.startWebhookWorker({
        db,
        jobQueue,
        cipher,
        production: false,
        log: quiet,
        intervalMs: 500,
      }),
    handled: received,
  });
  await new Promise((r) => server.close(r));
  return result;
}

const drivers = args.driver === 'both' ? ['pglite', 'postgres'] : [args.driver];
const rows = [];
for (const driver of drivers) {
  const { handle, drop } = await openScratch(driver);
  await runMigrations(handle);
  const jobQueue = createJobQueue?.(handle.db);
  try {
    const m = await benchMail(handle.db, jobQueue);
    rows.push([driver, 'mail outbox', m]);
    const w = await benchWebhooks(handle, jobQueue);
    rows.push([driver, 'webhook deliveries', w]);
  } finally {
    await jobQueue?.stop();
    await drop();
  }
}
console.log(`\ncode: ${root}; ${LATENCY} for latency (one every 50 ms), backlog ${BACKLOG}\n`);
console.log(
  '| Database | Queue | enqueue→handled p50 ms | p95 ms | backlog drained per s | enqueue ms each |',
);
console.log('|---|---|---:|---:|---:|---:|');
for (const [driver, queue, r] of rows)
  console.log(
    `| ${driver} | ${queue} | ${Math.round(r.p50)} | ${Math.round(r.p95)} | ${Math.round(r.perSecond)} | ${r.enqueueMs.toFixed(2)} |`,
  );
process.exit(0);
