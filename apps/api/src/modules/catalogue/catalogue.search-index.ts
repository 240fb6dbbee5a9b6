import type { FastifyInstance } from 'fastify';
import type { Country, Lang } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import {
  RANK_WEIGHTS,
  SEARCH_BRANCH_CAP,
  selectAllCategories,
  selectSearchRows,
  selectTokenQueries,
  type CategoryRow,
  type SearchHit,
  type SearchInput,
  type SearchRow,
  type TokenQuery,
} from './catalogue.queries';
import { CATALOGUE_CHANNEL } from './catalogue.snapshot';

/** Notified by every statement that changes categories (migration 0026). */
const CATEGORIES_CHANNEL = 'ws_categories';

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
/** Products read per statement while building (keeps the build's memory small). */
const BUILD_BATCH = 5000;
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

/** Documents (ascending) with a score each: what a node of the query matches. */
type Matches = { docs: Int32Array; scores: Float32Array };
const NONE: Matches = { docs: new Int32Array(0), scores: new Float32Array(0) };

export type QueryNode =
  | { op: 'term'; lexeme: string; prefix: boolean }
  | { op: 'and' | 'or'; args: QueryNode[] }
  | { op: 'none' };

/**
 * Parses the text of a tsquery as PostgreSQL prints it ('a':* & ( 'b' | 'c' ), <->, !). A phrase
 * is read as AND and a negation as matching nothing: ws_search_query produces neither for the
 * letter/digit tokens it is given, except a phrase when a configuration splits a token.
 */
export function parseTsquery(text: string): QueryNode {
  const tokens = text.match(/'(?:[^']|'')*'(?::[*A-D]+)?|<\d*->|[&|!()]/g) ?? [];
  let at = 0;
  const primary = (): QueryNode => {
    const token = tokens[at++];
    if (token === undefined) return { op: 'none' };
    if (token === '(') {
      const node = or();
      at++; // ')'
      return node;
    }
    if (token === '!') {
      primary();
      return { op: 'none' };
    }
    const end = token.lastIndexOf("'");
    return {
      op: 'term',
      lexeme: token.slice(1, end).replaceAll("''", "'").replaceAll('\\\\', '\\'),
      prefix: token.slice(end).includes('*'),
    };
  };
  const sequence = (next: () => QueryNode, ops: (t: string) => boolean, op: 'and' | 'or') => {
    const args = [next()];
    while (at < tokens.length && ops(tokens[at])) {
      at++;
      args.push(next());
    }
    return args.length === 1 ? args[0] : { op, args };
  };
  const phrase = () => sequence(primary, (t) => t.startsWith('<'), 'and');
  const and = () => sequence(phrase, (t) => t === '&', 'and');
  const or = (): QueryNode => sequence(and, (t) => t === '|', 'or');
  return tokens.length ? or() : { op: 'none' };
}

function union(a: Matches, b: Matches): Matches {
  const docs = new Int32Array(a.docs.length + b.docs.length);
  const scores = new Float32Array(docs.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.docs.length || j < b.docs.length) {
    const da = i < a.docs.length ? a.docs[i] : 0x7fffffff;
    const db = j < b.docs.length ? b.docs[j] : 0x7fffffff;
    if (da === db) {
      docs[n] = da;
      scores[n++] = Math.max(a.scores[i++], b.scores[j++]);
    } else if (da < db) {
      docs[n] = da;
      scores[n++] = a.scores[i++];
    } else {
      docs[n] = db;
      scores[n++] = b.scores[j++];
    }
  }
  return { docs: docs.subarray(0, n), scores: scores.subarray(0, n) };
}

/** Lists beyond which a union marks documents in a dense array instead of merging pairwise. */
const MERGE_LISTS = 4;

/**
 * The union of many lists (best score per document) over documents 0 … size − 1: each document's
 * best score in a dense array, then one pass in document order. Linear in the postings and the
 * index's size, where merging k lists pairwise costs k passes over a growing result.
 */
