/*
 * The tsquery of a search as a tree, and the set operations the in-process index evaluates it with
 * (search.index.ts): match lists are documents in ascending order with a score each.
 */

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

/**
 * Documents (ascending) with a score each: what a node of the query matches. Scores are doubles: a
 * word's score is a float (MASK_SCORES) and a sum of a few of them is exact in a double, so a
 * document's score does not depend on the order its words' scores are added in (intersections go
 * from the shortest list, search.cursors.ts walks the words in another order).
 */
export type Matches = { docs: Int32Array; scores: Float64Array };
export const NONE: Matches = { docs: new Int32Array(0), scores: new Float64Array(0) };

export function union(a: Matches, b: Matches): Matches {
  const docs = new Int32Array(a.docs.length + b.docs.length);
  const scores = new Float64Array(docs.length);
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
export const MERGE_LISTS = 4;

/**
 * The union of many lists (best score per document) over documents 0 … size − 1: each document's
 * best score in a dense array, then one pass in document order. Linear in the postings and the
 * index's size, where merging k lists pairwise costs k passes over a growing result.
 */
export function unionMany(lists: Matches[], size: number): Matches {
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
  const scores = new Float64Array(found);
  let n = 0;
  for (let doc = 0; n < found; doc++)
    if (best[doc] !== 0) {
      docs[n] = doc;
      scores[n++] = best[doc];
    }
  return { docs, scores };
}

export function intersect(a: Matches, b: Matches): Matches {
  const docs = new Int32Array(Math.min(a.docs.length, b.docs.length));
  const scores = new Float64Array(docs.length);
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
export function digitTokenQuery(key: string): QueryNode | undefined {
  const digits = /^([0-9]+)(\*?)$/.exec(key);
  if (!digits) return undefined;
  const term: QueryNode = {
    op: 'term',
    lexeme: digits[1],
    prefix: digits[2] === '*' && digits[1].length >= 3,
  };
  return { op: 'or', args: [term, term, term] };
}

/**
 * The `k` smallest of `keys` (distinct), ascending; all of them sorted when `k` is not much smaller.
 * A quickselect partitions the array in place around the k-th smallest first, so a page of a broad
 * word's hits costs a pass over them instead of a sort.
 */
export function smallest(keys: Float64Array, k: number): Float64Array {
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
