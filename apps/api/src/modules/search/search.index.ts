import type { Country, Lang } from '@wholesale/contract';
import type { CategoryRow } from '../catalogue';
import {
  RANK_WEIGHTS,
  SEARCH_BRANCH_CAP,
  type SearchHit,
  type SearchInput,
  type SearchRow,
  type TokenQuery,
} from './search.queries';
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

/** Weight bits of a lexeme in a document: A = English name, B = French, C = Spanish, D = the rest. */
const WEIGHT_BITS: Record<string, number> = { A: 1, B: 2, C: 4, D: 8 };
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

/**
 * A lexeme's postings added since the index was last frozen, each `doc * 16 + weight mask`, ascending
 * (documents are only appended). One posting is kept as a bare number: most lexemes of a catalogue
 * (model numbers, sizes) are in one product, and an array each would double the index's memory.
 */
type AddedPostings = number | number[];

/** Tokens whose query an index keeps at most (a few bytes each; the catalogue's words are ~1,000). */
const KNOWN_TOKENS_MAX = 50_000;

/** Lexemes added since the last freeze beyond which the next refresh freezes them in. */
const FREEZE_AFTER_TERMS = 5000;

/**
 * The index of one database in this process. Postings live in three flat arrays ("frozen": sorted
 * lexemes, each with a range of documents and weight masks), so 100,000 products cost tens of
 * megabytes, not an object per lexeme; a refresh appends to a small map that later freezes are
 * merged from. Documents are numbered in the order they were put; a replaced or removed product's
 * document stays, dead, until the next build.
 */
export class SearchIndex {
  /** Every category, as selectAllCategories answers them (kept fresh by the holder). */
  categories: CategoryRow[] = [];
  private ids = new Int32Array(1024);
  private flags = new Uint8Array(1024);
  private skus: string[] = [];
  private barcodes: (string | null)[] = [];
  private docOf = new Map<number, number>();
  private dead = 0;
  /** Frozen postings: lexeme i's documents are docs[offsets[i] .. offsets[i + 1]). */
  private lexemes: string[] = [];
  private offsets = new Int32Array(1);
  private docs = new Int32Array(0);
  private masks = new Uint8Array(0);
  /** Postings put since the last freeze; their documents all follow the frozen ones. */
  private added = new Map<string, AddedPostings>();
  /** Live documents in SKU order, and each document's place in it (ties rank by SKU). */
  private bySku: number[] | null = null;
  private skuRank = new Int32Array(0);
  /** Live documents with a barcode, in barcode order. */
  private byBarcode: number[] | null = null;
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

  /** Documents held, dead ones included. */
  get size(): number {
    return this.skus.length;
  }

