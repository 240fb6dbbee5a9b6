import type { Country, Lang } from '@wholesale/contract';
import { CategoryList } from '../catalogue';
import {
  RANK_WEIGHTS,
  SEARCH_BRANCH_CAP,
  type SearchHit,
  type SearchInput,
  type SearchRow,
  type TokenQuery,
} from './search.queries';
import { CodeColumn, type CodeColumnParts } from './search.codes';
import {
  decodeRun,
  Postings,
  PostingsWriter,
  type PostingRun,
  type PostingsParts,
} from './search.postings';
import {
  AndCursor,
  emptyCursor,
  END,
  MatchesCursor,
  OrCursor,
  RunCursor,
  type Cursor,
} from './search.cursors';
import { siftDown, siftUp } from './search.heap';
import {
  digitTokenQuery,
  intersect,
  MERGE_LISTS,
  NONE,
  parseTsquery,
  smallest,
  union,
  unionMany,
  type Matches,
  type QueryNode,
} from './search.tsquery';

/*
 * The in-process search index (docs/decisions/026-in-process-search-index.md): the lexemes of every
 * product's search document (product_search.doc, built by PostgreSQL with the same configurations,
 * stemming, stop words and weights as before) as postings in typed arrays, plus each product's SKU,
 * barcode, active and sold flags. PostgreSQL still turns the text into a tsquery (ws_search_query:
 * stems in the three languages, stop words, typo expansion), which costs the same for every search;
 * the index then evaluates it and ranks every match in memory, so a broad word no longer reads,
 * rechecks and ranks thousands of documents in the database.
 *
 * It is an index, not a cache: built from the tables when the change feed becomes live (again),
 * kept fresh by its 'f:' notifications (the products they name are read again), rebuilt on '*'.
 * While it builds, or while the feed is down, searches go to PostgreSQL. CACHES=off leaves it on.
 * The category list a search matches its text against is held the same way: read with the build
 * and again on every notification of its own channel.
 */

/*
 * Weight bits of a lexeme in a document (a weight mask): A = English name (1), B = French (2),
 * C = Spanish (4), D = the rest (8).
 */
const ALIVE = 1;
const ACTIVE = 2;
const SOLD_CA = 4;
const SOLD_US = 8;
/**
 * A lexeme's score per weight mask, per interface language: its weights in decreasing order, the
 * k-th divided by k² (as ts_rank folds a word's several occurrences), so a word in the name and in
 * the description ranks a little above the same word in the name alone.
 */
const MASK_SCORES: Record<Lang, Float32Array> = Object.fromEntries(
  (Object.keys(RANK_WEIGHTS) as Lang[]).map((lang) => {
    // RANK_WEIGHTS lists {D, C, B, A}, as ts_rank takes them.
    const [d, c, b, a] = RANK_WEIGHTS[lang].slice(1, -1).split(',').map(Number);
    const byBit = [a, b, c, d];
    const scores = new Float32Array(16);
    for (let mask = 1; mask < 16; mask++)
      scores[mask] = byBit
        .filter((_, bit) => mask & (1 << bit))
        .sort((x, y) => y - x)
        .reduce((sum, w, k) => sum + w / (k + 1) ** 2, 0);
    return [lang, scores];
  }),
) as Record<Lang, Float32Array>;

/** Lexemes added since the last freeze beyond which the next refresh freezes them in. */
const FREEZE_AFTER_TERMS = 5000;
/** Postings added since the last freeze beyond which the next refresh freezes them in. */
const FREEZE_AFTER_POSTINGS = 200_000;

/** Tokens whose query an index keeps at most (a few bytes each; the catalogue's words are ~1,000). */
const KNOWN_TOKENS_MAX = 50_000;
/** What a kept token's parsed query costs on the heap, about (an object tree of a few terms). */
const KNOWN_TOKEN_BYTES = 400;

/** What a shared snapshot keeps of a freshly built index (search.snapshot-format.ts). */
export type SearchIndexParts = {
  ids: Int32Array<ArrayBuffer>;
  flags: Uint8Array<ArrayBuffer>;
  skus: CodeColumnParts;
  barcodes: CodeColumnParts;
  postings: PostingsParts;
};

