#!/usr/bin/env node
// node bench/sizes.mjs [--sizes 10000,100000,300000,1000000] [--duration 10] [--connections 32]
//                      [--build] [--no-record] [--results FILE]
//
// The realistic scenarios at several catalogue sizes in one sitting (bench/README.md, "Catalogue
// sizes"): for each size, bench/run.mjs seeds a fresh database (BENCH_DB, as for run.mjs) and runs
// the details and listings scenarios with the process caches on, then, on the same database, the
// search scenarios (mix and per language) with the caches off. Appends ONE section to
// bench/RESULTS.md (or --results FILE; --no-record prints it only) with a column per size: seeding
// time, the API's heap and RSS after start, the bare Node ceiling and every scenario.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LOAD_OPTIONS, ROOT, fmt, machineLine, runMain } from './lib.mjs';
import { sizesSection } from './sizes-table.mjs';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,300000,1000000' },
    build: { type: 'boolean', default: false },
    'no-record': { type: 'boolean', default: false },
    results: { type: 'string', default: path.join(ROOT, 'bench/RESULTS.md') },
    ...LOAD_OPTIONS,
  },
});
const sizes = args.sizes.split(',').map((s) => Number(s.replace(/_/g, '')));
if (!sizes.length || sizes.some((n) => !Number.isInteger(n) || n <= 0)) {
  console.error(`--sizes takes product counts separated by commas (got "${args.sizes}")`);
  process.exit(1);
}
const log = (line) => console.log(`[bench:sizes] ${line}`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sizes-'));

/** One bench/run.mjs run, its figures read back from its --json file. */
function runBench(argv, json) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['bench/run.mjs', ...argv, '--no-record', '--json', json],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(fs.readFileSync(json, 'utf8')))
        : reject(new Error(`bench/run.mjs ${argv.join(' ')} exited with ${code}`)),
    );
  });
}

async function main() {
  const startedAt = new Date();
  const load = ['--duration', args.duration, '--connections', args.connections];
  const results = [];
  for (const [i, products] of sizes.entries()) {
    log(`${fmt(products)} products: seeding, then details and listings (caches on)`);
    // A size whose run fails (the API out of memory, say) gets its column all the same.
    const failed = (error) => {
      log(`${fmt(products)} products: ${error.message}`);
      results.push({ products, failure: error.message });
    };
    const catalogue = await runBench(
      [
        '--products',
        String(products),
        '--scenario',
        'realistic-catalogue',
        ...load,
        ...(args.build && i === 0 ? ['--build'] : []),
      ],
      path.join(work, `${products}-catalogue.json`),
    ).catch(failed);
    if (!catalogue) continue;
    log(`${fmt(products)} products: search mix and per language (caches off)`);
    const search = await runBench(
      ['--reuse', '--scenario', 'realistic-search', '--caches', 'off', ...load],
      path.join(work, `${products}-search.json`),
    ).catch(failed);
    if (search) results.push({ products, catalogue, search });
  }
  const lines = sizesSection(results, {
    startedAt,
    command: `node bench/sizes.mjs ${process.argv.slice(2).join(' ')}`.trim(),
    machine: machineLine(),
  });
  console.log(lines.join('\n'));
  if (!args['no-record']) {
    fs.appendFileSync(args.results, lines.join('\n'));
    log(`appended to ${args.results}`);
  }
}

runMain('bench:sizes', main, () => fs.rmSync(work, { recursive: true, force: true }));
