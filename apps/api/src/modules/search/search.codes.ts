/*
 * One code of every document of the search index (its SKU in lower case, or its barcode) as UTF-8
 * bytes in one buffer, and the live documents in code order, for exact and prefix matches by binary
 * search. A million codes cost ~20 MB here against ~60 MB as strings in an array (headers, a
 * pointer each). Byte order is code point order: the order of JavaScript's `<` for every code
 * outside the astral planes, which product codes never use.
 */

import { grown } from './search.growable';

const encoder = new TextEncoder();

/**
 * What a shared snapshot keeps of a column (search.snapshot-format.ts): its codes, their bounds and
 * its order, as a build leaves them (ordered, trimmed).
 */
export type CodeColumnParts = {
  bytes: Uint8Array<ArrayBuffer>;
  starts: Int32Array<ArrayBuffer>;
  sorted: Int32Array;
  rank: Int32Array<ArrayBuffer>;
};

/** The build's arrays grow half again as large each time they are full. */
const GROWTH = 1.5;

export class CodeColumn {
  /** `everyDocument`: an empty code is still a code (a SKU); otherwise the document has none. */
  constructor(private readonly everyDocument: boolean) {}

  private bytes = new Uint8Array(4096);
  /** Document d's code is bytes[starts[d] .. starts[d + 1]); an empty one (no barcode) is none. */
  private starts = new Int32Array(1025);
  private documents = 0;
  /** Live documents with a code, in code order (ties in document order), as of the last `order`. */
  private sorted: Int32Array = new Int32Array(0);
  /** Documents put since `sorted` was last made, waiting to be merged in. */
  private unsorted: number[] = [];
  /** Documents removed since: `sorted` must be filtered. */
  private removals = 0;
  /** Each live document's place in `sorted` (valid after `order`). */
  rank = new Int32Array(0);

  /** Bytes held (spare room included). */
  get byteSize(): number {
    return (
      this.bytes.byteLength +
      this.starts.byteLength +
      this.sorted.byteLength +
      this.rank.byteLength +
      8 * this.unsorted.length
    );
  }

  /**
   * The column's parts for a snapshot, once ordered. NOTE: `rank` is rewritten in place when codes
   * are ordered again, so it is copied; the others are replaced, never written, by later changes.
   */
  parts(): CodeColumnParts {
    if (this.unsorted.length || this.removals) throw new Error('codes not ordered');
    return {
      bytes: this.bytes.subarray(0, this.starts[this.documents]),
      starts: this.starts.subarray(0, this.documents + 1),
      sorted: this.sorted,
      rank: this.rank.slice(),
    };
  }

  /** A column as `parts` described it (`everyDocument`: see the constructor). */
  static fromParts(everyDocument: boolean, parts: CodeColumnParts): CodeColumn {
    const column = new CodeColumn(everyDocument);
    column.bytes = parts.bytes;
    column.starts = parts.starts;
    column.documents = parts.starts.length - 1;
    column.sorted = parts.sorted;
    column.rank = parts.rank;
    return column;
  }

  /** Sets document `doc`'s code: documents come in order, 0, 1, 2 … */
  push(doc: number, code: string | null): void {
    const at = this.starts[doc];
    this.starts = grown(this.starts, doc + 2, GROWTH);
    let length = 0;
    if (code) {
      // Written in place: UTF-8 takes at most 3 bytes per UTF-16 unit.
      this.bytes = grown(this.bytes, at + 3 * code.length, GROWTH);
      length = encoder.encodeInto(code, this.bytes.subarray(at)).written;
    }
    if (length || this.everyDocument) this.unsorted.push(doc);
    this.starts[doc + 1] = at + length;
    this.documents = doc + 1;
  }

  /** Document `doc` is no longer live. */
  removed(): void {
    this.removals++;
  }

  /** Lets the spare room of the growing arrays go (after a build). */
  trim(): void {
    this.starts = this.starts.slice(0, this.documents + 1);
    this.bytes = this.bytes.slice(0, this.starts[this.documents]);
  }

  /** -1, 0 or 1 as document a's code sorts before, with or after document b's. */
  private compareDocs(a: number, b: number): number {
    const { bytes, starts } = this;
    const aEnd = starts[a + 1];
    const bEnd = starts[b + 1];
    for (let i = starts[a], j = starts[b]; ; i++, j++) {
      if (i === aEnd) return j === bEnd ? a - b : -1;
      if (j === bEnd) return 1;
      if (bytes[i] !== bytes[j]) return bytes[i] - bytes[j];
    }
  }

  /**
   * Compares document `doc`'s code with `key`: negative below it, 0 when it starts with it (or, with
   * `exact`, equals it), positive above.
   */
  private compareKey(doc: number, key: Uint8Array, exact: boolean): number {
    const { bytes, starts } = this;
    const from = starts[doc];
    const length = starts[doc + 1] - from;
    for (let k = 0; k < key.length; k++) {
      if (k === length) return -1;
      if (bytes[from + k] !== key[k]) return bytes[from + k] - key[k];
    }
    return exact && length > key.length ? 1 : 0;
  }

  /**
   * Live documents with a code in code order (`isLive` tells which documents still are). Documents
   * put since the last call are sorted and merged in, removed ones filtered out: a refresh of a few
   * products costs a pass, not a sort of the catalogue.
   */
  order(isLive: (doc: number) => boolean): Int32Array {
    if (this.unsorted.length === 0 && this.removals === 0) return this.sorted;
    const fresh = Int32Array.from(this.unsorted.filter(isLive)).sort((a, b) =>
      this.compareDocs(a, b),
    );
    const kept = this.removals ? this.sorted.filter(isLive) : this.sorted;
    const merged = new Int32Array(kept.length + fresh.length);
    let i = 0;
    let j = 0;
    let n = 0;
    while (i < kept.length || j < fresh.length)
      merged[n++] =
        j === fresh.length || (i < kept.length && this.compareDocs(kept[i], fresh[j]) < 0)
          ? kept[i++]
          : fresh[j++];
    this.sorted = merged;
    this.unsorted = [];
    this.removals = 0;
    if (this.rank.length < this.documents) this.rank = new Int32Array(this.starts.length);
    merged.forEach((doc, place) => (this.rank[doc] = place));
    return merged;
  }

  /** Whether document `doc`'s code is `code` exactly. */
  is(doc: number, code: string): boolean {
    return this.compareKey(doc, encoder.encode(code), true) === 0;
  }

  /**
   * Documents of `order` (this column's `order`) whose code starts with `prefix`, at most `cap`, in
   * code order: a binary search, then a run.
   */
  withPrefix(order: Int32Array, prefix: string, cap: number): number[] {
    const key = encoder.encode(prefix);
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.compareKey(order[mid], key, false) < 0) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    for (let i = lo; i < order.length && found.length < cap; i++) {
      if (this.compareKey(order[i], key, false) !== 0) break;
      found.push(order[i]);
    }
    return found;
  }
}