function unionMany(lists: Matches[], size: number): Matches {
  const best = new Float32Array(size);
  let found = 0;
  for (const list of lists)
    for (let i = 0; i < list.docs.length; i++) {
      const doc = list.docs[i];
      // Scores are positive: 0 marks a document no list holds.
      if (best[doc] === 0) found++;
      if (list.scores[i] > best[doc]) best[doc] = list.scores[i];
    }
  const docs = new Int32Array(found);
  const scores = new Float32Array(found);
  let n = 0;
  for (let doc = 0; n < found; doc++)
    if (best[doc] !== 0) {
      docs[n] = doc;
      scores[n++] = best[doc];
    }
  return { docs, scores };
}

function intersect(a: Matches, b: Matches): Matches {
  const docs = new Int32Array(Math.min(a.docs.length, b.docs.length));
  const scores = new Float32Array(docs.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.docs.length && j < b.docs.length) {
    if (a.docs[i] === b.docs[j]) {
      docs[n] = a.docs[i];
      scores[n++] = a.scores[i++] + b.scores[j++];
    } else if (a.docs[i] < b.docs[j]) i++;
    else j++;
  }
  return { docs: docs.subarray(0, n), scores: scores.subarray(0, n) };
}

/**
 * ws_search_query's own answer for a token of ASCII digits only (a barcode, a SKU's number), without
 * asking PostgreSQL: every configuration maps such a token (`uint`) to the `simple` dictionary, which
 * keeps it as it is, and the function never corrects a number as a typo; read as a prefix when it is
 * the prefix-last token of 3+ digits (key `digits*`). So the answer is the token itself in each
 * language, `'084230653519' | '084230653519' | '084230653519'` (test "builds ws_search_query's
 * tsquery from its tokens' own ones" compares it with the function's, from 1 to 40 digits). Each
 * barcode or SKU number is a new token: asking for it cost a statement per code-like search, and
 * keeping them would crowd the catalogue's words out of the known tokens.
 */
function digitTokenQuery(key: string): QueryNode | undefined {
  const digits = /^([0-9]+)(\*?)$/.exec(key);
  if (!digits) return undefined;
  const term: QueryNode = {
    op: 'term',
    lexeme: digits[1],
    prefix: digits[2] === '*' && digits[1].length >= 3,
  };
  return { op: 'or', args: [term, term, term] };
}

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

/**
 * The `k` smallest of `keys` (distinct), ascending; all of them sorted when `k` is not much smaller.
 * A quickselect partitions the array in place around the k-th smallest first, so a page of a broad
 * word's hits costs a pass over them instead of a sort.
 */
function smallest(keys: Float64Array, k: number): Float64Array {
  if (k === 0) return keys.subarray(0, 0);
  if (k * 4 >= keys.length) return keys.sort();
  let lo = 0;
  let hi = keys.length - 1;
  while (lo < hi) {
    const pivot = keys[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i] < pivot) i++;
      while (keys[j] > pivot) j--;
      if (i <= j) {
        const t = keys[i];
        keys[i++] = keys[j];
        keys[j--] = t;
      }
    }
    if (k - 1 <= j) hi = j;
    else if (k - 1 >= i) lo = i;
    else break;
  }
  return keys.subarray(0, k).sort();
}

function soldFlag(country: Country): number {
  return ALIVE | ACTIVE | (country === 'us' ? SOLD_US : SOLD_CA);
}

/** What a database's index is doing; searches use it only when 'ready'. */
type State = 'off' | 'building' | 'ready';

/**
 * After a '*' notification, the rebuild waits until the catalogue has been quiet this long: an import
 * sends one per large statement, and one rebuild after it beats one per statement.
 */
const REBUILD_QUIET_MS = 10_000;

class IndexHolder {
  index: SearchIndex | null = null;
  state: State = 'off';
  /** A '*' came after the index was built: searches go to PostgreSQL until it is built again. */
  stale = false;
  private pending = new Set<number>();
  /** Products being read again right now. */
  private applying = 0;
  /** The category list the index holds (read with every build, and again when notified). */
  private categories: CategoryRow[] = [];
  /** A categories notification came: the list is read again (searches wait for it). */
  private categoriesWanted = false;
  private categoriesReading = false;
  private rebuildWanted = false;
  private rebuildTimer: NodeJS.Timeout | undefined;
  /** Counts '*' notifications, so a build knows whether another one came while it read. */
  private staleMarks = 0;
  private work: Promise<void> = Promise.resolve();
  private generation = 0;

