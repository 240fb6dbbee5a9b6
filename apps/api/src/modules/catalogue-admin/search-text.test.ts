import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';

/*
 * ws_search_text (migration 0051) stands in for ws_strip_html in the search documents an import
 * builds: every document and every typo-correction word must be what ws_strip_html gave.
 */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const TRICKY = [
  'Cotton button 12',
  '<p>Cotton <b>strong</b> &amp; useful</p>',
  '  ./x leading blank before a path',
  '\n\tTabs\tand\nnewlines  ',
  'a < b and c > d',
  '&amp<b>;x',
  '<a &amp; b> kept out',
  'caf&eacute; crème brûlée',
  'non\u00a0breaking space',
  'https://example.com/x?y=1 mail@example.com 3.5mm',
  '',
  ' '.repeat(10) + 'x'.repeat(1995) + '   tail words',
  '<p>' + 'word '.repeat(600) + '</p>',
];

/** Deterministic strings over the characters markup, whitespace and the parser care about. */
function generated(count: number): string[] {
  const alphabet = [...'ab1 Z.-/#;&<>'].concat([' ', '\t', '\n', 'é', 'ß', 'Ñ', 'amp', '\u00a0']);
  let state = 7;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 50) }, () => alphabet[next() % alphabet.length]).join(''),
  );
}

describe('ws_search_text', () => {
  it('gives the documents and words ws_strip_html gave, for every language', async () => {
    const texts = [...TRICKY, ...generated(3000)];
    const result = await db.handle.db.execute(sql`
      SELECT t.value, c.cfg
        FROM json_array_elements_text(${JSON.stringify(texts)}::json) AS t(value),
             unnest(ARRAY['ws_en', 'ws_fr', 'ws_es']) AS c(cfg)
       WHERE to_tsvector(c.cfg::regconfig, left(ws_strip_html(t.value), 2000))
               IS DISTINCT FROM to_tsvector(c.cfg::regconfig, left(ws_search_text(t.value), 2000))
          OR ARRAY(SELECT w FROM regexp_split_to_table(ws_norm(t.value), '[^[:alnum:]]+') AS w
                    WHERE length(w) >= 3 ORDER BY w)
             IS DISTINCT FROM
             ARRAY(SELECT w FROM regexp_split_to_table(lower(ws_unaccent(ws_search_text(t.value))),
                                                       '[^[:alnum:]]+') AS w
                    WHERE length(w) >= 3 ORDER BY w)`);
    expect(result.rows).toEqual([]);
  });

  it('keeps a null text null', async () => {
    const result = await db.handle.db.execute(sql`SELECT ws_search_text(NULL) AS text`);
    expect(result.rows).toEqual([{ text: null }]);
  });
});
