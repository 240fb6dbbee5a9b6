// The RESULTS.md section of bench/sizes.mjs: one table, a column per catalogue size, so the cost of
// growing the catalogue reads across a row. Pure: the runs' JSON in, the section's lines out.
import { fmt, sectionHeading } from './lib.mjs';

/**
 * One side-by-side section. `sizes`: per catalogue size, in order, `{ products, catalogue, search }`
 * where `catalogue` is run.mjs's --json of the details and listings scenarios (caches on, seeded
 * fresh, with the API's memory after start) and `search` that of the search scenarios (caches off,
 * same database). `meta`: `{ startedAt: Date, command, machine }`.
 */
export function sizesSection(sizes, meta) {
  const failures = sizes.filter((s) => s.failure);
  // A failed size keeps its column: every cell "failed", the reason under the table.
  const none = { scenarios: [], seedSeconds: null, memory: {}, bare: {} };
  sizes = sizes.map((s) => (s.failure ? { ...s, catalogue: none, search: none } : s));
  const header = ['', ...sizes.map((s) => `${fmt(s.products)} products`)];
  const row = (label, cell) =>
    `| ${label} | ${sizes.map((s) => (s.failure ? 'failed' : cell(s))).join(' | ')} |`;
  const runsOf = (size) => [size.catalogue, size.search];
  const names = [
    ...new Set(sizes.flatMap((s) => runsOf(s).flatMap((r) => r.scenarios.map((x) => x.name)))),
  ];
  const scenarioCell = (size, name) => {
    const found = runsOf(size)
      .flatMap((r) => r.scenarios)
      .find((s) => s.name === name);
    if (!found) return '–';
    const errors = found.errors ? `, **${fmt(found.errors)} errors**` : '';
    return `${fmt(found.rps)} req/s, p50 ${found.p50} / p99 ${found.p99} ms${errors}`;
  };
  const cachesOf = (name) => {
    const run = sizes.flatMap(runsOf).find((r) => r.scenarios.some((s) => s.name === name));
    return run ? ` (caches ${run.caches})` : '';
  };
  return [
    '',
    sectionHeading(
      meta.startedAt,
      `catalogue sizes side by side (${sizes.map((s) => fmt(s.products)).join(' / ')} products)`,
    ),
    '',
    meta.machine,
    `- Command: \`${meta.command}\`: for each size, a fresh database seeded with that many products, the details and listings scenarios with the process caches on, then the search scenarios on the same database with the caches off (\`npm run bench -- --products N --scenario realistic-catalogue\`, then \`--reuse --scenario realistic-search --caches off\`).`,
    '- Each cell: req/s, p50 / p99 latency; compare along a row within this section, or each figure with the bare Node line of its column (the machine is shared).',
    '',
    `| ${header.join(' | ')} |`,
    `|---|${sizes.map(() => '---:').join('|')}|`,
    row('seeding (s)', (s) =>
      s.catalogue.seedSeconds === null ? 'reused' : fmt(s.catalogue.seedSeconds, 1),
    ),
    row('API heap used after start (MB)', (s) => fmt(s.catalogue.memory.heapUsedMb)),
    row('API external memory after start (MB)', (s) => fmt(s.catalogue.memory.externalMb)),
    row('API RSS after start (MB)', (s) => fmt(s.catalogue.memory.rssMb)),
    row('bare Node http (req/s)', (s) => fmt(s.catalogue.bare.rps)),
    ...names.map((name) => row(`${name}${cachesOf(name)}`, (s) => scenarioCell(s, name))),
    '',
    ...failures.map((s) => `- ${fmt(s.products)} products failed: ${s.failure}`),
    ...(failures.length ? [''] : []),
  ];
}
