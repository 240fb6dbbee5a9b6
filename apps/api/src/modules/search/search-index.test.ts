import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertCatalogueFixtures } from '../../test/catalogue-fixtures';
import { LISTING_DROP_WINDOW_MS, selectAllCategories } from '../catalogue';
import { readySearchIndex, searchIndexBuilt, searchQueryOf } from './search.index-holder';
import { parseTsquery } from './search.tsquery';

/*
 * The in-process search index (docs/decisions/026-in-process-search-index.md): it answers what
 * PostgreSQL answers, and it follows the change feed, whoever wrote the change (here plain SQL, as
 * another API process, an import or a database session would).
 */

let t: TestApp;

/**
 * How long a search may take to show a write: the app's search hit lists are a listing cache, and a
 * write that follows another within LISTING_DROP_WINDOW_MS drops them only at the window's end
 * (decision 013), so the default second of vi.waitFor can end first.
 */
const AFTER_A_WRITE = { timeout: LISTING_DROP_WINDOW_MS + 4_000, interval: 50 };

beforeAll(async () => {
  t = await createTestApp({ env: { SEARCH_INDEX: 'on' } });
  await insertCatalogueFixtures(t);
  expect(await searchIndexBuilt(t.app)).not.toBeNull();
});
afterAll(async () => {
  await t?.close();
});

