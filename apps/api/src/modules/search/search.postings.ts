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

/** Bytes of one posting: its delta-and-mask number, 7 bits a byte. */
function varintLength(value: number): number {
  let n = 1;
  while (value >= 0x80) {
    value = Math.floor(value / 0x80);
    n++;
  }
  return n;
}

/**
 * Decodes `count` postings starting at `from` in `bytes` into documents and their scores (by weight
 * mask), at `at` in the output arrays; answers the position after the last one written.
 */
function decodeInto(
  bytes: Uint8Array,
  from: number,
  count: number,
  scores: Float32Array,
  docs: Int32Array,
  out: Float32Array,
  at: number,
): number {
  let doc = -1;
  let i = from;
  for (let k = 0; k < count; k++) {
    let value = 0;
    let shift = 1;
    let byte = bytes[i++];
    while (byte >= 0x80) {
      value += (byte & 0x7f) * shift;
      shift *= 0x80;
      byte = bytes[i++];
    }
    value += byte * shift;
    doc += Math.floor(value / 16);
    docs[at] = doc;
    out[at++] = scores[value & 15];
  }
  return at;
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
    let value = 0;
    let shift = 1;
    let byte = bytes[i++];
    while (byte >= 0x80) {
      value += (byte & 0x7f) * shift;
      shift *= 0x80;
      byte = bytes[i++];
    }
    value += byte * shift;
    doc += Math.floor(value / 16);
    visit(doc, value & 15);
  }
}

/** A view of one lexeme's postings: where they are and how many. */
type PostingRun = { bytes: Uint8Array; from: number; count: number };

/**
 * Frozen postings: lexemes sorted (a JavaScript string each: a catalogue has thousands of distinct
 * words, not millions), lexeme i's postings at bytes[starts[i] .. starts[i + 1]), counts[i] of them.
 */
export class Postings {
  constructor(
    readonly lexemes: string[] = [],
    private readonly starts = new Int32Array(1),
    private readonly counts = new Int32Array(0),
    private readonly bytes = new Uint8Array(0),
  ) {}

  /** Bytes held: the buffer, the offsets and the lexemes (two bytes a character, plus a header). */
  get byteSize(): number {
    return (
      this.bytes.byteLength +
      this.starts.byteLength +
      this.counts.byteLength +
      this.lexemes.reduce((sum, lexeme) => sum + 32 + 2 * lexeme.length, 0)
    );
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
    return { bytes: this.bytes, from: this.starts[i], count: this.counts[i] };
  }
}

/** One lexeme's postings as documents and scores (by weight mask, `scores`). */
export function decodeRun(run: PostingRun, scores: Float32Array): Matches {
  const docs = new Int32Array(run.count);
  const out = new Float32Array(run.count);
  decodeInto(run.bytes, run.from, run.count, scores, docs, out, 0);
  return { docs, scores: out };
}

/** Calls `visit(doc, mask)` for each posting of a run, in document order. */
export function eachPosting(run: PostingRun, visit: (doc: number, mask: number) => void): void {
  forEachPosting(run.bytes, run.from, run.count, visit);
}

function grown<T extends Int32Array | Uint8Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const bigger = new (array.constructor as new (n: number) => T)(
    Math.max(size, Math.ceil(array.length * 1.5)),
  );
  bigger.set(array);
  return bigger;
}

/**
 * Postings being written: lexemes in any order, each lexeme's documents ascending (documents are
 * numbered in the order they are put). A lexeme's first bytes live in one shared buffer (most
 * lexemes of a catalogue are rare); past INLINE_BYTES it gets a buffer of its own, grown by half.
 * `finish` lays everything out frozen, lexemes sorted.
 */
export class PostingsWriter {
  private idOf = new Map<string, number>();
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
   * Bytes held now, spare room included: the typed arrays, the lexemes' own buffers, and an
   * estimate of the lexeme map (a string and a map entry per lexeme).
   */
  get byteSize(): number {
    return (
      this.last.byteLength +
      this.counts.byteLength +
      this.used.byteLength +
      this.inline.byteLength +
      this.ownBytes +
      this.nameBytes
    );
  }

  /** Appends a posting of `lexeme`: `doc` must be above its previous one. */
  add(lexeme: string, doc: number, mask: number): void {
    let id = this.idOf.get(lexeme);
    if (id === undefined) {
      id = this.names.length;
      this.idOf.set(lexeme, id);
      this.names.push(lexeme);
      // NOTE: a map entry and a string header cost ~80 bytes beside the characters (V8, measured).
      this.nameBytes += 80 + 2 * lexeme.length;
      if (id === this.last.length) {
        this.last = grown(this.last, id + 1);
        this.counts = grown(this.counts, id + 1);
        this.used = grown(this.used, id + 1);
        this.inline = grown(this.inline, this.last.length * INLINE_BYTES);
      }
      this.last[id] = -1;
    }
    let value = (doc - this.last[id]) * 16 + mask;
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
        const size = Math.max(32, end, Math.ceil((own?.length ?? 0) * 1.5));
        const bigger = new Uint8Array(size);
        if (own) bigger.set(own.subarray(0, at));
        else bigger.set(this.inline.subarray(id * INLINE_BYTES, id * INLINE_BYTES + at));
        this.ownBytes += size - (own?.length ?? 0);
        this.own[id] = own = bigger;
      }
      target = own;
      offset = 0;
    }
    let i = offset + at;
    while (value >= 0x80) {
      target[i++] = (value & 0x7f) | 0x80;
      value = Math.floor(value / 0x80);
    }
    target[i] = value;
    this.used[id] = end;
  }

  /** The postings of `lexeme` written so far, or undefined. */
  runOf(lexeme: string): PostingRun | undefined {
    const id = this.idOf.get(lexeme);
    return id === undefined ? undefined : this.runAt(id);
  }

  /** Every lexeme written, in the order first written. */
  get lexemes(): readonly string[] {
    return this.names;
  }

  private runAt(id: number): PostingRun {
    const own = this.own[id];
    return own
      ? { bytes: own, from: 0, count: this.counts[id] }
      : { bytes: this.inline, from: id * INLINE_BYTES, count: this.counts[id] };
  }

  /**
   * Lays the postings out frozen, lexemes sorted; each lexeme's own buffer is let go as soon as it
   * is copied, so the peak is about the written bytes twice, not three times.
   */
  finish(): Postings {
    const order = this.names
      .map((_, id) => id)
      .sort((a, b) => (this.names[a] < this.names[b] ? -1 : 1));
    const starts = new Int32Array(order.length + 1);
    const counts = new Int32Array(order.length);
    const bytes = new Uint8Array(this.encodedBytes);
    let at = 0;
    order.forEach((id, k) => {
      const run = this.runAt(id);
      starts[k] = at;
      counts[k] = run.count;
      bytes.set(run.bytes.subarray(run.from, run.from + this.used[id]), at);
      at += this.used[id];
      this.own[id] = undefined;
    });
    starts[order.length] = at;
    const lexemes = order.map((id) => this.names[id]);
    this.idOf = new Map();
    this.names = [];
    this.ownBytes = 0;
    return new Postings(lexemes, starts, counts, bytes);
  }
}