  constructor(
    private readonly db: Tx,
    private readonly onError: (error: unknown) => void,
    private readonly onBuilt: (facts: {
      products: number;
      ms: number;
      postingBytes: number;
    }) => void,
  ) {}

  /** The feed is live (again): builds at once; searches go to PostgreSQL until it is done. */
  start(): void {
    this.state = 'building';
    this.requestBuild();
  }

  /**
   * Everything may have changed ('*'): drops the index and rebuilds once the catalogue is quiet;
   * PostgreSQL meanwhile.
   */
  rebuild(): void {
    if (this.state === 'off') return;
    this.stale = true;
    this.staleMarks++;
    // Unused until rebuilt: let it go now, so a rebuild never holds two indexes (import memory).
    this.index = null;
    clearTimeout(this.rebuildTimer);
    this.rebuildTimer = setTimeout(() => this.requestBuild(), REBUILD_QUIET_MS);
    this.rebuildTimer.unref();
  }

  /** Reads the category list again (a notification of CATEGORIES_CHANNEL). */
  refreshCategories(): void {
    if (this.state === 'off') return;
    this.categoriesWanted = true;
    this.schedule();
  }

  /** Reads the named products again (an 'f:' notification). */
  refresh(ids: number[]): void {
    if (this.state === 'off') return;
    this.index?.forgetTypos();
    for (const id of ids) this.pending.add(id);
    this.schedule();
  }

  /** The feed broke: notifications may be lost, so searches go to PostgreSQL until a rebuild. */
  suspend(): void {
    this.generation++;
    this.state = 'off';
    this.stale = false;
    this.index = null;
    this.pending.clear();
    this.rebuildWanted = false;
    this.categoriesWanted = false;
    clearTimeout(this.rebuildTimer);
  }

  /** Whether refreshes are waiting (a search then waits for them: they are short reads). */
  get refreshing(): boolean {
    return (
      this.pending.size > 0 || this.applying > 0 || this.categoriesWanted || this.categoriesReading
    );
  }

  /** Resolves when the work queued so far is done. */
  settled(): Promise<void> {
    return this.work;
  }

  private requestBuild(): void {
    this.rebuildWanted = true;
    this.schedule();
  }

  private schedule(): void {
    const generation = this.generation;
    this.work = this.work
      .then(() => (generation === this.generation ? this.step() : undefined))
      .catch((error) => {
        this.onError(error);
        if (generation === this.generation) this.suspend();
      });
  }

  private async step(): Promise<void> {
    if (this.categoriesWanted || this.rebuildWanted) {
      // NOTE: cleared before the read: a notification during it asks for another one.
      this.categoriesWanted = false;
      this.categoriesReading = true;
      const generation = this.generation;
      const categories = await selectAllCategories(this.db).finally(
        () => (this.categoriesReading = false),
      );
      if (generation !== this.generation) return;
      this.categories = categories;
      if (this.index) this.index.categories = categories;
    }
    if (this.rebuildWanted) {
      this.rebuildWanted = false;
      const generation = this.generation;
      const marks = this.staleMarks;
      const started = performance.now();
      const index = new SearchIndex();
      index.categories = this.categories;
      let after = 0;
      for (;;) {
        const rows = await selectSearchRows(this.db, { after, limit: BUILD_BATCH });
        if (generation !== this.generation) return;
        index.put(rows);
        if (rows.length < BUILD_BATCH) break;
        after = rows[rows.length - 1].id;
      }
      index.freeze();
      this.index = index;
      this.state = 'ready';
      // A '*' that came while this build read may not be in it: its own rebuild is on the way.
      this.stale = marks !== this.staleMarks;
      this.onBuilt({
        products: index.live,
        ms: Math.round(performance.now() - started),
        postingBytes: index.postingBytes(),
      });
    }
    if (this.pending.size && this.index) {
      const ids = [...this.pending];
      this.pending.clear();
      const generation = this.generation;
      this.applying = ids.length;
      const rows = await selectSearchRows(this.db, { ids }).finally(() => (this.applying = 0));
      if (generation !== this.generation || !this.index) return;
      for (const id of ids) this.index.remove(id);
      this.index.put(rows);
      if (this.index.unfrozen) this.index.freeze();
      // Compaction only: the index stays right meanwhile, so it is not marked stale.
      if (this.index.worn) this.requestBuild();
    }
  }
}

