import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SearchIndex } from './search.index';
import type { SearchInput, SearchRow } from './search.queries';
import { expectFirstHitsOfWholeList } from './search-index.fixtures';

/*
 * The index keeps postings in two places (flat frozen arrays, and a map of what refreshes added
 * since), merged on freeze. Whatever sequence of puts, removals and freezes brought it to a state,
 * it must answer exactly what an index built at once from that state answers.
 */

const LEXEMES = ['b', 'bead', 'beads', 'but', 'butt', 'button', "l'eau", 'lace', 'zip'];
const WEIGHTS = ['A', 'B', 'C', 'D'];

const docText = fc
  .uniqueArray(
    fc.record({
      lexeme: fc.constantFrom(...LEXEMES),
      weights: fc.uniqueArray(fc.constantFrom(...WEIGHTS), { minLength: 1, maxLength: 3 }),
    }),
    { selector: (t) => t.lexeme, maxLength: 4 },
  )
  .map((terms) =>
    terms
      .map(({ lexeme, weights }) => {
        const quoted = `'${lexeme.replaceAll("'", "''")}'`;
        return `${quoted}:${weights.map((w, i) => `${i + 1}${w === 'D' ? '' : w}`).join(',')}`;
      })
      .join(' '),
  );

const row = fc.record({
  id: fc.integer({ min: 1, max: 12 }),
  doc: docText,
  active: fc.boolean(),
  soldCa: fc.boolean(),
  soldUs: fc.boolean(),
  hasBarcode: fc.boolean(),
});

type Step =
  | {
      put: Array<{
        id: number;
        doc: string;
        active: boolean;
        soldCa: boolean;
        soldUs: boolean;
        hasBarcode: boolean;
      }>;
    }
  | { remove: number }
  | { freeze: true };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ put: fc.array(row, { minLength: 1, maxLength: 5 }) }),
  fc.record({ remove: fc.integer({ min: 1, max: 12 }) }),
  fc.constant({ freeze: true as const }),
);

const term = fc
  .record({ lexeme: fc.constantFrom(...LEXEMES, 'bu', 'x'), prefix: fc.boolean() })
  .map(({ lexeme, prefix }) => `'${lexeme.replaceAll("'", "''")}'${prefix ? ':*' : ''}`);
const tsquery = fc.oneof(
  term,
  fc.tuple(term, term).map(([a, b]) => `${a} & ${b}`),
  fc.tuple(term, term, term).map(([a, b, c]) => `( ${a} | ${b} ) & ${c}`),
);

function toRow(r: Extract<Step, { put: unknown }>['put'][number]): SearchRow {
  return {
    id: r.id,
    sku: `SKU-${String(r.id).padStart(2, '0')}   `,
    barcode: r.hasBarcode ? String(60_000_000_000 + r.id) : null,
    active: r.active,
    soldCa: r.soldCa,
    soldUs: r.soldUs,
    doc: r.doc,
  };
}

function input(country: 'ca' | 'us', raw: string): SearchInput {
  return {
    lang: 'fr',
    country,
    raw,
    tokens: raw,
    prefixLast: false,
    codeLike: /^[\w-]+$/.test(raw),
  };
}

describe('search index postings', () => {
  it('answers after any puts, removals and freezes what an index built at once answers', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 12 }),
        tsquery,
        fc.constantFrom<'ca' | 'us'>('ca', 'us'),
        fc.constantFrom('sku-0', 'SKU-01', '6000000000', 'nothing'),
        (steps, query, country, raw) => {
          const index = new SearchIndex();
          const state = new Map<number, SearchRow>();
          for (const s of steps) {
            if ('put' in s) {
              const rows = s.put.map(toRow);
              index.put(rows);
              for (const r of rows) state.set(r.id, r);
            } else if ('remove' in s) {
              index.remove(s.remove);
              state.delete(s.remove);
            } else index.freeze();
          }
          const fresh = new SearchIndex();
          fresh.put([...state.values()]);
          fresh.freeze();
          expect(index.live).toBe(state.size);
          expect(index.search(input(country, raw), query)).toEqual(
            fresh.search(input(country, raw), query),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers the first hits of a search and their total as the whole list does (CACHES=off pages)', () => {
    fc.assert(
      fc.property(
        fc.array(docText, { minLength: 40, maxLength: 300, size: 'max' }),
        tsquery,
        fc.constantFrom('sku-0', 'SKU-01', 'sku-1', '6000000000', 'nothing'),
        fc.constantFrom(undefined, 3, 150),
        // Mostly a page much shorter than the hits (the partial sort), sometimes all of them.
        fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 320 })),
        (docs, query, raw, textCap, first) => {
          const index = new SearchIndex();
          index.put(
            docs.map((doc, i) =>
              toRow({
                id: i + 1,
                doc,
                active: i % 7 !== 0,
                soldCa: i % 5 !== 0,
                soldUs: true,
                hasBarcode: i % 3 === 0,
              }),
            ),
          );
          index.freeze();
          expectFirstHitsOfWholeList(index, { ...input('ca', raw), textCap }, query, first);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds a word added after the freeze beside the frozen ones, and forgets a removed product', () => {
    const index = new SearchIndex();
    const base = { sku: 'A', barcode: null, active: true, soldCa: true, soldUs: false };
    index.put([{ ...base, id: 1, sku: 'A1', doc: "'button':1A" }]);
    index.freeze();
    index.put([{ ...base, id: 2, sku: 'A2', doc: "'button':1 'buttonhol':2B" }]);
    const ids = (query: string) => index.search(input('ca', 'x y'), query).map((hit) => hit.id);
    expect(ids("'button'")).toEqual([1, 2]);
    // A prefix keeps each product's best lexeme: 2's French name (B) outranks 1's English one (A).
    expect(ids("'butto':*")).toEqual([2, 1]);
    expect(ids("'buttonhol'")).toEqual([2]);
    index.remove(1);
    expect(ids("'button'")).toEqual([2]);
    index.freeze();
    expect(ids("'butto':*")).toEqual([2]);
    expect(index.live).toBe(1);
  });

  it('merges long runs (a buffer of their own) as an index built at once holds them', () => {
    fc.assert(
      fc.property(
        fc.array(docText, { minLength: 200, maxLength: 600, size: 'max' }),
        fc.array(docText, { minLength: 1, maxLength: 120 }),
        fc.integer({ min: 2, max: 9 }),
        tsquery,
        (first, later, every, query) => {
          const rowOf = (doc: string, id: number) =>
            toRow({ id, doc, active: true, soldCa: true, soldUs: true, hasBarcode: id % 2 === 0 });
          const index = new SearchIndex();
          const state = new Map<number, SearchRow>();
          const put = (rows: SearchRow[]) => {
            index.put(rows);
            for (const r of rows) state.set(r.id, r);
          };
          put(first.map((doc, i) => rowOf(doc, i + 1)));
          index.freeze();
          for (let id = 1; id <= first.length; id += every) {
            index.remove(id);
            state.delete(id);
          }
          put(later.map((doc, i) => rowOf(doc, ((i * 7) % first.length) + 1)));
          index.freeze();
          const fresh = new SearchIndex();
          fresh.put([...state.values()].sort((a, b) => a.id - b.id));
          fresh.freeze();
          expect(index.search(input('ca', 'x y'), query)).toEqual(
            fresh.search(input('ca', 'x y'), query),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