async function skus(app: FastifyInstance, term: string, lang = 'en'): Promise<string[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/search/?search_term=${encodeURIComponent(term)}&lang_code=${lang}&country=ca&pagination=100`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.products.data.map((p: { product_id: string }) => p.product_id);
}

describe('in-process search index', () => {
  it('reads the tsquery PostgreSQL prints (prefixes, alternatives, phrases)', () => {
    expect(parseTsquery("( 'button' | 'bouton' ) & 'bois':*")).toEqual({
      op: 'and',
      args: [
        {
          op: 'or',
          args: [
            { op: 'term', lexeme: 'button', prefix: false },
            { op: 'term', lexeme: 'bouton', prefix: false },
          ],
        },
        { op: 'term', lexeme: 'bois', prefix: true },
      ],
    });
    expect(parseTsquery("'12' <-> 'mm'")).toMatchObject({ op: 'and' });
    expect(parseTsquery("'l''eau'")).toEqual({ op: 'term', lexeme: "l'eau", prefix: false });
    expect(parseTsquery('')).toEqual({ op: 'none' });
  });

  it("builds ws_search_query's tsquery from its tokens' own ones, asked or known", async () => {
    const index = await readySearchIndex(t.app.searchIndex);
    expect(index).not.toBeNull();
    for (const [tokens, prefixLast] of [
      ['wooden buttons', false],
      ['the wooden buttn', false],
      ['fil de coton', true],
      ['boton madera ro', true],
      ['bt 1001', true],
      ['de la', false],
      ['buttn buttn', false],
      // Digit-only tokens are answered without PostgreSQL: a barcode, a SKU's number, short numbers.
      ['084230653519', false],
      ['sn 20126', false],
      ['0', true],
      ['12', true],
      ['bt 00123', true],
      ...Array.from({ length: 40 }, (_, n): [string, boolean] => [
        '1234567890'.repeat(4).slice(0, n + 1),
        n % 2 === 0,
      ]),
    ] as const)
      for (const round of ['asked', 'known']) {
        const query = await searchQueryOf(t.app.db, index!, tokens, prefixLast);
        const { rows } = await t.handle.db.execute<{ q: string | null }>(
          sql`select ws_search_query(string_to_array(${tokens}, ' '), ${prefixLast})::text as q`,
        );
        const text = rows[0].q;
        expect(query, `${tokens} (${round})`).toEqual(text === null ? null : parseTsquery(text));
      }
  });

  it('holds the category list as selectAllCategories reads it, and follows changes made elsewhere', async () => {
    const index = await readySearchIndex(t.app.searchIndex);
    const all = await selectAllCategories(t.app.db);
    expect(all.length).toBeGreaterThan(3);
    expect(index?.categories.rows).toEqual(all);
    const cold = await createTestApp({ env: { SEARCH_INDEX: 'on', CACHES: 'off' } });
    try {
      await insertCatalogueFixtures(cold);
      expect(await searchIndexBuilt(cold.app)).not.toBeNull();
      const named = async (term: string) => {
        const res = await cold.app.inject({
          method: 'GET',
          url: `/api/search/?search_term=${encodeURIComponent(term)}&lang_code=fr&country=ca`,
        });
        return res.json().data.categories.map((c: { category: string }) => c.category);
      };
      expect(await named('wombat')).toEqual([]);
      await cold.handle.db.execute(
        sql`update categories set name_fr = 'Boutons wombat' where id = (select min(id) from categories where not hidden)`,
      );
      // Another process (here plain SQL) renamed it: the notification makes the index read the list again.
      await vi.waitFor(async () => expect(await named('wombat')).toEqual(['Boutons wombat']));
      expect((await readySearchIndex(cold.app.searchIndex))?.categories.rows).toEqual(
        await selectAllCategories(cold.app.db),
      );
    } finally {
      await cold.close();
    }
  });

  it('answers the same products as PostgreSQL alone', async () => {
    const plain = await createTestApp({ env: { SEARCH_INDEX: 'off' } });
    try {
      await insertCatalogueFixtures(plain);
      for (const [term, lang] of [
        ['wooden buttons', 'en'],
        ['boton madera', 'es'],
        ['buttn', 'en'],
        ['BT-100', 'en'],
        ['060000765432', 'en'],
        ['fil coton', 'fr'],
        ['nothing-matches-this', 'en'],
      ])
        expect(await skus(t.app, term, lang), term).toEqual(await skus(plain.app, term, lang));
    } finally {
      await plain.close();
    }
  });

  it('with CACHES=off, sends only the tsquery of new words and the cards (same answers)', async () => {
    const cold = await createTestApp({ env: { SEARCH_INDEX: 'on', CACHES: 'off' } });
    try {
      await insertCatalogueFixtures(cold);
      expect(await searchIndexBuilt(cold.app)).not.toBeNull();
      // Every statement reaches the pool on PostgreSQL (named ones go to node-postgres directly,
      // db/client.ts), Drizzle's session on PGlite.
      const db = cold.app.db as unknown as {
        $client: { query: (...a: unknown[]) => unknown };
        _: { session: { prepareQuery: (...a: unknown[]) => unknown } };
      };
      const [target, method, textOf] =
        cold.handle.kind === 'postgres'
          ? ([
              db.$client,
              'query',
              (q: unknown) => (typeof q === 'string' ? q : (q as { text: string }).text),
            ] as const)
          : ([db._.session, 'prepareQuery', (q: unknown) => (q as { sql: string }).sql] as const);
      const statements: string[] = [];
      const original = (target as Record<string, (...a: unknown[]) => unknown>)[method].bind(
        target,
      );
      const spy = vi
        .spyOn(target as Record<string, (...a: unknown[]) => unknown>, method)
        .mockImplementation((...args: unknown[]) => {
          statements.push(String(textOf(args[0])));
          return original(...args);
        });
      // The same answer as the app with caches, with categories, and the statements it sent.
      const search = async (term: string, lang: string, namesCategories = true) => {
        statements.length = 0;
        const url = `/api/search/?search_term=${encodeURIComponent(term)}&lang_code=${lang}&country=ca`;
        const [coldRes, warmRes] = await Promise.all([
          cold.app.inject({ method: 'GET', url }),
          t.app.inject({ method: 'GET', url }),
        ]);
        expect(coldRes.body, term).toBe(warmRes.body);
        if (namesCategories) expect(coldRes.json().data.categories.length, term).toBeGreaterThan(0);
        return [...statements];
      };
      // The category list is the index's (followed through the change feed): no statement reads it.
      for (const [term, lang] of [
        ['wooden buttons', 'en'],
        ['boutons', 'fr'],
        ['wood', 'es'],
      ]) {
        const sent = await search(term, lang);
        expect(
          sent.filter((text) => /\bcategories\b/.test(text)),
          term,
        ).toEqual([]);
        expect(
          sent.filter((text) => text.includes('ws_search_query')),
          term,
        ).toHaveLength(1);
      }
      // Asked again, the words are known: the cards' statement only; the answers stay the same.
      for (const [term, lang] of [
        ['wooden buttons', 'en'],
        ['boutons', 'fr'],
      ]) {
        const sent = await search(term, lang);
        expect(sent, term).toHaveLength(1);
        expect(sent[0]).toContain('product_prices');
      }
      // A barcode or a SKU's number: digit-only tokens need no tsquery statement, even when new.
      for (const term of ['060000765432', '765432', '1001']) {
        const sent = await search(term, 'en', false);
        expect(
          sent.filter((text) => text.includes('ws_search_query')),
          term,
        ).toEqual([]);
      }
      spy.mockRestore();
    } finally {
      await cold.close();
    }
  });

  it('follows writes made elsewhere: a renamed, then a deactivated product', async () => {
    await t.handle.db.execute(
      sql`update product_translations set name = 'Zebra toggle' where lang = 'en' and product_id = (select id from products where product_id = 'BT-1001')`,
    );
    // The notification names the product; the index reads it again.
    await vi.waitFor(
      async () => expect(await skus(t.app, 'zebra')).toEqual(['BT-1001']),
      AFTER_A_WRITE,
    );

    await t.handle.db.execute(sql`update products set active = false where product_id = 'BT-1001'`);
    await vi.waitFor(async () => expect(await skus(t.app, 'zebra')).toEqual([]), AFTER_A_WRITE);
  });

  it('corrects a typo to a word added after the typo was first searched', async () => {
    // "flumpat" is no known word and corrects to none yet; the index keeps that until a product's
    // document changes (words come with documents), then asks PostgreSQL again.
    expect(await skus(t.app, 'flumpat')).toEqual([]);
    await t.handle.db.execute(
      sql`update product_translations set name = 'Flumpet clasp' where lang = 'en' and product_id = (select id from products where product_id = 'BT-1003')`,
    );
    await vi.waitFor(
      async () => expect(await skus(t.app, 'flumpat')).toEqual(['BT-1003']),
      AFTER_A_WRITE,
    );
  });

  it("searches in PostgreSQL after a '*' notification until the index is built again", async () => {
    await t.handle.db.execute(
      sql`update product_translations set name = 'Quokka clasp' where lang = 'en' and product_id = (select id from products where product_id = 'BT-1002')`,
    );
    // The rebuild waits for 10 s of quiet: fake timers stand in for them (vi.waitFor advances them).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await t.handle.db.execute(sql`select pg_notify('ws_catalogue', 'f:*')`);
      await vi.waitFor(
        async () => expect(await readySearchIndex(t.app.searchIndex)).toBeNull(),
        AFTER_A_WRITE,
      );
      expect(await skus(t.app, 'quokka')).toEqual(['BT-1002']);
      vi.advanceTimersByTime(10_000);
      await vi.waitFor(
        async () => expect(await readySearchIndex(t.app.searchIndex)).not.toBeNull(),
        AFTER_A_WRITE,
      );
      expect(await skus(t.app, 'quokka')).toEqual(['BT-1002']);
    } finally {
      vi.useRealTimers();
    }
  });
});