/**
 * The index of one database in this process. Postings are frozen (search.postings.ts: sorted
 * lexemes, each a run of delta-encoded documents and weight masks in one buffer), plus a small
 * writer of what refreshes added since, merged in by later freezes. Per document: its product id,
 * flags, SKU and barcode in typed arrays (search.codes.ts), no object or string each. Documents are
 * numbered in the order they were put; a replaced or removed product's document stays, dead, until
 * the next build.
 */
export class SearchIndex {
  /** Every category, as selectAllCategories answers them (kept fresh by the holder). */
  categories = new CategoryList([]);
  private ids = new Int32Array(1024);
  private flags = new Uint8Array(1024);
  private documents = 0;
  /** Documents 0 … ascending-1 were put with ascending product ids (a build): found by bisection. */
  private ascending = 0;
  /** The document of each product put out of order (refreshes), found by key. */
  private docOf = new Map<number, number>();
  private dead = 0;
  private skus = new CodeColumn(true);
  private barcodes = new CodeColumn(false);
  private frozen = new Postings();
  /** Postings put since the last freeze; their documents all follow the frozen ones. */
  private added = new PostingsWriter();

  /**
   * What ws_search_query made of each token seen (key: the token, `*` after it when read as a
   * prefix), parsed; null for a stop word. Stems are fixed by the text search configurations, and a
   * token that is (the prefix of) a known word stays one, as words are only ever added: those are
   * kept. A typo's corrections change when words are added, and words come only with products'
   * documents, whose change notifications forget them (forgetTypos).
   */
  private stableTokens = new Map<string, QueryNode | null>();
  private typoTokens = new Map<string, QueryNode | null>();
  /** Counts forgetTypos calls: a lookup that was sent before one may not keep a typo's correction. */
  private typoEpoch = 0;

  /**
   * The parts of a fresh build (frozen, codes ordered, every document live and in id order), for a
   * shared snapshot (decision 042). NOTE: what later changes rewrite in place (the flags, the codes'
   * ranks) is copied, so the parts stay those of the build while the index goes on changing.
   */
  snapshotParts(): SearchIndexParts {
    if (this.dead || this.docOf.size || this.added.postings || this.ascending !== this.documents)
      throw new Error('only a fresh build makes a snapshot');
    return {
      ids: this.ids.subarray(0, this.documents),
      flags: this.flags.slice(0, this.documents),
      skus: this.skus.parts(),
      barcodes: this.barcodes.parts(),
      postings: this.frozen.parts(),
    };
  }

  /** The index `parts` describe: as the build that made them left it. */
  static fromSnapshotParts(parts: SearchIndexParts): SearchIndex {
    const index = new SearchIndex();
    const n = parts.ids.length;
    index.ids = new Int32Array(Math.max(n, 1024));
    index.ids.set(parts.ids);
    index.flags = new Uint8Array(index.ids.length);
    index.flags.set(parts.flags);
    index.documents = index.ascending = n;
    index.skus = CodeColumn.fromParts(true, parts.skus);
    index.barcodes = CodeColumn.fromParts(false, parts.barcodes);
    index.frozen = Postings.fromParts(parts.postings);
    return index;
  }

  /** Documents held, dead ones included. */
  get size(): number {
    return this.documents;
  }

  /** Products indexed. */
  get live(): number {
    return this.documents - this.dead;
  }

  /** Whether so many documents are dead that a rebuild pays. */
  get worn(): boolean {
    return this.dead > 10_000 && this.dead > this.live / 4;
  }

  /** The parsed query of each token known, undefined where it is not (yet). */
  tokenQueries(keys: string[]): (QueryNode | null | undefined)[] {
    return keys.map(
      (key) => this.stableTokens.get(key) ?? this.typoTokens.get(key) ?? digitTokenQuery(key),
    );
  }