  /** Products indexed. */
  get live(): number {
    return this.skus.length - this.dead;
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
      const doc = this.skus.length;
      if (doc === this.ids.length) this.grow();
      this.ids[doc] = row.id;
      this.flags[doc] =
        ALIVE | (row.active ? ACTIVE : 0) | (row.soldCa ? SOLD_CA : 0) | (row.soldUs ? SOLD_US : 0);
      this.skus.push(row.sku.trimEnd().toLowerCase());
      this.barcodes.push(row.barcode);
      this.docOf.set(row.id, doc);
      for (const m of (row.doc ?? '').matchAll(/'((?:[^']|'')*)'(?::([0-9A-D,]+))?/g)) {
        let mask = 0;
        for (const p of (m[2] ?? '').split(',')) mask |= WEIGHT_BITS[p.at(-1) ?? ''] ?? 8;
        const lexeme = m[1].replaceAll("''", "'");
        const posting = doc * 16 + (mask || 8);
        const postings = this.added.get(lexeme);
        if (postings === undefined) this.added.set(lexeme, posting);
        else if (typeof postings === 'number') this.added.set(lexeme, [postings, posting]);
        else postings.push(posting);
      }
    }
    this.bySku = null;
    this.byBarcode = null;
  }

  /** Forgets a product (deleted, or about to be replaced). */
  remove(id: number): void {
    const doc = this.docOf.get(id);
    if (doc === undefined) return;
    this.flags[doc] = 0;
    this.docOf.delete(id);
    this.dead++;
    this.bySku = null;
    this.byBarcode = null;
  }

  /** Whether enough lexemes were added since the last freeze that lookups should not scan them. */
  get unfrozen(): boolean {
    return this.added.size > FREEZE_AFTER_TERMS;
  }

  /**
   * Merges the postings added since the last freeze into the flat arrays (dropping dead documents'
   * postings on the way) and lets the growing arrays' spare room go.
   */
  freeze(): void {
    const addedLexemes = [...this.added.keys()].sort();
    const lexemes: string[] = [];
    let total = 0;
    const live = (posting: number) => (this.flags[posting >> 4] & ALIVE) !== 0;
    // First pass: the merged lexeme list and how many live postings it holds.
    this.mergeLexemes(addedLexemes, (lexeme, frozen, added) => {
      let n = 0;
      if (frozen >= 0)
        for (let i = this.offsets[frozen]; i < this.offsets[frozen + 1]; i++)
          if (this.flags[this.docs[i]] & ALIVE) n++;
      if (added !== undefined) {
        if (typeof added === 'number') n += live(added) ? 1 : 0;
        else for (const posting of added) n += live(posting) ? 1 : 0;
      }
      if (n) {
        lexemes.push(lexeme);
        total += n;
      }
    });
    const offsets = new Int32Array(lexemes.length + 1);
    const docs = new Int32Array(total);
    const masks = new Uint8Array(total);
    let at = 0;
    let k = 0;
    this.mergeLexemes(addedLexemes, (lexeme, frozen, added) => {
      if (lexemes[k] !== lexeme) return;
      offsets[k] = at;
      if (frozen >= 0)
        for (let i = this.offsets[frozen]; i < this.offsets[frozen + 1]; i++)
          if (this.flags[this.docs[i]] & ALIVE) {
            docs[at] = this.docs[i];
            masks[at++] = this.masks[i];
          }
      for (const posting of typeof added === 'number' ? [added] : (added ?? []))
        if (live(posting)) {
          docs[at] = posting >> 4;
          masks[at++] = posting & 15;
        }
      k++;
    });
    offsets[lexemes.length] = at;
    this.lexemes = lexemes;
    this.offsets = offsets;
    this.docs = docs;
    this.masks = masks;
    this.added = new Map();
    this.ids = this.ids.slice(0, Math.max(this.skus.length, 1024));
    this.flags = this.flags.slice(0, this.ids.length);
  }

  /** Bytes held by postings and per-document arrays (strings and maps not counted). */
  postingBytes(): number {
    return (
      this.ids.byteLength +
      this.flags.byteLength +
      this.offsets.byteLength +
      this.docs.byteLength +
      this.masks.byteLength
    );
  }

  /** Calls `visit` for every lexeme, frozen or added, in order, with its frozen index (or -1). */
  private mergeLexemes(
    addedLexemes: string[],
    visit: (lexeme: string, frozen: number, added: AddedPostings | undefined) => void,
  ): void {
    let i = 0;
    let j = 0;
    while (i < this.lexemes.length || j < addedLexemes.length) {
      const a = this.lexemes[i];
      const b = addedLexemes[j];
      if (b === undefined || (a !== undefined && a < b)) visit(a, i++, undefined);
      else if (a === b) visit(a, i++, this.added.get(addedLexemes[j++]));
      else visit(b, -1, this.added.get(addedLexemes[j++]));
    }
  }

  private grow(): void {
    const ids = new Int32Array(this.ids.length * 2);
    ids.set(this.ids);
    this.ids = ids;
    const flags = new Uint8Array(this.flags.length * 2);
    flags.set(this.flags);
    this.flags = flags;
  }

  /** The first frozen lexeme not below `key` (binary search). */
  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.lexemes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.lexemes[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * What one query term matches: the documents of its lexeme (or, for a prefix, of every lexeme
   * starting with it), each scored by its weight mask; a document in several of them keeps its best.
   */
  private termMatches(lexeme: string, prefix: boolean, scores: Float32Array): Matches {
    const first = this.lowerBound(lexeme);
    let last = first;
    if (prefix) while (last < this.lexemes.length && this.lexemes[last].startsWith(lexeme)) last++;
    else if (this.lexemes[first] === lexeme) last = first + 1;
    const added: AddedPostings[] = [];
    if (prefix) {
      for (const [key, postings] of this.added) if (key.startsWith(lexeme)) added.push(postings);
    } else {
      const postings = this.added.get(lexeme);
      if (postings !== undefined) added.push(postings);
    }
    // Each lexeme's postings are ascending with one per document: a few lists are merged pairwise
    // (frozen ones read in place); many (a short prefix) are marked in a dense array instead.
    const lists: Matches[] = [];
    for (let k = first; k < last; k++) {
      const from = this.offsets[k];
      const to = this.offsets[k + 1];
      const s = new Float32Array(to - from);
      for (let i = from; i < to; i++) s[i - from] = scores[this.masks[i]];
      lists.push({ docs: this.docs.subarray(from, to), scores: s });
    }
    for (const p of added) {
      const postings = typeof p === 'number' ? [p] : p;
      const docs = new Int32Array(postings.length);
      const s = new Float32Array(postings.length);
      postings.forEach((posting, i) => {
        docs[i] = posting >> 4;
        s[i] = scores[posting & 15];
      });
      lists.push({ docs, scores: s });
    }
    if (lists.length <= MERGE_LISTS) return lists.length ? lists.reduce(union) : NONE;
    return unionMany(lists, this.skus.length);
  }

  private liveDocs(): number[] {
    const docs: number[] = [];
    for (let d = 0; d < this.skus.length; d++) if (this.flags[d] & ALIVE) docs.push(d);
    return docs;
  }

  private skuOrder(): number[] {
    if (!this.bySku) {
      const skus = this.skus;
      const order = this.liveDocs().sort((a, b) =>
        skus[a] < skus[b] ? -1 : skus[a] > skus[b] ? 1 : 0,
      );
      this.skuRank = new Int32Array(skus.length);
      order.forEach((doc, rank) => (this.skuRank[doc] = rank));
      this.bySku = order;
    }
    return this.bySku;
  }

  private barcodeOrder(): number[] {
    if (!this.byBarcode) {
      const barcodes = this.barcodes;
      this.byBarcode = this.liveDocs()
        .filter((d) => barcodes[d] !== null)
        .sort((a, b) => ((barcodes[a] ?? '') < (barcodes[b] ?? '') ? -1 : 1));
    }
    return this.byBarcode;
  }

  /** Documents of `order` whose key starts with `prefix`, at most `cap` (binary search, then a run). */
  private withPrefix(order: number[], key: (doc: number) => string, prefix: string, cap: number) {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (key(order[mid]) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let i = lo; i < order.length && found.length < cap; i++) {
      if (!key(order[i]).startsWith(prefix)) break;
      found.push(order[i]);
    }
    return found;
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
    const order = this.skuOrder();
    const { skus, barcodes } = this;
    const best = new Map<number, number>();
    const offer = (doc: number, score: number) => {
      if ((best.get(doc) ?? -1) < score) best.set(doc, score);
    };
    if (input.codeLike) {
      const cap = input.cap ?? SEARCH_BRANCH_CAP;
      const lower = input.raw.toLowerCase();
      for (const doc of this.withPrefix(order, (d) => skus[d], lower, cap))
        offer(doc, skus[doc] === lower ? 100 : 50);
      const byBarcode = this.barcodeOrder();
      for (const doc of this.withPrefix(byBarcode, (d) => barcodes[d] ?? '', input.raw, cap))
        offer(doc, barcodes[doc] === input.raw ? 100 : 50);
    }
    const sold = soldFlag(input.country);
    let text = NONE;
    const query = typeof tsquery === 'string' ? parseTsquery(tsquery) : tsquery;
    if (query) text = this.evaluate(query, MASK_SCORES[input.lang]);
    // Sort keys: (best score first, then SKU order) in one float, so the sort is numeric.
    const rankSlots = 2 ** 21;
    const keys: number[] = [];
    const scoreOf = new Map<number, number>();
    const push = (doc: number, score: number) => {
      if ((this.flags[doc] & sold) !== sold) return;
      keys.push((1e6 - Math.round(score * 1000)) * rankSlots + this.skuRank[doc]);
      scoreOf.set(doc, score);
    };
    for (const [doc, score] of best) push(doc, score);
    const textHits = new Float64Array(text.docs.length);
    let n = 0;
    for (let i = 0; i < text.docs.length; i++) {
      const doc = text.docs[i];
      if (best.has(doc) || (this.flags[doc] & sold) !== sold) continue;
      textHits[n++] =
        (1e6 - Math.round((10 + text.scores[i]) * 1000)) * rankSlots + this.skuRank[doc];
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

function soldFlag(country: Country): number {
  return ALIVE | ACTIVE | (country === 'us' ? SOLD_US : SOLD_CA);
}
