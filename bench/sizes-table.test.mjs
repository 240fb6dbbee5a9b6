import { describe, expect, it } from 'vitest';
import { sizesSection } from './sizes-table.mjs';

/** What bench/run.mjs --json writes, trimmed to what the table reads. */
const run = (caches, scenarios, extra = {}) => ({
  caches,
  seedSeconds: 12.34,
  memory: { heapUsedMb: 80.4, heapTotalMb: 120, externalMb: 20, rssMb: 210.6 },
  bare: { rps: 30000 },
  scenarios,
  ...extra,
});
const row = (name, rps, errors = 0) => ({ name, rps, p50: 10, p99: 40, errors });

describe('sizesSection', () => {
  const section = sizesSection(
    [
      {
        products: 10_000,
        catalogue: run('on', [row('details', 2000), row('listings', 900)]),
        search: run('off', [row('search mix', 700)], { seedSeconds: null }),
      },
      {
        products: 1_000_000,
        catalogue: run('on', [row('details', 1500), row('listings', 400, 3)], {
          seedSeconds: 250,
          memory: { heapUsedMb: 300, heapTotalMb: 340, externalMb: 90, rssMb: 520 },
        }),
        search: run('off', [row('search mix', 300)]),
      },
    ],
    {
      startedAt: new Date('2026-11-28T19:00:00Z'),
      command: 'node bench/sizes.mjs',
      machine: '- Machine: test.',
    },
  ).join('\n');

  it('writes one section with a column per size', () => {
    expect(section.match(/^## /gm)).toHaveLength(1);
    expect(section).toContain('catalogue sizes side by side (10,000 / 1,000,000 products)');
    expect(section).toContain('|  | 10,000 products | 1,000,000 products |');
    expect(section).toContain('|---|---:|---:|');
  });

  it('puts seeding, memory after start and the bare Node ceiling first, then every scenario', () => {
    expect(section).toContain('| seeding (s) | 12.3 | 250.0 |');
    expect(section).toContain('| API heap used after start (MB) | 80 | 300 |');
    expect(section).toContain('| API external memory after start (MB) | 20 | 90 |');
    expect(section).toContain('| API RSS after start (MB) | 211 | 520 |');
    expect(section).toContain('| bare Node http (req/s) | 30,000 | 30,000 |');
    expect(section).toContain(
      '| details (caches on) | 2,000 req/s, p50 10 / p99 40 ms | 1,500 req/s',
    );
    expect(section).toContain('| search mix (caches off) | 700 req/s');
    expect(section).toContain('400 req/s, p50 10 / p99 40 ms, **3 errors** |');
  });

  it('keeps the column of a size whose run failed, with the reason under the table', () => {
    const failed = sizesSection(
      [
        {
          products: 10_000,
          catalogue: run('on', [row('details', 2000)]),
          search: run('off', [row('search mix', 700)]),
        },
        { products: 1_000_000, failure: 'bench/run.mjs exited with 1' },
      ],
      { startedAt: new Date('2026-11-28T19:00:00Z'), command: 'x', machine: '- Machine: test.' },
    ).join('\n');
    expect(failed).toContain('| seeding (s) | 12.3 | failed |');
    expect(failed).toContain('| details (caches on) | 2,000 req/s, p50 10 / p99 40 ms | failed |');
    expect(failed).toContain('- 1,000,000 products failed: bench/run.mjs exited with 1');
  });
});
