import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SearchIndex } from './search.index';
import type { SearchInput, SearchRow } from './search.queries';
import { expectFirstHitsOfWholeList } from './search-index.fixtures';

/*
 * A caches-off search ranks its first page by walking the query's cursors (search.cursors.ts),
 * long runs jumping by their skip tables; a kept search ranks every hit by merging whole lists.
 * On an index large enough for skip tables (runs of thousands of postings, words of every
 * frequency), both must answer the same hits in the same order, and the same total.
 */

const WORDS = ['common', 'half', 'tenth', 'rare', 'rarer', 'rarest'];
/** Every how many documents each word is in (offset by its position, so they interleave). */
const EVERY = [1, 2, 10, 97, 331, 1499];
const WEIGHTS = ['A', 'B', 'C', ''];
const SIZE = 6000;

function rows(): SearchRow[] {
  return Array.from({ length: SIZE }, (_, i) => {
    const terms = WORDS.flatMap((word, w) =>
      (i + w) % EVERY[w] === 0 ? [`'${word}':${1 + w}${WEIGHTS[(i * 7 + w) % 4]}`] : [],
    );
    // Prefix cousins of "rare" in a few documents, so a prefix unites several runs.
    if (i % 501 === 3) terms.push(`'rarely':9A`);
    return {
      id: i + 1,
      sku: `SKU-${String((i * 7919) % SIZE).padStart(5, '0')}-${i}`,
      barcode: null,
      active: i % 13 !== 0,
      soldCa: i % 17 !== 0,
      soldUs: i % 5 !== 0,
      doc: terms.join(' '),
    };
  });
}

function built(): SearchIndex {
  const index = new SearchIndex();
  const all = rows();
  index.put(all.slice(0, 5000));
  index.freeze();
  // Later puts: postings beside the frozen ones, and replaced documents left dead.
  index.put(all.slice(5000));
  index.put(all.filter((r) => r.id % 211 === 0).map((r) => ({ ...r, doc: `${r.doc} 'fresh':1A` })));
  index.orderCodes();
  return index;
}

const input = (lang: 'en' | 'fr' | 'es', country: 'ca' | 'us'): SearchInput => ({
  lang,
  country,
  raw: 'x y',
  tokens: 'x y',
  prefixLast: false,
  codeLike: false,
});

const term = fc
  .record({ word: fc.constantFrom(...WORDS, 'rar', 'fresh', 'missing'), prefix: fc.boolean() })
  .map(({ word, prefix }) => `'${word}'${prefix ? ':*' : ''}`);
const tsquery = fc.oneof(
  term,
  fc.tuple(term, term).map(([a, b]) => `${a} & ${b}`),
  fc.tuple(term, term, term).map(([a, b, c]) => `( ${a} | ${b} ) & ${c}`),
  fc.tuple(term, term, term).map(([a, b, c]) => `${a} & ${b} & ${c}`),
  fc.tuple(term, term, term, term).map(([a, b, c, d]) => `( ${a} & ${b} ) | ( ${c} & ${d} )`),
);

describe('search index cursors', () => {
  const index = built();

  it('answers the first hits and the total that ranking every hit answers', () => {
    fc.assert(
      fc.property(
        tsquery,
        fc.constantFrom('en', 'fr', 'es'),
        fc.constantFrom('ca', 'us'),
        fc.constantFrom(1, 25, 100, 5000),
        (query, lang, country, first) => {
          expectFirstHitsOfWholeList(index, input(lang as 'en', country as 'ca'), query, first);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('intersects a rare word with a common one through the skip tables', () => {
    const search = input('en', 'ca');
    const all = index.search(search, "'rarest' & 'common' & 'half'");
    expect(all.length).toBeGreaterThan(0);
    expect(index.searchFirst(search, "'common' & 'rarest' & 'half'", 3)).toEqual({
      hits: all.slice(0, 3),
      total: all.length,
    });
  });
});
