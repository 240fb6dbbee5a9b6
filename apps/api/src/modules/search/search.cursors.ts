import type { Matches } from './search.tsquery';

/*
 * Document-at-a-time evaluation of a search's query (docs/decisions/040-search-ranking-at-a-million.md):
 * a cursor per node of the query walks the documents it matches in ascending order, reading the
 * postings where they lie (search.postings.ts) instead of decoding each word's list into arrays and
 * merging them into new ones. An AND moves its rarest word first and makes the others jump to the
 * document it is on (a long run jumps by its skip table); an OR is on the least document of its
 * arguments. So a search costs a pass over its words' postings and a few small objects, however
 * many documents it matches: nothing per request grows with a list's length.
 */

/** The doc of a cursor past its last document. */
export const END = 0x7fffffff;

export interface Cursor {
  /** The current document (ascending), END when done. */
  doc: number;
  /** Moves to the next document. */
  next(): void;
  /** Moves to the first document not below `target` (no move when already there). */
  seek(target: number): void;
  /** The current document's score: a word's weight, the best of an OR's, the sum of an AND's. */
  score(): number;
  /** About how many documents it walks (its lists' postings): an AND moves the smallest first. */
  readonly cost: number;
}

/** A cursor that matches nothing. */
export function emptyCursor(): Cursor {
  return { doc: END, next() {}, seek() {}, score: () => 0, cost: 0 };
}

/**
 * Postings of one lexeme, read where they lie: `(document − previous) × 16 + weight mask`, 7 bits a
 * byte (search.postings.ts). `skips` (long runs) holds, for every SKIP_BLOCK-th posting, the
 * document before it and the byte it starts at, so a seek far ahead jumps whole blocks.
 */
export class RunCursor implements Cursor {
  doc = -1;
  private mask = 0;
  /** Postings not read yet. */
  private left: number;
  /** Postings read (the index of the next one). */
  private read = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private at: number,
    readonly cost: number,
    private readonly scores: Float32Array,
    private readonly skips: Int32Array | undefined,
  ) {
    this.left = cost;
    this.next();
  }

  next(): void {
    if (this.left === 0) {
      this.doc = END;
      return;
    }
    const bytes = this.bytes;
    let i = this.at;
    let byte = bytes[i++];
    let value = byte & 0x7f;
    for (let shift = 7; byte >= 0x80; shift += 7) {
      byte = bytes[i++];
      value |= (byte & 0x7f) << shift;
    }
    this.at = i;
    this.left--;
    this.read++;
    this.doc += value >>> 4;
    this.mask = value & 15;
  }

  seek(target: number): void {
    if (this.doc >= target) return;
    const skips = this.skips;
    if (skips) {
      // Entry k (2 numbers): the document before posting k × SKIP_BLOCK, and that posting's byte.
      // The last entry whose document is below the target: every posting before it is too.
      let lo = Math.floor(this.read / SKIP_BLOCK);
      let hi = skips.length >> 1;
      if (lo + 1 < hi && skips[2 * (lo + 1)] < target) {
        lo++;
        while (lo + 1 < hi) {
          const mid = (lo + hi) >> 1;
          if (skips[2 * mid] < target) lo = mid;
          else hi = mid;
        }
        // Posting lo × SKIP_BLOCK is not read yet (lo is past the block of the next one).
        this.doc = skips[2 * lo];
        this.at = skips[2 * lo + 1];
        this.read = lo * SKIP_BLOCK;
        this.left = this.cost - this.read;
        this.next();
      }
    }
    while (this.doc < target) this.next();
  }

  score(): number {
    return this.scores[this.mask];
  }
}

/** Postings between two skip table entries. */
export const SKIP_BLOCK = 128;

/** A list already made (a prefix's many lexemes united), walked in place. */
export class MatchesCursor implements Cursor {
  doc: number;
  private i = 0;
  readonly cost: number;

  constructor(private readonly matches: Matches) {
    this.cost = matches.docs.length;
    this.doc = this.cost ? matches.docs[0] : END;
  }

  next(): void {
    this.doc = ++this.i < this.cost ? this.matches.docs[this.i] : END;
  }

  seek(target: number): void {
    const docs = this.matches.docs;
    if (this.doc >= target) return;
    // Galloping: a jump doubles until it passes the target, then bisects.
    let step = 1;
    let lo = this.i;
    let hi = lo + 1;
    while (hi < this.cost && docs[hi] < target) {
      lo = hi;
      step *= 2;
      hi = lo + step;
    }
    hi = Math.min(hi, this.cost);
    while (lo + 1 < hi) {
      const mid = (lo + hi) >> 1;
      if (docs[mid] < target) lo = mid;
      else hi = mid;
    }
    this.i = hi;
    this.doc = hi < this.cost ? docs[hi] : END;
  }

  score(): number {
    return this.matches.scores[this.i];
  }
}

/** Documents any argument matches; a document's score is its best argument's. */
export class OrCursor implements Cursor {
  doc = END;
  readonly cost: number;

  constructor(private readonly args: Cursor[]) {
    this.cost = args.reduce((sum, arg) => sum + arg.cost, 0);
    this.settle();
  }

  private settle(): void {
    let doc = END;
    for (const arg of this.args) if (arg.doc < doc) doc = arg.doc;
    this.doc = doc;
  }

  next(): void {
    const doc = this.doc;
    for (const arg of this.args) if (arg.doc === doc) arg.next();
    this.settle();
  }

  seek(target: number): void {
    if (this.doc >= target) return;
    for (const arg of this.args) arg.seek(target);
    this.settle();
  }

  score(): number {
    let best = 0;
    for (const arg of this.args) if (arg.doc === this.doc && arg.score() > best) best = arg.score();
    return best;
  }
}

/**
 * Documents every argument matches; a document's score is the sum of its arguments' (doubles: the
 * sum of a few floats is exact, whatever the order). The rarest argument leads.
 */
export class AndCursor implements Cursor {
  doc = -1;
  readonly cost: number;
  private readonly args: Cursor[];

  constructor(args: Cursor[]) {
    this.args = [...args].sort((a, b) => a.cost - b.cost);
    this.cost = this.args[0].cost;
    this.align(this.args[0].doc);
  }

  /** Moves to the first document from `target` that every argument has. */
  private align(target: number): void {
    const args = this.args;
    for (let k = 0; k < args.length && target !== END;) {
      const arg = args[k];
      arg.seek(target);
      if (arg.doc === target) k++;
      else {
        target = arg.doc;
        k = 0;
      }
    }
    this.doc = target;
  }

  next(): void {
    const lead = this.args[0];
    lead.next();
    this.align(lead.doc);
  }

  seek(target: number): void {
    if (this.doc >= target) return;
    this.args[0].seek(target);
    this.align(this.args[0].doc);
  }

  score(): number {
    let sum = 0;
    for (const arg of this.args) sum += arg.score();
    return sum;
  }
}
