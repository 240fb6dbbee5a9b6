import { SKIP_BLOCK } from './search.cursors';
import { grown } from './search.growable';
import type { Matches } from './search.tsquery';

/*
 * The postings of the in-process search index (search.index.ts), kept off the JavaScript heap: for
 * each lexeme, the documents it is in (ascending) and its weight mask in each, as one stream of
 * variable-length numbers — `(document − previous document) × 16 + weight mask`, 7 bits a byte — in
 * one buffer. A frequent word's documents are close together, so most postings take one or two
 * bytes instead of five (an Int32Array of documents and a Uint8Array of masks): at a million
 * products, ~39 million postings, that is the difference between fitting the heap and not
 * (docs/decisions/039-search-index-memory-budget.md).
 */

/** Postings of a lexeme kept in the shared small buffer before it gets one of its own. */
const INLINE_BYTES = 8;

/*
 * NOTE: a posting's number, (document − previous) × 16 + mask, stays below 2^31 for documents below
 * 2^27 (134 million), so bit operations read and write it; the memory budget stops far earlier.
 */

/** Bytes of one posting: its delta-and-mask number, 7 bits a byte. */
function varintLength(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;
}

/**
 * Decodes `count` postings starting at `from` in `bytes` into documents and their scores (by weight
 * mask) in `docs` and `out`. NOTE: it repeats forEachPosting's loop on purpose: every search
 * decodes its words' runs here, and the same loop through forEachPosting with a callback decoded
 * about a quarter fewer postings a second (Node 26, 8.3 million postings, best of six runs).
 */
function decodeInto(
  bytes: Uint8Array,
  from: number,
  count: number,
  scores: Float32Array,
  docs: Int32Array,
  out: Float64Array,
): void {
  let doc = -1;
  let i = from;
  for (let k = 0; k < count; k++) {
    let byte = bytes[i++];
    let value = byte & 0x7f;
    for (let shift = 7; byte >= 0x80; shift += 7) {
      byte = bytes[i++];
      value |= (byte & 0x7f) << shift;
    }
    doc += value >>> 4;
    docs[k] = doc;
    out[k] = scores[value & 15];
  }
}

/** Calls `visit(doc, mask)` for `count` postings starting at `from` in `bytes`. */
function forEachPosting(
  bytes: Uint8Array,
  from: number,
  count: number,
  visit: (doc: number, mask: number) => void,
): void {
  let doc = -1;
  let i = from;
  for (let k = 0; k < count; k++) {
    let byte = bytes[i++];
    let value = byte & 0x7f;
    for (let shift = 7; byte >= 0x80; shift += 7) {
      byte = bytes[i++];
      value |= (byte & 0x7f) << shift;
    }
    doc += value >>> 4;
    visit(doc, value & 15);
  }
}

/** FNV-1a of one character code, folded into `hash`. */
const hashStep = (hash: number, code: number): number => Math.imul(hash ^ code, 16777619);
const HASH_SEED = 0x811c9dc5 | 0;

function hashOf(text: string): number {
  let hash = HASH_SEED;
  for (let i = 0; i < text.length; i++) hash = hashStep(hash, text.charCodeAt(i));
  return hash;
}

/**
 * A view of one lexeme's postings: where they are, how many bytes and how many postings; a long
 * frozen run has a skip table (see skipTable).
 */
export type PostingRun = {
  bytes: Uint8Array;
  from: number;
  length: number;
  count: number;
  skips?: Int32Array;
};

/**
 * The skip table of a run (search.cursors.ts, RunCursor.seek): for postings 0, SKIP_BLOCK,
 * 2 × SKIP_BLOCK …, the document before it and the byte it starts at. Two numbers per 128
 * postings: about 4 % beside the postings' bytes.
 */
