import { openDatabase } from './db/client';
import { SearchIndex } from './modules/catalogue/catalogue.search-index';
import { selectSearchQuery, selectSearchRows, searchProducts } from './modules/catalogue/catalogue.queries';
import { prepareSearch } from './modules/catalogue/catalogue.service';

const gc = (globalThis as { gc?: () => void }).gc!;
const handle = await openDatabase({ url: process.env.DATABASE_URL! } as never);
const db = handle.db;
gc();
const heap0 = process.memoryUsage();
const t0 = performance.now();
const index = new SearchIndex();
let after = 0;
for (;;) {
  const rows = await selectSearchRows(db, { after, limit: 5000 });
  index.put(rows);
  if (rows.length < 5000) break;
  after = rows[rows.length - 1].id;
}
index.trim();
const buildMs = performance.now() - t0;
gc();
const heap1 = process.memoryUsage();
console.log(`build ${buildMs.toFixed(0)} ms, ${index.live} products; heapUsed +${((heap1.heapUsed - heap0.heapUsed) / 2 ** 20).toFixed(1)} MB, arrayBuffers +${((heap1.arrayBuffers - heap0.arrayBuffers) / 2 ** 20).toFixed(1)} MB, rss ${(heap1.rss / 2 ** 20).toFixed(0)} MB, postings ${(index.postingBytes() / 2 ** 20).toFixed(1)} MB`);
for (const q of ['button', 'wooden button', 'aiguile', 'bouton bois rouge', 'zzzqx', 'botón', 'BT-1', 'ribbon red']) {
  const p = prepareSearch(q);
  for (const lang of ['en', 'fr'] as const) {
    const input = { ...p, lang, country: 'ca' as const };
    let t = performance.now();
    const tsq = p.tokens ? await selectSearchQuery(db, p.tokens, false) : null;
    const qMs = performance.now() - t;
    index.search(input, tsq);
    const c0 = process.cpuUsage();
    t = performance.now();
    const N = 100;
    let hits = index.search(input, tsq);
    for (let i = 1; i < N; i++) hits = index.search(input, tsq);
    const idxMs = (performance.now() - t) / N;
    const cpu = process.cpuUsage(c0);
    t = performance.now();
    const pg = await searchProducts(db, input);
    const pgMs = performance.now() - t;
    const same = pg.slice(0, 10).filter((h) => hits.slice(0, 10).some((x) => x.id === h.id)).length;
    console.log(`${lang} "${q}": ${hits.length} hits (pg ${pg.length}, top10 overlap ${same}); tsquery ${qMs.toFixed(1)} ms; index ${idxMs.toFixed(2)} ms (cpu ${((cpu.user + cpu.system) / 1000 / N).toFixed(2)} ms); pg ${pgMs.toFixed(0)} ms`);
  }
}
await handle.close();
