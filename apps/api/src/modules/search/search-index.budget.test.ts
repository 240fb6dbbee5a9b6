import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  SEARCH_INDEX_READY_WAIT_MS,
  SearchIndexHolder,
  searchIndexBuilt,
} from './search.index-holder';

/*
 * The search index's memory budget and its part of readiness (docs/decisions/039-search-index-memory-budget.md):
 * a process whose catalogue does not fit its budget still starts, says it is ready in a degraded
 * state, and searches in PostgreSQL; a process is not ready while its first index builds, but not
 * for ever. A tiny SEARCH_INDEX_MEMORY_MB stands in for a catalogue too large for the heap.
 */

const SEED = { products: 200, seed: 7 };
let tight: TestApp;
let roomy: TestApp;

beforeAll(async () => {
  [tight, roomy] = await Promise.all([
    createTestApp({
      seed: SEED,
      env: { SEARCH_INDEX: 'on', CACHES: 'off', SEARCH_INDEX_MEMORY_MB: '0.02' },
    }),
    createTestApp({ seed: SEED, env: { SEARCH_INDEX: 'on', CACHES: 'off' } }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([tight?.close(), roomy?.close()]);
});

/** How many products a search finds (both engines find the same ones; their order may differ). */
async function found(t: TestApp, term: string): Promise<number> {
  const res = await t.inject({
    method: 'GET',
    url: `/api/search/?search_term=${encodeURIComponent(term)}&lang_code=en&country=ca`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.products.total;
}

describe('search index memory budget', () => {
  it('starts without the index when it does not fit: ready, degraded, searching in PostgreSQL', async () => {
    expect(await searchIndexBuilt(tight.app)).toBeNull();
    expect(tight.app.searchIndex.state).toBe('fallback');
    const ready = await tight.get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.searchIndex).toEqual({
      ok: true,
      detail: expect.stringMatching(
        /^degraded: searches rank in PostgreSQL \(the search index needs more than its 0\.02 MB \(SEARCH_INDEX_MEMORY_MB\) at \d+ products\)$/,
      ),
    });
    // PostgreSQL answers what the index answers in a process where it fits.
    expect(await searchIndexBuilt(roomy.app)).not.toBeNull();
    for (const term of ['button', 'bouton bois', 'cotton thread', 'ribbn']) {
      const fallback = await found(tight, term);
      expect(fallback, term).toBeGreaterThan(0);
      expect(fallback, term).toBe(await found(roomy, term));
    }
  });

  it('holds an index that fits, and says ready without a detail', async () => {
    const index = await searchIndexBuilt(roomy.app);
    expect(index?.live).toBe(SEED.products);
    expect(index!.byteSize()).toBeLessThan(roomy.config.searchIndexMemoryMb * 1048576);
    const ready = await roomy.get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.searchIndex).toEqual({ ok: true });
  });

  it('is not ready while its first index builds, and ready (degraded) once it has waited long enough', async () => {
    const errors: unknown[] = [];
    const holder = new SearchIndexHolder(roomy.app.db, {
      enabled: true,
      budgetBytes: 64 * 1048576,
      onError: (error) => errors.push(error),
      onBuilt: () => {},
      onFallback: () => {},
    });
    holder.start();
    expect(holder.readiness()).toEqual({
      ok: false,
      detail: 'Building the search index: 0 products read',
    });
    expect(holder.readiness(Date.now() + SEARCH_INDEX_READY_WAIT_MS)).toEqual({
      ok: true,
      detail: `degraded: searches rank in PostgreSQL (the search index is still building after ${SEARCH_INDEX_READY_WAIT_MS / 1000} s)`,
    });
    while (holder.state === 'building') await holder.settled();
    expect(errors).toEqual([]);
    expect(holder.readiness()).toEqual({ ok: true });
    // A later rebuild (an import's '*') does not take the process out of the balancer.
    holder.rebuild();
    expect(holder.readiness()).toEqual({
      ok: true,
      detail: 'degraded: searches rank in PostgreSQL (the search index is being rebuilt)',
    });
    holder.suspend();
  });

  it('says the index is off when SEARCH_INDEX=off', async () => {
    const off = await createTestApp();
    try {
      const ready = await off.get('/api/health/ready');
      expect(ready.statusCode).toBe(200);
      expect(ready.json().checks.searchIndex).toEqual({
        ok: true,
        detail: 'off (SEARCH_INDEX=off): searches rank in PostgreSQL',
      });
    } finally {
      await off.close();
    }
  });
});