/** One holder per database handle (tests open many databases in one process). */
const holders = new WeakMap<object, IndexHolder>();

/**
 * Follows the catalogue change feed with an in-process search index: built when the feed becomes
 * live (again), products read again on 'f:' notifications, rebuilt on '*', dropped (searches go to
 * PostgreSQL) while the feed is down. SEARCH_INDEX=off keeps searching in PostgreSQL.
 */
export function registerSearchIndex(app: FastifyInstance, enabled: boolean): void {
  if (!enabled) return;
  const holder = new IndexHolder(
    app.db,
    (error) =>
      app.log.warn(
        { err: error },
        'search index: build or refresh failed; searching in PostgreSQL',
      ),
    (facts) => app.log.info(facts, 'search index built'),
  );
  holders.set(app.db, holder);
  app.changeFeed.onLiveChange((live) => (live ? holder.start() : holder.suspend()));
  app.changeFeed.subscribe(CATEGORIES_CHANNEL, () => holder.refreshCategories());
  app.changeFeed.subscribe(CATALOGUE_CHANNEL, (payload) => {
    const [kind, list = '*'] = payload.split(':', 2);
    // Prices and stock ('p:') are not in the index; the sold flags they set come as 'f:'.
    if (kind === 'p') return;
    if (list === '*') holder.rebuild();
    else if (kind === 'f') holder.refresh(list.split(',').map(Number));
  });
  app.addHook('onClose', () => holder.suspend());
}

/**
 * The index searches of `owner` may use now (after the notifications received so far are applied),
 * or null: none, still building, feed down, or `owner` is a transaction (which reads the tables).
 */
export async function readySearchIndex(owner: object): Promise<SearchIndex | null> {
  const holder = holders.get(owner);
  if (!holder?.index || holder.state !== 'ready' || holder.stale) return null;
  if (holder.refreshing) await holder.settled();
  return holder.state === 'ready' && !holder.stale ? holder.index : null;
}

/** Products in `owner`'s index, 0 while none is built (a gauge on /metrics; the bench waits for it). */
export function searchIndexProducts(owner: object): number {
  const holder = holders.get(owner);
  return holder?.state === 'ready' && holder.index ? holder.index.live : 0;
}

/** Resolves when `owner`'s index is built (tests: compare both engines on one database). */
export async function searchIndexBuilt(owner: object): Promise<SearchIndex | null> {
  const holder = holders.get(owner);
  while (holder && holder.state === 'building') await holder.settled();
  return holder?.index ?? null;
}

/**
 * A search's tsquery, parsed, as ws_search_query(tokens, prefixLast) would answer it: each token's
 * own query (PostgreSQL's, kept by the index: see SearchIndex.stableTokens) joined by AND, in token
 * order, as the function joins them and PostgreSQL prints them ("( a | b ) & ( c | d )" parses to
 * the same tree). PostgreSQL is asked only about tokens the index does not know yet, in one
 * statement.
 */
export async function searchQueryOf(
  tx: Tx,
  index: SearchIndex,
  tokens: string,
  prefixLast: boolean,
): Promise<QueryNode | null> {
  // As string_to_array(tokens, ' ') splits them; the last one is the prefix, if any.
  const list = tokens ? tokens.split(' ') : [];
  const keys = list.map((token, i) => (prefixLast && i === list.length - 1 ? `${token}*` : token));
  const known = index.tokenQueries(keys);
  const missing = keys.flatMap((_, i) => (known[i] === undefined ? [i] : []));
  if (missing.length) {
    const epoch = index.tokenEpoch;
    const prefix = missing.indexOf(list.length - 1) + 1;
    const found = await selectTokenQueries(
      tx,
      missing.map((i) => list[i]),
      prefixLast ? prefix : 0,
    );
    const learnt = index.learnTokens(
      missing.map((i) => keys[i]),
      found,
      epoch,
    );
    learnt.forEach((node, k) => (known[missing[k]] = node));
  }
  const parts = known.filter((node): node is QueryNode => node !== null && node !== undefined);
  return parts.length === 0 ? null : parts.length === 1 ? parts[0] : { op: 'and', args: parts };
}
