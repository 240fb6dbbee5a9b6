#!/usr/bin/env node
// BENCH_DB=<database> node bench/ready.mjs [--start build|load] [--runs 3] [--no-record]
//
// Start to ready of the production API on an already seeded database (bench/README.md, "Start to
// ready"): starts `node --max-old-space-size=384 apps/api/dist/server.js` --runs times, polls
// /api/health/ready every 250 ms until it answers 200 with the search index ready (not
// "degraded"), then reads the process's memory and index size from /metrics and the CPU seconds
// of the process and of its PostgreSQL backends. `--start build` drops the shared search index
// snapshot before each start (every start builds and writes one: the first process of a fleet);
// `--start load` makes sure one is there (a start that builds it is not counted) so that each
// start loads it (the other processes; decision 042). Appends one section to bench/RESULTS.md.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import {
  ROOT,
  SERVER_NODE_FLAGS,
  apiMemory,
  backendCpu,
  benchTarget,
  cpuSeconds,
  fmt,
  machineLine,
  reportSection,
  requireChoice,
  resultsSection,
  runMain,
  scrapeMetrics,
  serverEnv,
  withClient,
} from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    start: { type: 'string', default: 'build' },
    runs: { type: 'string', default: '3' },
    'no-record': { type: 'boolean', default: false },
  },
});
requireChoice('start', args.start, ['build', 'load']);
const runs = Number(args.runs);
const target = benchTarget('bench_ready');
const log = (line) => console.log(`[bench:ready] ${line}`);
const READY_WITHIN_MS = 180_000;

const dropSnapshot = () =>
  withClient(target.dbUrl, (c) =>
    c.query('delete from search_index_snapshot_chunks; delete from search_index_snapshot'),
  );
const snapshotRow = () =>
  withClient(target.dbUrl, async (c) => {
    const { rows } = await c.query('select products, bytes from search_index_snapshot');
    return rows[0] ?? null;
  });

/** What the readiness answer says of the search index, or null while the server does not answer. */
async function readiness() {
  try {
    const res = await fetch(`${target.base}/api/health/ready`);
    const body = await res.json();
    return { status: res.status, searchIndex: body.checks?.searchIndex ?? {} };
  } catch {
    return null;
  }
}

/** One start: the seconds to ready, memory, index and CPU; the server is stopped before answering. */
async function oneStart() {
  const startedAt = performance.now();
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/api/dist/server.js'], {
    cwd: ROOT,
    env: { ...process.env, ...serverEnv(target.dbUrl, target.port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if (performance.now() - startedAt > READY_WITHIN_MS)
        throw new Error(`not ready without "degraded" within ${READY_WITHIN_MS / 1000} s`);
      const answer = await readiness();
      const detail = answer?.searchIndex.detail ?? '';
      if (answer?.status === 200 && !/degraded/i.test(detail)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const readyS = (performance.now() - startedAt) / 1000;
    const nodeCpu = cpuSeconds(server.pid);
    const pgCpu = await withClient(target.dbUrl, async (c) =>
      [...(await backendCpu(c)).values()].reduce((a, b) => a + b, 0),
    );
    const memory = await apiMemory(target.base);
    const metrics = await scrapeMetrics(target.base);
    const indexMb = Number(/^search_index_bytes (\S+)/m.exec(metrics)?.[1] ?? NaN) / 2 ** 20;
    return { readyS, nodeCpu, pgCpu, memory, indexMb };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) =>
      server.exitCode !== null ? resolve() : server.once('exit', resolve),
    );
  }
}

async function main() {
  const startedAt = new Date();
  if (args.start === 'load' && !(await snapshotRow())) {
    log('no snapshot yet: one start builds and writes it (not counted)');
    await oneStart();
    for (let waited = 0; !(await snapshotRow()) && waited < 120; waited += 1)
      await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const results = [];
  for (let run = 1; run <= runs; run += 1) {
    if (args.start === 'build') await dropSnapshot();
    const result = await oneStart();
    log(`run ${run}: ready after ${fmt(result.readyS, 1)} s`);
    results.push(result);
  }
  const snapshot = await snapshotRow();
  const row = (label, cell) => `| ${label} | ${results.map(cell).join(' | ')} |`;
  const what = args.start === 'build' ? 'builds its search index' : 'loads the shared snapshot';
  reportSection(
    resultsSection(
      startedAt,
      `start to ready: a process that ${what} (database ${target.db})`,
      [
        machineLine(),
        `- Command: \`BENCH_DB=${target.db} node bench/ready.mjs --start ${args.start} --runs ${runs}\` (production server, \`/api/health/ready\` polled every 250 ms until 200 without "degraded").`,
        `- Snapshot after the runs: ${snapshot ? `${snapshot.products} products, ${fmt(snapshot.bytes / 2 ** 20, 1)} MB` : 'none'}.`,
      ],
      [
        `| reading | ${results.map((_, i) => `run ${i + 1}`).join(' | ')} |`,
        `|---|${results.map(() => '---:').join('|')}|`,
        row('start to ready', (r) => `${fmt(r.readyS, 1)} s`),
        row('Node / PostgreSQL CPU to ready', (r) => `${fmt(r.nodeCpu, 1)} / ${fmt(r.pgCpu, 1)} s`),
        row(
          'heap used / RSS at ready',
          (r) => `${fmt(r.memory.heapUsedMb)} / ${fmt(r.memory.rssMb)} MB`,
        ),
        row('search index', (r) => `${fmt(r.indexMb, 1)} MB`),
      ],
    ),
    args,
  );
}

runMain('bench:ready', main, () => {});