function skipTable(bytes: Uint8Array, count: number): Int32Array {
  const skips = new Int32Array(2 * Math.ceil(count / SKIP_BLOCK));
  let doc = -1;
  let i = 0;
  for (let k = 0; k < count; k++) {
    if (k % SKIP_BLOCK === 0) {
      skips[2 * (k / SKIP_BLOCK)] = doc;
      skips[2 * (k / SKIP_BLOCK) + 1] = i;
    }
    let byte = bytes[i++];
    let value = byte & 0x7f;
    for (let shift = 7; byte >= 0x80; shift += 7) {
      byte = bytes[i++];
      value |= (byte & 0x7f) << shift;
    }
    doc += value >>> 4;
  }
  return skips;
}

/** Runs of at least this many postings get a skip table. */
const SKIPPED_RUN = 4 * SKIP_BLOCK;

/** Runs of at most this many bytes share one buffer; longer ones have one of their own. */
const SHARED_RUN_BYTES = 64;
/** What a buffer of its own costs beside its bytes (V8's typed array and buffer objects), about. */
const OWN_RUN_OVERHEAD = 160;

/** Writes a posting's number at `at` in `target`; answers the position after it. */
function writeVarint(target: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    target[at++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  target[at++] = value;
  return at;
}

/** What a shared snapshot keeps of frozen postings (search.snapshot-format.ts). */
export type PostingsParts = {
  lexemes: string[];
  counts: Int32Array<ArrayBuffer>;
  starts: Int32Array<ArrayBuffer>;
  lengths: Int32Array<ArrayBuffer>;
  shared: Uint8Array<ArrayBuffer>;
  /** The long runs, by lexeme (holes elsewhere). */
  own: (Uint8Array | undefined)[];
};

/**
 * Frozen postings: lexemes sorted (a JavaScript string each: a catalogue has thousands of distinct
 * words, not millions) and each lexeme's run of postings, a short run in one shared buffer, a long
 * one in a buffer of its own, so that a merge replaces runs one at a time instead of holding two
 * copies of every posting.
 */
export class Postings {
  /** Bytes held (see `byteSize`), worked out once: the runs do not change. */
  readonly byteSize: number;
  /** The skip tables of the long runs, by lexeme (holes elsewhere). */
  private readonly skips: (Int32Array | undefined)[] = [];

  constructor(
    readonly lexemes: string[] = [],
    private readonly counts = new Int32Array(0),
    /** Where each lexeme's run starts in `shared` (a run of its own starts at 0 of its buffer). */
    private readonly starts = new Int32Array(0),
    private readonly lengths = new Int32Array(0),
    private readonly shared = new Uint8Array(0),
    /** The long runs, by lexeme (holes elsewhere). */
    private readonly own: (Uint8Array | undefined)[] = [],
  ) {
    let bytes = shared.byteLength + counts.byteLength + starts.byteLength + lengths.byteLength;
    own.forEach((run, k) => {
      if (!run) return;
      bytes += run.byteLength + OWN_RUN_OVERHEAD;
      if (counts[k] < SKIPPED_RUN) return;
      const skips = skipTable(run, counts[k]);
      this.skips[k] = skips;
      bytes += skips.byteLength + OWN_RUN_OVERHEAD;
    });
    for (const lexeme of lexemes) bytes += 32 + 2 * lexeme.length;
    this.byteSize = bytes;
  }

  /**
   * The postings' parts for a snapshot. NOTE: a merge lets the long runs of the postings it replaces
   * go (their slots emptied as it goes), so the list of them is copied; no run's bytes are written.
   */
  parts(): PostingsParts {
    const { lexemes, counts, starts, lengths, shared } = this;
    return { lexemes, counts, starts, lengths, shared, own: [...this.own] };
  }

  /** Postings as `parts` described them (their skip tables made anew). */
  static fromParts(parts: PostingsParts): Postings {
    const { lexemes, counts, starts, lengths, shared, own } = parts;
    return new Postings(lexemes, counts, starts, lengths, shared, own);
  }

  /** Bytes of the buffer the short runs share. */
  get sharedBytes(): number {
    return this.shared.byteLength;
  }

  /** The first lexeme not below `key` (binary search). */
  lowerBound(key: string): number {
    let lo = 0;
    let hi = this.lexemes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.lexemes[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  run(i: number): PostingRun {
    const own = this.own[i];
    return {
      bytes: own ?? this.shared,
      from: own ? 0 : this.starts[i],
      length: this.lengths[i],
      count: this.counts[i],
      skips: this.skips[i],
    };
  }

  /**
   * Lays out runs, lexemes sorted: `runOf(k)` answers lexeme k's run, and may be let go once the
   * next is asked for. A long run is kept as it is when its buffer has no spare room, else copied.
   */
  static layOut(lexemes: string[], runOf: (k: number) => PostingRun): Postings {
    const n = lexemes.length;
    const counts = new Int32Array(n);
    const lengths = new Int32Array(n);
    const starts = new Int32Array(n);
    const own: (Uint8Array | undefined)[] = [];
    const short: Uint8Array[] = [];
    let sharedBytes = 0;
    for (let k = 0; k < n; k++) {
      const run = runOf(k);
      counts[k] = run.count;
      lengths[k] = run.length;
      const bytes = run.bytes.subarray(run.from, run.from + run.length);
      if (run.length <= SHARED_RUN_BYTES) {
        // Copied now: `runOf` may reuse its buffer for the next run.
        short[k] = bytes.slice();
        starts[k] = sharedBytes;
        sharedBytes += run.length;
      } else own[k] = bytes.byteLength === run.bytes.byteLength ? run.bytes : bytes.slice();
    }
    const shared = new Uint8Array(sharedBytes);
    short.forEach((bytes, k) => shared.set(bytes, starts[k]));
    return new Postings(lexemes, counts, starts, lengths, shared, own);
  }

  /**
   * `old` and `added` as one (`added`'s documents all follow `old`'s), without the postings of
   * documents no longer alive; lexemes left with none are dropped. `old`'s long runs are let go as
   * they are merged, so the peak is `old` and one merged run.
   */
  static merge(old: Postings, added: Postings, alive: (doc: number) => boolean): Postings {
    const lexemes: string[] = [];
    const runs: PostingRun[] = [];
    for (let i = 0, j = 0; i < old.lexemes.length || j < added.lexemes.length;) {
      const a = old.lexemes[i];
      const b = added.lexemes[j];
      const sources: PostingRun[] = [];
      if (b === undefined || (a !== undefined && a <= b)) {
        sources.push(old.run(i));
        old.skips[i] = undefined;
        old.own[i++] = undefined;
      }
      if (a === undefined || (b !== undefined && b <= a)) sources.push(added.run(j++));
      // A posting re-encoded after dropped ones takes at most the bytes of the ones it spans.
      const target = new Uint8Array(sources.reduce((sum, run) => sum + run.length, 0));
      let at = 0;
      let count = 0;
      let previous = -1;
      for (const source of sources)
        forEachPosting(source.bytes, source.from, source.count, (doc, mask) => {
          if (!alive(doc)) return;
          at = writeVarint(target, at, (doc - previous) * 16 + mask);
          previous = doc;
          count++;
        });
      if (count === 0) continue;
      lexemes.push(a !== undefined && (b === undefined || a <= b) ? a : b);
      runs.push({ bytes: target, from: 0, length: at, count });
    }
    return Postings.layOut(lexemes, (k) => {
      const run = runs[k];
      runs[k] = undefined as never;
      return run;
    });
  }
}

/** One lexeme's postings as documents and scores (by weight mask, `scores`). */
export function decodeRun(run: PostingRun, scores: Float32Array): Matches {
  const docs = new Int32Array(run.count);
  const out = new Float64Array(run.count);
  decodeInto(run.bytes, run.from, run.count, scores, docs, out);
  return { docs, scores: out };
}

/** The writer's arrays and own buffers grow by a quarter each time they are full. */
const GROWTH = 1.25;

/**
 * Postings being written: lexemes in any order, each lexeme's documents ascending (documents are
 * numbered in the order they are put). A lexeme's first bytes live in one shared buffer (most
 * lexemes of a catalogue are rare); past INLINE_BYTES it gets a buffer of its own, grown by a
 * quarter (the spare room counts against the memory budget while the index builds).
 * `finish` lays everything out frozen, lexemes sorted.
 */
export class PostingsWriter {
  /** Open addressing: lexeme id + 1 per slot (0: free), found by the lexeme's hash. */
  private slots = new Int32Array(1024);
  private hashes = new Int32Array(256);
  private names: string[] = [];
  private last = new Int32Array(256);
  private counts = new Int32Array(256);
  private used = new Int32Array(256);
  private inline = new Uint8Array(256 * INLINE_BYTES);
  private own: (Uint8Array | undefined)[] = [];
  private ownBytes = 0;
  private nameBytes = 0;
  /** Postings written in all. */
  postings = 0;

  /** Distinct lexemes written. */
  get lexemeCount(): number {
    return this.names.length;
  }

  /** Bytes of the postings themselves (what `finish` lays out). */
  get encodedBytes(): number {
    let n = 0;
    for (let i = 0; i < this.names.length; i++) n += this.used[i];
    return n;
  }

  /**
   * Bytes `finish` allocates beside what the writer holds: the shared buffer of short runs, and one
   * long run at a time (copied without its spare room, the writer's own let go right after).
   */
  get finishBytes(): number {
    let short = 0;
    let longest = 0;
    for (let id = 0; id < this.names.length; id++) {
      const used = this.used[id];
      if (used <= SHARED_RUN_BYTES) short += 2 * used;
      else longest = Math.max(longest, used);
    }
    return short + longest;
  }

  /**
   * Bytes held now, spare room included: the typed arrays, the lexemes' own buffers, and an
   * estimate of the lexeme map (a string and a map entry per lexeme).
   */
  get byteSize(): number {
    return (
      this.last.byteLength +
      this.counts.byteLength +
      this.slots.byteLength +
      this.hashes.byteLength +
      this.used.byteLength +
      this.inline.byteLength +
      this.ownBytes +
      this.nameBytes
    );
  }

  /**
   * Appends the postings of one document, from its tsvector's text (`'button':1A,4 'l''eau':2B`: a
   * lexeme's weight mask has the bit of each weight it has, a position without a letter is D);
   * `doc` must be above every document added before. Lexemes are found by a hash of the text's
   * characters, so a known lexeme costs no string.
   */
  addDocument(text: string, doc: number): void {
    const n = text.length;
    let i = text.indexOf("'");
    while (i >= 0) {
      let j = i + 1;
      let hash = HASH_SEED;
      let quoted = false;
      for (;;) {
        if (j >= n) return;
        const c = text.charCodeAt(j);
        if (c === 39) {
          if (text.charCodeAt(j + 1) !== 39) break;
          quoted = true;
          j++;
        }
        hash = hashStep(hash, c);
        j++;
      }
      const id = quoted
        ? this.idOf(text.slice(i + 1, j).replaceAll("''", "'"), hash, true)
        : this.idOfRange(text, i + 1, j, hash);
      let mask = 0;
      j++;
      if (text.charCodeAt(j) === 58) {
        // ':' then positions, each digits and an optional weight letter, comma-separated.
        let last = 0;
        for (j++; ; j++) {
          const c = j < n ? text.charCodeAt(j) : 32;
          if (c === 44 || c === 32 || c === 39) {
            mask |= last >= 65 && last <= 68 ? 1 << (last - 65) : 8;
            if (c !== 44) break;
          }
          last = c;
        }
      }
      this.append(id, doc, mask || 8);
      i = text.indexOf("'", j);
    }
  }

  /** Appends a posting of `lexeme`: `doc` must be above its previous one. */
  add(lexeme: string, doc: number, mask: number): void {
    this.append(this.idOf(lexeme, hashOf(lexeme), true), doc, mask);
  }

  /** The id of the lexeme `text[from .. to)`, made when new. */
  private idOfRange(text: string, from: number, to: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot];
      if (held === 0) return this.make(text.slice(from, to), hash, slot);
      const id = held - 1;
      if (this.hashes[id] !== hash) continue;
      const name = this.names[id];
      if (name.length !== to - from) continue;
      let k = 0;
      while (k < name.length && name.charCodeAt(k) === text.charCodeAt(from + k)) k++;
      if (k === name.length) return id;
    }
  }

  /** The id of `lexeme` (its hash: `hash`); made when new and `make`, else -1. */
  private idOf(lexeme: string, hash: number, make: boolean): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot];
      if (held === 0) return make ? this.make(lexeme, hash, slot) : -1;
      if (this.hashes[held - 1] === hash && this.names[held - 1] === lexeme) return held - 1;
    }
  }

  private make(lexeme: string, hash: number, slot: number): number {
    const id = this.names.length;
    this.names.push(lexeme);
    // NOTE: a string costs a header of ~20 bytes beside its characters, an array slot 8 (V8).
    this.nameBytes += 32 + 2 * lexeme.length;
    if (id === this.last.length) {
      this.last = grown(this.last, id + 1, GROWTH);
      this.counts = grown(this.counts, id + 1, GROWTH);
      this.used = grown(this.used, id + 1, GROWTH);
      this.hashes = grown(this.hashes, id + 1, GROWTH);
      this.inline = grown(this.inline, this.last.length * INLINE_BYTES, GROWTH);
    }
    this.hashes[id] = hash;
    this.last[id] = -1;
    this.slots[slot] = id + 1;
    // Kept at most half full, so a probe ends soon.
    if (this.names.length * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.names.length; id++) {
      let slot = this.hashes[id] & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    }
    this.slots = slots;
  }

  /** Appends a posting to lexeme `id`'s run. */
  private append(id: number, doc: number, mask: number): void {
    const value = (doc - this.last[id]) * 16 + mask;
    this.last[id] = doc;
    this.counts[id]++;
    this.postings++;
    const at = this.used[id];
    const end = at + varintLength(value);
    let target: Uint8Array;
    let offset: number;
    if (end <= INLINE_BYTES) {
      target = this.inline;
      offset = id * INLINE_BYTES;
    } else {
      let own = this.own[id];
      if (own === undefined || end > own.length) {
        const size = Math.max(32, end, Math.ceil((own?.length ?? 0) * GROWTH));
        const bigger = new Uint8Array(size);
        if (own) bigger.set(own.subarray(0, at));
        else bigger.set(this.inline.subarray(id * INLINE_BYTES, id * INLINE_BYTES + at));
        this.ownBytes += size - (own?.length ?? 0);
        this.own[id] = own = bigger;
      }
      target = own;
      offset = 0;
    }
    writeVarint(target, offset + at, value);
    this.used[id] = end;
  }

  /** The postings of `lexeme` written so far, or undefined. */
  runOf(lexeme: string): PostingRun | undefined {
    const id = this.idOf(lexeme, hashOf(lexeme), false);
    return id < 0 ? undefined : this.runAt(id);
  }

  /** Every lexeme written, in the order first written. */
  get lexemes(): readonly string[] {
    return this.names;
  }

  private runAt(id: number): PostingRun {
    const own = this.own[id];
    const length = this.used[id];
    return own
      ? { bytes: own, from: 0, length, count: this.counts[id] }
      : { bytes: this.inline, from: id * INLINE_BYTES, length, count: this.counts[id] };
  }

  /**
   * Lays the postings out frozen, lexemes sorted; each lexeme's own buffer is let go as soon as it
   * is copied, so the peak is about the written bytes twice, not three times.
   */
  finish(): Postings {
    const order = this.names
      .map((_, id) => id)
      .sort((a, b) => (this.names[a] < this.names[b] ? -1 : 1));
    const postings = Postings.layOut(
      order.map((id) => this.names[id]),
      (k) => {
        const id = order[k];
        const run = { ...this.runAt(id), length: this.used[id] };
        this.own[id] = undefined;
        return run;
      },
    );
    this.slots = new Int32Array(1024);
    this.names = [];
    this.ownBytes = 0;
    return postings;
  }
}
