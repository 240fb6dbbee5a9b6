/*
 * Memory and time of one search index build on a seeded database (decision 039):
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/h34_bench_300000 \
 *     node --max-old-space-size=512 --expose-gc --import tsx apps/api/src/modules/search/search-index-memory.cli.ts [--budget-mb 160]
 *
 * Builds the index the way a server does (SearchIndexHolder, 5,000 products a statement), samples
 * the heap and the ArrayBuffers every 20 ms meanwhile, then collects garbage and prints what the
 * built index retains, the build's time and this process's CPU time (PostgreSQL's not counted), and
 * the CPU time of ranking a few searches. Memory does not depend on the machine's load; times do.
 */
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { openDatabase } from '../../db/client';
import { SearchIndexHolder, searchQueryOf } from './search.index-holder';
import { prepareSearch } from './search.service';

const { values } = parseArgs({ options: { 'budget-mb': { type: 'string', default: '100000' } } });
const mb = (bytes: number) => Math.round(bytes / 1048576);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const handle = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 4 });
gc();
const before = process.memoryUsage();
const peak = { heap: 0, arrayBuffers: 0, rss: 0 };
const sample = () => {
  const m = process.memoryUsage();
  peak.heap = Math.max(peak.heap, m.heapUsed);
  peak.arrayBuffers = Math.max(peak.arrayBuffers, m.arrayBuffers);
  peak.rss = Math.max(peak.rss, m.rss);
};
const timer = setInterval(sample, 20);
const facts: Record<string, unknown> = {};
const holder = new SearchIndexHolder(handle.db, {
  enabled: true,
  budgetBytes: Number(values['budget-mb']) * 1048576,
  onError: (error) => console.error(error),
  onBuilt: (built) => Object.assign(facts, { outcome: 'built' }, built),
  onFallback: (fallback) => Object.assign(facts, { outcome: 'over budget' }, fallback),
});
const cpuBefore = process.cpuUsage();
holder.start();
while (holder.state === 'building') await holder.settled();
sample();
clearInterval(timer);
const cpu = process.cpuUsage(cpuBefore);
gc();
const after = process.memoryUsage();
console.log(
  JSON.stringify({
    ...facts,
    products: holder.index?.live ?? facts.products,
    indexBytesMb: holder.index ? mb(holder.index.byteSize()) : null,
    buildCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    baselineHeapMb: mb(before.heapUsed),
    retainedHeapMb: mb(after.heapUsed - before.heapUsed),
    retainedArrayBuffersMb: mb(after.arrayBuffers - before.arrayBuffers),
    peakHeapMb: mb(peak.heap),
    peakArrayBuffersMb: mb(peak.arrayBuffers),
    peakRssMb: mb(peak.rss),
    heapLimitMb: mb(v8.getHeapStatistics().heap_size_limit),
  }),
);

// CPU of ranking in the index alone (no HTTP, no cards), per search, for a few kinds of query.
const index = holder.index;
if (index)
  for (const [text, lang, suggest] of [
    ['button', 'en', false],
    ['wooden button', 'en', false],
    ['bouton bois', 'fr', false],
    ['botón madera', 'es', false],
    ['aiguile', 'fr', false],
    ['ribbon red', 'en', false],
    ['butt', 'en', true],
    ['bt-0001', 'en', false],
  ] as const) {
    const input = { ...prepareSearch(text), lang, country: 'ca' as const, prefixLast: suggest };
    const query = await searchQueryOf(handle.db, index, input.tokens, input.prefixLast);
    index.searchFirst(input, query, 25);
    const rounds = 100;
    let total = 0;
    const started = process.cpuUsage();
    for (let i = 0; i < rounds; i++) total = index.searchFirst(input, query, 25).total;
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000 / rounds;
    console.log(
      JSON.stringify({ text, lang, suggest, hits: total, cpuMsPerSearch: Number(ms.toFixed(2)) }),
    );
  }
await handle.close();
