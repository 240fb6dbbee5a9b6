import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';
import { searchIndexBuilt } from './search.index-holder';
import { awaitBuildLock, LOCK_BUSY, withBuildLock } from './search.snapshot-store';

/*
 * The shared search index snapshot (docs/decisions/042-shared-search-index-snapshot.md): the first
 * process builds the index and writes it; another process started on the same database loads it
 * instead of reading the catalogue (its holder counts a load, no build), catches up the products
 * changed since, and answers every search as the builder does. A snapshot that is corrupt, of
 * another format, or behind a change of most of the catalogue (an import) is ignored: the process
 * builds, and writes a new one.
 */

const SEED = { products: 200, seed: 11 };
let first: TestApp;
/** Apps started on first's database by a test, closed after it. */
const others: FastifyInstance[] = [];

beforeAll(async () => {
  first = await createTestApp({ seed: SEED, env: { SEARCH_INDEX: 'on', CACHES: 'off' } });
  expect(await searchIndexBuilt(first.app)).not.toBeNull();
  await first.app.searchIndex.snapshotWritten();
}, 120_000);
afterAll(async () => {
  await Promise.all(others.map((app) => app.close()));
  await first?.close();
});

/** Another API process on first's database, its index made (loaded or built) and written. */
async function another(): Promise<FastifyInstance> {
  const app = await buildApp({ config: first.config, db: first.handle, logger: false });
  others.push(app);
  await app.ready();
  expect(await searchIndexBuilt(app)).not.toBeNull();
  await app.searchIndex.snapshotWritten();
  return app;
}

/** How an app made its index(es) so far. */
const made = (app: FastifyInstance) => ({
  builds: app.searchIndex.builds,
  loads: app.searchIndex.loads,
});

