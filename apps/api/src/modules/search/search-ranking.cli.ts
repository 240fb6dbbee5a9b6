/*
 * CPU time of ranking in the in-process search index alone, over the bench's distinct search
 * queries (bench/traffic/generate.mjs: words and phrases of names en/fr/es, typos, SKUs, barcodes),
 * from the repository's root:
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/h34_1m \
 *     node --max-old-space-size=512 --import tsx apps/api/src/modules/search/search-ranking.cli.ts \
 *     [--rounds 5] [--first 25] [--suggest] [--out hits.json] [--compare hits.json]
 *
 * Builds the index as a server does, turns every query into its tsquery (PostgreSQL, once), then
 * ranks each query's first page (`--first`, as a caches-off search does; `--suggest`: as the
 * suggestions do) `--rounds` times and prints the mean, percentiles and the slowest queries.
 * `--out` writes every query's page and total; `--compare` checks them against such a file (another
 * build's answers: a ranking change must not change them).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Lang } from '@wholesale/contract';
import { openDatabase } from '../../db/client';
import { SearchIndexHolder, searchQueryOf } from './search.index-holder';
import type { SearchInput } from './search.queries';
import { prepareSearch, SUGGEST_BRANCH_CAP } from './search.service';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    first: { type: 'string', default: '25' },
    suggest: { type: 'boolean', default: false },
    out: { type: 'string' },
    compare: { type: 'string' },
    top: { type: 'string', default: '12' },
  },
});

type Query = { q: string; lang: Lang; kind: string };
const generate = pathToFileURL(path.resolve('bench/traffic/generate.mjs')).href;
const { searchQueries } = (await import(generate)) as {
  searchQueries: (query: (text: string) => Promise<unknown[]>) => Promise<Query[]>;
};

const handle = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 4 });
const holder = new SearchIndexHolder(handle.db, {
  enabled: true,
  budgetBytes: 1e12,
  onError: (error) => console.error(error),
  onBuilt: (built) => console.error(JSON.stringify({ built })),
  onFallback: (fallback) => console.error(JSON.stringify({ fallback })),
});
holder.start();
while (holder.state === 'building') await holder.settled();
const index = holder.index;
if (!index) throw new Error('no index');

const queries = await searchQueries(
  async (text) => (await handle.db.execute(text as never)).rows as unknown[],
);
const suggest = values.suggest;
const first = suggest ? 6 : Number(values.first);
const prepared = [];
for (const q of queries) {
  const input: SearchInput = {
    ...prepareSearch(q.q),
    lang: q.lang,
    country: 'ca',
    ...(suggest ? { prefixLast: true, cap: SUGGEST_BRANCH_CAP, textCap: SUGGEST_BRANCH_CAP } : {}),
  };
  if (!input.tokens) continue;
  const query = await searchQueryOf(handle.db, index, input.tokens, input.prefixLast);
  prepared.push({ ...q, input, query });
}
console.error(`${prepared.length} queries`);

const rounds = Number(values.rounds);
const answers: Record<string, { ids: number[]; scores: number[]; total: number }> = {};
const times: { ms: number; q: string; lang: string; kind: string; total: number }[] = [];
for (const p of prepared) {
  let answer = index.searchFirst(p.input, p.query, first);
  // CPU time, not wall time: the machine may be shared.
  const started = process.cpuUsage();
  for (let r = 0; r < rounds; r++) answer = index.searchFirst(p.input, p.query, first);
  const used = process.cpuUsage(started);
  const ms = (used.user + used.system) / 1000 / rounds;
  times.push({ ms, q: p.q, lang: p.lang, kind: p.kind, total: answer.total });
  answers[`${p.lang}|${p.q}`] = {
    ids: answer.hits.map((h) => h.id),
    scores: answer.hits.map((h) => Math.round(h.score * 1e6) / 1e6),
    total: answer.total,
  };
}
const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
console.log(
  JSON.stringify({
    queries: sorted.length,
    first,
    suggest,
    meanMs: +mean.toFixed(3),
    p50Ms: +at(0.5).toFixed(3),
    p90Ms: +at(0.9).toFixed(3),
    p99Ms: +at(0.99).toFixed(3),
    maxMs: +sorted.at(-1)!.toFixed(3),
  }),
);
// Per language and kind: the bench's per-language targets differ by their queries' words.
const groupKeys = [...new Set(times.flatMap((t) => [t.lang, `${t.lang} ${t.kind}`]))].sort();
for (const key of groupKeys) {
  const ms = times.filter((t) => t.lang === key || `${t.lang} ${t.kind}` === key).map((t) => t.ms);
  const mean = ms.reduce((s, x) => s + x, 0) / ms.length;
  console.log(`  ${key}: ${ms.length} queries, mean ${mean.toFixed(3)} ms`);
}
for (const t of times.sort((a, b) => b.ms - a.ms).slice(0, Number(values.top)))
  console.log(`  ${t.ms.toFixed(2)} ms  [${t.lang}] ${t.kind} "${t.q}" (${t.total} hits)`);
if (values.out) writeFileSync(values.out, JSON.stringify(answers));
if (values.compare) {
  const expected = JSON.parse(readFileSync(values.compare, 'utf8')) as typeof answers;
  const differ = Object.keys(expected).filter(
    (key) => JSON.stringify(expected[key]) !== JSON.stringify(answers[key]),
  );
  console.log(`compared ${Object.keys(expected).length}: ${differ.length} differ`);
  for (const key of differ.slice(0, 10))
    console.log(
      `  ${key}\n    was ${JSON.stringify(expected[key])}\n    now ${JSON.stringify(answers[key])}`,
    );
}
await handle.close();