  /**
   * Keeps what PostgreSQL made of tokens, looked up since `epoch` (see typoEpoch); answers their
   * parsed queries.
   */
  learnTokens(keys: string[], queries: TokenQuery[], epoch: number): (QueryNode | null)[] {
    if (this.stableTokens.size + this.typoTokens.size >= KNOWN_TOKENS_MAX) {
      this.stableTokens.clear();
      this.typoTokens.clear();
    }
    return queries.map(({ tsquery, stable }, i) => {
      const node = tsquery === null ? null : parseTsquery(tsquery);
      if (stable) this.stableTokens.set(keys[i], node);
      else if (epoch === this.typoEpoch) this.typoTokens.set(keys[i], node);
      return node;
    });
  }

  /** The current typo epoch (pass it to learnTokens with the answer of a lookup sent now). */
  get tokenEpoch(): number {
    return this.typoEpoch;
  }

  /** Products' documents changed: words may have been added, so typos may correct differently. */
  forgetTypos(): void {
    this.typoTokens.clear();
    this.typoEpoch++;
  }

  /** Adds (or replaces) products: a replaced product's old document stays as a dead entry. */
  put(rows: SearchRow[]): void {
    for (const row of rows) {
      this.remove(row.id);
      const doc = this.documents;
      if (doc === this.ids.length) this.grow();
      this.ids[doc] = row.id;
      this.flags[doc] =
        ALIVE | (row.active ? ACTIVE : 0) | (row.soldCa ? SOLD_CA : 0) | (row.soldUs ? SOLD_US : 0);
      if (this.ascending === doc && (doc === 0 || this.ids[doc - 1] < row.id)) this.ascending++;
      else this.docOf.set(row.id, doc);
      this.documents++;
      this.skus.push(doc, row.sku.trimEnd().toLowerCase());
      this.barcodes.push(doc, row.barcode);
      if (row.doc) this.added.addDocument(row.doc, doc);
    }
  }

  /** The live document of product `id`, or -1. */
  private docOfProduct(id: number): number {
    const moved = this.docOf.get(id);
    if (moved !== undefined) return moved;
    let lo = 0;
    let hi = this.ascending;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ids[mid] < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.ascending && this.ids[lo] === id && this.flags[lo] & ALIVE ? lo : -1;
  }

  /** Forgets a product (deleted, or about to be replaced). */
  remove(id: number): void {
    const doc = this.docOfProduct(id);
    if (doc < 0) return;
    this.flags[doc] = 0;
    this.docOf.delete(id);
    this.dead++;
    this.skus.removed();
    this.barcodes.removed();
  }

  /** Forgets every product `exists` denies (a catch-up that found products deleted). */
  keepOnly(exists: (id: number) => boolean): void {
    for (let doc = 0; doc < this.documents; doc++)
      if (this.flags[doc] & ALIVE && !exists(this.ids[doc])) this.remove(this.ids[doc]);
  }

  /** Whether so much was added since the last freeze that lookups should not scan it. */
  get unfrozen(): boolean {
    return (
      this.added.lexemeCount > FREEZE_AFTER_TERMS || this.added.postings > FREEZE_AFTER_POSTINGS
    );
  }

  /** Bytes the next freeze holds at its peak beside what the index holds now (the new postings). */
  get freezeBytes(): number {
    if (this.frozen.lexemes.length === 0 && this.dead === 0) return this.added.finishBytes;
    // Laid out, then merged run by run (each old run let go as it is replaced), and the shared
    // buffer of short runs made anew.
    return this.added.finishBytes + 2 * this.added.encodedBytes + this.frozen.sharedBytes;
  }

  /**
   * Merges the postings added since the last freeze into the frozen ones (dropping dead documents'
   * postings on the way) and lets the growing arrays' spare room go. A build's first freeze only
   * lays its postings out.
   */
  freeze(): void {
    const added = this.added.finish();
    this.frozen =
      this.frozen.lexemes.length === 0 && this.dead === 0
        ? added
        : Postings.merge(this.frozen, added, this.isLive);
    this.added = new PostingsWriter();
    this.ids = this.ids.slice(0, Math.max(this.documents, 1024));
    this.flags = this.flags.slice(0, this.ids.length);
    this.skus.trim();
    this.barcodes.trim();
  }