async function answer(app: FastifyInstance, term: string, lang = 'en', country = 'ca') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/search/?search_term=${encodeURIComponent(term)}&lang_code=${lang}&country=${country}&pagination=100`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.products;
}

const skus = async (app: FastifyInstance, term: string) =>
  (await answer(app, term)).data.map((p: { product_id: string }) => p.product_id);

/** Terms covering words, typos, prefixes, codes and every language. */
const TERMS: [string, string, string][] = [
  ['button', 'en', 'ca'],
  ['bouton bois', 'fr', 'ca'],
  ['boton', 'es', 'us'],
  ['cotton thread', 'en', 'us'],
  ['ribbn', 'en', 'ca'],
  ['bu', 'en', 'ca'],
  ['nothing-matches-this', 'en', 'ca'],
];

const snapshotRow = async () =>
  (
    await first.handle.db.execute(
      sql`select format, products, stamp::text as stamp from search_index_snapshot`,
    )
  ).rows[0] as { format: number; products: number; stamp: string } | undefined;

/** Holds the build lock as another process's build would, until `release` (which answers 'built'). */
async function holdBuildLock(): Promise<{ release: () => Promise<unknown> }> {
  let release = () => {};
  const holding = new Promise<void>((resolve) => (release = resolve));
  let locked = () => {};
  const taken = new Promise<void>((resolve) => (locked = resolve));
  const held = withBuildLock(first.app.db, async () => {
    locked();
    await holding;
    return 'built';
  });
  await taken;
  return {
    release: () => {
      release();
      return held;
    },
  };
}

describe('shared search index snapshot', () => {
  it('is written by the process that built, and loaded by another one, which answers alike', async () => {
    expect(made(first.app)).toEqual({ builds: 1, loads: 0 });
    expect(await snapshotRow()).toMatchObject({ format: 1, products: SEED.products });
    const second = await another();
    expect(made(second)).toEqual({ builds: 0, loads: 1 });
    expect(second.searchIndex.index?.live).toBe(SEED.products);
    const sku = (await first.handle.db.execute(sql`select product_id from products limit 1`))
      .rows[0] as { product_id: string };
    for (const [term, lang, country] of [...TERMS, [sku.product_id.slice(0, 4), 'en', 'ca']]) {
      const expected = await answer(first.app, term, lang, country);
      if (term === 'button') expect(expected.total).toBeGreaterThan(0);
      expect(await answer(second, term, lang, country), term).toEqual(expected);
    }
  });

  it('catches up what changed after the snapshot was written: renamed and deleted products', async () => {
    // The first product, and one no order names (orders keep their products).
    const [renamed, deleted] = (
      await first.handle.db.execute(
        sql`(select id, product_id from products order by id limit 1) union all
            (select id, product_id from products p
              where not exists (select 1 from order_lines l where l.product_id = p.id)
              order by id desc limit 1)`,
      )
    ).rows as { id: number; product_id: string }[];
    await first.handle.db.execute(
      sql`update product_translations set name = 'Wombatine clasp' where lang = 'en' and product_id = ${renamed.id}`,
    );
    await first.handle.db.execute(sql`delete from products where id = ${deleted.id}`);
    // Started after both commits: only the catch-up from the snapshot's stamp can bring them.
    const late = await another();
    expect(made(late)).toEqual({ builds: 0, loads: 1 });
    expect(await skus(late, 'wombatine')).toEqual([renamed.product_id]);
    expect(await skus(late, deleted.product_id)).not.toContain(deleted.product_id);
    expect(late.searchIndex.index?.live).toBe(SEED.products - 1);
    // The builder heard of both through the change feed: the same answers.
    await vi.waitFor(async () => expect(await skus(first.app, 'wombatine')).toHaveLength(1));
    for (const [term, lang, country] of TERMS)
      expect(await answer(late, term, lang, country), term).toEqual(
        await answer(first.app, term, lang, country),
      );
  });

  it('ignores a corrupt snapshot, one of another format or a restored one, and builds (writing a new one)', async () => {
    await first.handle.db.execute(
      sql`update search_index_snapshot_chunks set bytes = set_byte(bytes, 40, (get_byte(bytes, 40) + 1) % 256) where seq = 0`,
    );
    const afterCorrupt = await another();
    expect(made(afterCorrupt)).toEqual({ builds: 1, loads: 0 });
    expect(await skus(afterCorrupt, 'wombatine')).toHaveLength(1);
    // It wrote a good one: the next process loads it.
    expect(made(await another())).toEqual({ builds: 0, loads: 1 });

    await first.handle.db.execute(sql`update search_index_snapshot set format = 999`);
    const afterFormat = await another();
    expect(made(afterFormat)).toEqual({ builds: 1, loads: 0 });
    expect((await snapshotRow())?.format).toBe(1);

    // As a dump restored elsewhere: the row written by another transaction than the one it names.
    await first.handle.db.execute(sql`update search_index_snapshot set products = products`);
    expect(made(await another())).toEqual({ builds: 1, loads: 0 });
  });

  it('is stale after most of the catalogue changed (an import): the next process builds', async () => {
    const before = await snapshotRow();
    await first.handle.db.execute(
      sql`update product_translations set name = name || ' (imported)' where lang = 'fr'`,
    );
    const afterImport = await another();
    expect(made(afterImport)).toEqual({ builds: 1, loads: 0 });
    expect(BigInt((await snapshotRow())!.stamp)).toBeGreaterThan(BigInt(before!.stamp));
    await vi.waitFor(async () =>
      expect(await answer(first.app, 'imported', 'fr')).toEqual(
        await answer(afterImport, 'imported', 'fr'),
      ),
    );
    expect((await answer(afterImport, 'imported', 'fr')).total).toBeGreaterThan(SEED.products / 2);
  });

  it.runIf(process.env.DATABASE_URL)(
    "after a '*', one process rebuilds and the others load its snapshot",
    async () => {
      // Only these processes follow the database now (each one that hears the '*' rebuilds).
      await Promise.all(others.splice(0).map((app) => app.close()));
      const apps = [first.app, await another(), await another()];
      const before = apps.map(made);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const heard = apps.map(
          (app) =>
            new Promise<void>((resolve) =>
              app.changeFeed.subscribe('ws_catalogue', (payload) => {
                if (payload === 'f:*') resolve();
              }),
            ),
        );
        await first.handle.db.execute(
          sql`update product_translations set name = name || ' (quasarine)' where lang = 'es'`,
        );
        await first.handle.db.execute(sql`select pg_notify('ws_catalogue', 'f:*')`);
        await Promise.all(heard);
        // The catalogue has been quiet for 10 s: every process rebuilds at once.
        vi.advanceTimersByTime(10_000);
        await Promise.all(apps.map((app) => app.searchIndex.settled()));
      } finally {
        vi.useRealTimers();
      }
      const after = apps.map(made);
      const sum = (list: { builds: number; loads: number }[], key: 'builds' | 'loads') =>
        list.reduce((n, m) => n + m[key], 0);
      expect(sum(after, 'builds') - sum(before, 'builds')).toBe(1);
      expect(sum(after, 'loads') - sum(before, 'loads')).toBe(apps.length - 1);
      const quasarine = await answer(first.app, 'quasarine');
      expect(quasarine.total).toBeGreaterThan(SEED.products / 2);
      for (const app of apps) expect(await answer(app, 'quasarine')).toEqual(quasarine);
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    "waits for another process's build (not ready meanwhile), and builds when that one wrote nothing",
    async () => {
      // Another process building: it holds the lock (its snapshot is stale: the catalogue changed).
      await first.handle.db.execute(
        sql`update product_translations set name = name || ' (wait)' where lang = 'en'`,
      );
      const builder = await holdBuildLock();
      const waiting = await buildApp({ config: first.config, db: first.handle, logger: false });
      others.push(waiting);
      await waiting.ready();
      await vi.waitFor(() =>
        expect(waiting.searchIndex.readiness()).toEqual({
          ok: false,
          detail: "Waiting for another process's search index build",
        }),
      );
      // The other process gave up without writing: this one builds, and says so.
      await builder.release();
      expect(await searchIndexBuilt(waiting)).not.toBeNull();
      expect(made(waiting)).toEqual({ builds: 1, loads: 0 });
      expect(waiting.searchIndex.readiness()).toEqual({ ok: true });
      await waiting.searchIndex.snapshotWritten();
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'waits for a build in progress for a bounded time only',
    async () => {
      const builder = await holdBuildLock();
      expect(await withBuildLock(first.app.db, async () => 'twice')).toBe(LOCK_BUSY);
      expect(await awaitBuildLock(first.app.db, 50)).toBe(false);
      expect(await builder.release()).toBe('built');
      expect(await awaitBuildLock(first.app.db, 50)).toBe(true);
    },
  );
});
