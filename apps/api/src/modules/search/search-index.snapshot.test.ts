import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SearchIndex } from './search.index';
import type { SearchInput, SearchRow } from './search.queries';
import {
  decodeSnapshot,
  encodeSnapshot,
  SnapshotUnreadable,
  type EncodedSnapshot,
} from './search.snapshot-format';

/*
 * The byte layout of the shared index snapshot (search.snapshot-format.ts, decision 042): an index
 * read back from its snapshot, cut into chunks of any size, answers every search exactly as the
 * build that wrote it; a snapshot whose bytes changed, ended early or went on is refused.
 */

const WORDS = ['acorn', 'acrylic', 'bead', 'bobbin', 'button', 'buttonhol', "d'or", 'lace', 'zip'];

/** A product whose document holds some of WORDS, each at a position with a weight (or none: D). */
const product = (id: number) =>
  fc
    .record({
      words: fc.subarray(WORDS, { minLength: 0, maxLength: 5 }),
      weight: fc.constantFrom('A', 'B', 'C', ''),
      flags: fc.integer({ min: 0, max: 7 }),
      barcode: fc.boolean(),
    })
    .map(({ words, weight, flags, barcode }): SearchRow => ({
      id,
      sku: `CX-${(id * 37) % 1000}`,
      barcode: barcode ? `0${id}77` : null,
      active: (flags & 1) === 0,
      soldCa: (flags & 2) === 0,
      soldUs: (flags & 4) === 0,
      doc: words.map((w, k) => `'${w.replace("'", "''")}':${k + 1}${weight}`).join(' ') || null,
    }));

/** A catalogue of `n` products with ascending ids spread apart, as a build reads them. */
const catalogue = fc
  .integer({ min: 0, max: 160 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, k) => product(3 * k + 1))));

const query = fc.oneof(
  fc.constantFrom(...WORDS).map((w) => `'${w.replace("'", "''")}'`),
  fc.constantFrom('b', 'but', 'ac').map((p) => `'${p}':*`),
  fc.constant("'button' & 'bead'"),
  fc.constant("( 'lace' | 'zip' ) & 'b':*"),
);

const searchOf = (raw: string, country: 'ca' | 'us'): SearchInput => ({
  lang: 'en',
  country,
  raw,
  tokens: raw,
  prefixLast: false,
  codeLike: true,
});

/** A fresh build of `rows`, as the holder makes one. */
function built(rows: SearchRow[]): SearchIndex {
  const index = new SearchIndex();
  index.put(rows);
  index.freeze();
  index.orderCodes();
  return index;
}

/** The chunks of `encoded`, handed out one at a time as a reader asks for them. */
function reader(chunks: Uint8Array[]): () => Promise<Uint8Array | null> {
  let k = 0;
  return async () => chunks[k++] ?? null;
}

async function loaded(
  encoded: EncodedSnapshot,
  chunks = [...encoded.chunks],
): Promise<SearchIndex> {
  const header = { bytes: encoded.bytes, checksum: encoded.checksum() };
  return SearchIndex.fromSnapshotParts(await decodeSnapshot(reader(chunks), header));
}

describe('search index snapshot format', () => {
  it('reads back an index that answers every search as the build that wrote it', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogue,
        fc.integer({ min: 1, max: 4096 }),
        query,
        fc.constantFrom('cx-1', 'CX-3', '0', 'nothing'),
        fc.constantFrom<'ca' | 'us'>('ca', 'us'),
        async (rows, chunkBytes, tsquery, raw, country) => {
          const original = built(rows);
          const encoded = encodeSnapshot(original.snapshotParts(), chunkBytes);
          const copy = await loaded(encoded);
          expect(copy.live).toBe(original.live);
          expect(copy.search(searchOf(raw, country), tsquery)).toEqual(
            original.search(searchOf(raw, country), tsquery),
          );
          expect(copy.searchFirst(searchOf(raw, country), tsquery, 3)).toEqual(
            original.searchFirst(searchOf(raw, country), tsquery, 3),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps the build in the parts taken from it, whatever the index does after (refreshes)', async () => {
    await fc.assert(
      fc.asyncProperty(catalogue, fc.array(fc.nat(200)), query, async (rows, touched, tsquery) => {
        const index = built(rows);
        const parts = index.snapshotParts();
        // Refreshes: products replaced (their documents now dead), codes ordered again, frozen.
        index.put(rows.filter((row) => touched.includes(row.id)).map((r) => ({ ...r, doc: null })));
        index.orderCodes();
        index.freeze();
        const copy = await loaded(encodeSnapshot(parts, 512));
        expect(copy.search(searchOf('cx', 'ca'), tsquery)).toEqual(
          built(rows).search(searchOf('cx', 'ca'), tsquery),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a snapshot whose bytes changed, that ends early or goes on', async () => {
    const rows = fc.sample(
      catalogue.filter((r) => r.length > 20),
      { numRuns: 1, seed: 4 },
    )[0];
    const encoded = encodeSnapshot(built(rows).snapshotParts(), 256);
    const chunks = [...encoded.chunks];
    const changed = chunks.map((chunk) => chunk.slice());
    changed[1][17] ^= 1;
    await expect(loaded(encoded, changed)).rejects.toThrow(SnapshotUnreadable);
    await expect(loaded(encoded, chunks.slice(0, -1))).rejects.toThrow(SnapshotUnreadable);
    await expect(loaded(encoded, [...chunks, new Uint8Array(4)])).rejects.toThrow(
      SnapshotUnreadable,
    );
    // Another layout version in the header: refused before anything else is read.
    const other = chunks.map((chunk) => chunk.slice());
    other[0][4] += 1;
    await expect(loaded(encoded, other)).rejects.toThrow(/format/);
    await expect(loaded(encoded, chunks)).resolves.toBeInstanceOf(SearchIndex);
  });

  it('takes only a fresh build: an index with dead documents is no snapshot', () => {
    const rows = fc.sample(
      catalogue.filter((r) => r.length > 2),
      { numRuns: 1, seed: 9 },
    )[0];
    const index = built(rows);
    index.remove(rows[0].id);
    expect(() => index.snapshotParts()).toThrow(/fresh build/);
  });
});