  /**
   * Bytes the index holds, about: typed arrays (spare room included), postings, codes, the lexeme
   * strings and the kept token queries. What the memory budget (SEARCH_INDEX_MEMORY_MB) is held to.
   */
  byteSize(): number {
    return (
      this.ids.byteLength +
      this.flags.byteLength +
      // A map entry of a product put out of order: key, value and the table's share, about.
      this.docOf.size * 40 +
      this.skus.byteSize +
      this.barcodes.byteSize +
      this.frozen.byteSize +
      this.added.byteSize +
      (this.stableTokens.size + this.typoTokens.size) * KNOWN_TOKEN_BYTES
    );
  }

  private grow(): void {
    const ids = new Int32Array(this.ids.length * 2);
    ids.set(this.ids);
    this.ids = ids;
    const flags = new Uint8Array(this.flags.length * 2);
    flags.set(this.flags);
    this.flags = flags;
  }

  /**
   * What one query term matches: the documents of its lexeme (or, for a prefix, of every lexeme
   * starting with it), each scored by its weight mask; a document in several of them keeps its best.
   */
  private termMatches(lexeme: string, prefix: boolean, scores: Float32Array): Matches {
    // Each lexeme's postings are ascending with one per document: a few lists are merged pairwise;
    // many (a short prefix) are marked in a dense array instead.
    const lists = this.termRuns(lexeme, prefix).map((run) => decodeRun(run, scores));
    if (lists.length <= MERGE_LISTS) return lists.length ? lists.reduce(union) : NONE;
    return unionMany(lists, this.documents);
  }

  /** The runs of the lexeme (or, for a prefix, of every lexeme starting with it): frozen, then added. */
  private termRuns(lexeme: string, prefix: boolean): PostingRun[] {
    const { frozen, added } = this;
    const first = frozen.lowerBound(lexeme);
    let last = first;
    if (prefix)
      while (last < frozen.lexemes.length && frozen.lexemes[last].startsWith(lexeme)) last++;
    else if (frozen.lexemes[first] === lexeme) last = first + 1;
    const runs = [];
    for (let k = first; k < last; k++) runs.push(frozen.run(k));
    if (prefix) {
      for (const key of added.lexemes) if (key.startsWith(lexeme)) runs.push(added.runOf(key)!);
    } else {
      const run = added.runOf(lexeme);
      if (run) runs.push(run);
    }
    return runs;
  }

  /**
   * A cursor over what one query term matches (search.cursors.ts), as termMatches answers it: a
   * lexeme's runs read in place, a few of a prefix's side by side, many united first.
   */
  private termCursor(lexeme: string, prefix: boolean, scores: Float32Array): Cursor {
    const runs = this.termRuns(lexeme, prefix);
    if (runs.length > MERGE_LISTS)
      return new MatchesCursor(
        unionMany(
          runs.map((run) => decodeRun(run, scores)),
          this.documents,
        ),
      );
    const cursors = runs.map(
      (run) => new RunCursor(run.bytes, run.from, run.count, scores, run.skips),
    );
    return cursors.length === 0
      ? emptyCursor()
      : cursors.length === 1
        ? cursors[0]
        : new OrCursor(cursors);
  }

  /** A cursor over what `node` matches, with the scores `evaluate` gives them. */
  private cursor(node: QueryNode, scores: Float32Array): Cursor {
    switch (node.op) {
      case 'none':
        return emptyCursor();
      case 'term':
        return this.termCursor(node.lexeme, node.prefix, scores);
      case 'and': {
        const parts = node.args.map((arg) => this.cursor(arg, scores));
        return parts.some((part) => part.doc === END) ? emptyCursor() : new AndCursor(parts);
      }
      case 'or': {
        const keys = node.args.map((arg) => JSON.stringify(arg));
        const parts = node.args
          .filter((_, i) => keys.indexOf(keys[i]) === i)
          .map((arg) => this.cursor(arg, scores))
          .filter((part) => part.doc !== END);
        return parts.length === 0
          ? emptyCursor()
          : parts.length === 1
            ? parts[0]
            : new OrCursor(parts);
      }
    }
  }

  private isLive = (doc: number): boolean => (this.flags[doc] & ALIVE) !== 0;

  /** Sorts the SKUs and barcodes put since the last search (a build: every one). */
  orderCodes(): void {
    this.skus.order(this.isLive);
    this.barcodes.order(this.isLive);
  }

  private evaluate(node: QueryNode, scores: Float32Array): Matches {
    switch (node.op) {
      case 'none':
        return NONE;
      case 'term':
        return this.termMatches(node.lexeme, node.prefix, scores);
      case 'and': {
        const parts = node.args.map((arg) => this.evaluate(arg, scores));
        parts.sort((a, b) => a.docs.length - b.docs.length);
        return parts.reduce(intersect);
      }
      case 'or': {
        // The three languages often stem a word alike ('button' | 'button' | 'button'): once each.
        const seen = new Set<string>();
        const args = node.args.filter((arg) => {
          const key = JSON.stringify(arg);
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
        return args.length ? args.map((arg) => this.evaluate(arg, scores)).reduce(union) : NONE;
      }
    }
  }

  /**
   * The ranked hits of a search, as searchProducts answers them: exact SKU or barcode (100), SKU or
   * barcode prefix (50, at most `cap` each, in code order), then every text match of `tsquery`
   * (10 + the best weight of each word's match, summed over the words); the best score per product
   * wins, ties go by SKU. `tsquery` is ws_search_query's text or its parse (null when the text has
   * no word).
   */
  search(input: SearchInput, tsquery: string | QueryNode | null): SearchHit[] {
    return this.searchFirst(input, tsquery, Infinity).hits;
  }

  /**
   * The first `first` hits of `search` (the same, in the same order) and how many there are in
   * all: a search whose hit list is not kept (CACHES=off) shows one page, so only the text hits up
   * to the page's end are sorted and made into hits (a broad word has thousands).
   */
  searchFirst(
    input: SearchInput,
    tsquery: string | QueryNode | null,
    first: number,
  ): { hits: SearchHit[]; total: number } {
    return first === Infinity
      ? this.rankAll(input, tsquery)
      : this.rankFirst(input, tsquery, first);
  }

  /** Code hits (exact or prefix SKU or barcode), best score per document. */
  private codeHits(input: SearchInput): Map<number, number> {
    const { skus, barcodes } = this;
    const best = new Map<number, number>();
    if (!input.codeLike) return best;
    const offer = (doc: number, score: number) => {
      if ((best.get(doc) ?? -1) < score) best.set(doc, score);
    };
    const order = skus.order(this.isLive);
    const cap = input.cap ?? SEARCH_BRANCH_CAP;
    const lower = input.raw.toLowerCase();
    for (const doc of skus.withPrefix(order, lower, cap))
      offer(doc, skus.is(doc, lower) ? 100 : 50);
    const byBarcode = barcodes.order(this.isLive);
    for (const doc of barcodes.withPrefix(byBarcode, input.raw, cap))
      offer(doc, barcodes.is(doc, input.raw) ? 100 : 50);
    return best;
  }

  /**
   * The first `first` hits by walking the query's cursor once (search.cursors.ts): every match is
   * counted, and only the best `first` so far are kept (a heap of sort keys), so a broad word costs
   * a pass over its postings and nothing that grows with them.
   */
  private rankFirst(
    input: SearchInput,
    tsquery: string | QueryNode | null,
    first: number,
  ): { hits: SearchHit[]; total: number } {
    const order = this.skus.order(this.isLive);
    const skuRank = this.skus.rank;
    const flags = this.flags;
    const sold = soldFlag(input.country);
    const best = this.codeHits(input);
    const codeKeys: number[] = [];
    for (const [doc, score] of best)
      if ((flags[doc] & sold) === sold)
        codeKeys.push((1e6 - Math.round(score * 1000)) * RANK_SLOTS + skuRank[doc]);
    const query = typeof tsquery === 'string' ? parseTsquery(tsquery) : tsquery;
    const cursor = query ? this.cursor(query, MASK_SCORES[input.lang]) : emptyCursor();
    // The best `room` text hits so far, as a max-heap of sort keys (the worst kept on top).
    const room = Math.max(0, first - codeKeys.length);
    const heap = new Float64Array(room);
    let kept = 0;
    let n = 0;
    const coded = best.size > 0;
    for (; cursor.doc !== END; cursor.next()) {
      const doc = cursor.doc;
      if ((flags[doc] & sold) !== sold || (coded && best.has(doc))) continue;
      n++;
      if (room === 0) continue;
      const key = (1e6 - Math.round((10 + cursor.score()) * 1000)) * RANK_SLOTS + skuRank[doc];
      if (kept < room) siftUp(heap, kept++, key);
      else if (key < heap[0]) siftDown(heap, room, key);
    }
    const textTotal = Math.min(n, input.textCap ?? n);
    const hits: SearchHit[] = [];
    const toHit = (key: number, score: number) => {
      if (hits.length < first) hits.push({ id: this.ids[order[key % RANK_SLOTS]], score });
    };
    for (const key of Float64Array.from(codeKeys).sort())
      toHit(key, best.get(order[key % RANK_SLOTS])!);
    for (const key of heap.subarray(0, kept).sort().subarray(0, textTotal))
      toHit(key, 1e3 - Math.floor(key / RANK_SLOTS) / 1000);
    return { hits, total: codeKeys.length + textTotal };
  }

  /** Every hit, ranked: the hit list a kept search holds (all its pages). */
  private rankAll(
    input: SearchInput,
    tsquery: string | QueryNode | null,
  ): { hits: SearchHit[]; total: number } {
    const first = Infinity;
    const { skus } = this;
    const order = skus.order(this.isLive);
    const best = this.codeHits(input);
    const sold = soldFlag(input.country);
    let text = NONE;
    const query = typeof tsquery === 'string' ? parseTsquery(tsquery) : tsquery;
    if (query) text = this.evaluate(query, MASK_SCORES[input.lang]);
    // Sort keys: (best score first, then SKU order) in one float, so the sort is numeric; below
    // 2^53 for scores up to 1,000 and 16 million products.
    const rankSlots = 2 ** 24;
    const skuRank = skus.rank;
    const keys: number[] = [];
    const scoreOf = new Map<number, number>();
    const push = (doc: number, score: number) => {
      if ((this.flags[doc] & sold) !== sold) return;
      keys.push((1e6 - Math.round(score * 1000)) * rankSlots + skuRank[doc]);
      scoreOf.set(doc, score);
    };
    for (const [doc, score] of best) push(doc, score);
    const textHits = new Float64Array(text.docs.length);
    let n = 0;
    for (let i = 0; i < text.docs.length; i++) {
      const doc = text.docs[i];
      if (best.has(doc) || (this.flags[doc] & sold) !== sold) continue;
      textHits[n++] = (1e6 - Math.round((10 + text.scores[i]) * 1000)) * rankSlots + skuRank[doc];
    }
    const textTotal = Math.min(n, input.textCap ?? n);
    // Code hits (50 and 100) always rank above text hits (10 + at most one per word).
    const ranked = smallest(textHits.subarray(0, n), Math.max(0, first - keys.length));
    const all = Float64Array.from(keys).sort();
    const hits: SearchHit[] = [];
    const toHit = (key: number) => {
      if (hits.length >= first) return;
      const doc = order[key % rankSlots];
      const score = scoreOf.get(doc) ?? 1e3 - Math.floor(key / rankSlots) / 1000;
      hits.push({ id: this.ids[doc], score });
    };
    all.forEach(toHit);
    ranked.subarray(0, textTotal).forEach(toHit);
    return { hits, total: all.length + textTotal };
  }
}

/** Sort keys: (best score first, then SKU order) in one float, below 2^53 (see rankAll). */
const RANK_SLOTS = 2 ** 24;

function soldFlag(country: Country): number {
  return ALIVE | ACTIVE | (country === 'us' ? SOLD_US : SOLD_CA);
}
