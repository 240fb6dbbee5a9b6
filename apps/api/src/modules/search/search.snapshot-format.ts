import { createHash } from 'node:crypto';
import type { CodeColumnParts } from './search.codes';
import type { SearchIndexParts } from './search.index';
import type { PostingsParts } from './search.postings';

/*
 * The byte layout of a shared search index snapshot (docs/decisions/042-shared-search-index-snapshot.md):
 * the typed arrays of a freshly built index (search.index.ts, snapshotParts) one after the other,
 * each after its length, behind a header that names the layout's version and the byte order. The
 * bytes are cut into chunks of CHUNK_BYTES (rows of search_index_snapshot_chunks) and summed with
 * SHA-256; a reader copies each array out of the chunks as they arrive, so a load holds the index
 * and one chunk, never the whole snapshot twice.
 */

/** The layout's version: a snapshot of another one is ignored (the process builds). */
export const SNAPSHOT_FORMAT = 1;

/** Bytes per chunk: a few MB a row, so neither side holds the whole snapshot in one value. */
export const CHUNK_BYTES = 4 << 20;

const MAGIC = 0x49535357; // 'WSSI'
/** Written in the machine's byte order: a reader of the other order sees another number. */
const BYTE_ORDER = 0x01020304;

/**
 * A snapshot being encoded: its size, its chunks made one at a time as they are asked for (a
 * writer holds one chunk, not a copy of the index), and their checksum once the last is made.
 */
export type EncodedSnapshot = {
  bytes: number;
  chunks: Iterable<Uint8Array>;
  checksum: () => string;
};

const viewOf = (array: Int32Array | Uint8Array): Uint8Array =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

/** The pieces of `parts` in layout order: each array after its length in bytes. */
function piecesOf(parts: SearchIndexParts): Uint8Array[] {
  const pieces: Uint8Array[] = [viewOf(Int32Array.of(MAGIC, SNAPSHOT_FORMAT, BYTE_ORDER))];
  const array = (values: Int32Array | Uint8Array) =>
    pieces.push(viewOf(Int32Array.of(values.byteLength)), viewOf(values));
  const codes = (column: CodeColumnParts) => {
    for (const values of [column.bytes, column.starts, column.sorted, column.rank]) array(values);
  };
  const postings = (p: PostingsParts) => {
    // NOTE: a lexeme never holds NUL (PostgreSQL's texts cannot), so it separates them.
    array(new TextEncoder().encode(p.lexemes.join('\0')));
    for (const values of [p.counts, p.starts, p.lengths, p.shared]) array(values);
    const at = p.own.flatMap((run, k) => (run ? [k] : []));
    array(Int32Array.from(at));
    array(Int32Array.from(at, (k) => p.own[k]!.byteLength));
    for (const k of at) pieces.push(p.own[k]!);
  };
  array(parts.ids);
  array(parts.flags);
  codes(parts.skus);
  codes(parts.barcodes);
  postings(parts.postings);
  return pieces;
}

/** Encodes `parts` into chunks of `chunkBytes` (the last one shorter), summed as they are made. */
export function encodeSnapshot(
  parts: SearchIndexParts,
  chunkBytes: number = CHUNK_BYTES,
): EncodedSnapshot {
  const pieces = piecesOf(parts);
  const total = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  const hash = createHash('sha256');
  let digest: string | undefined;
  function* chunks(): Generator<Uint8Array> {
    let made = 0;
    let piece = 0;
    let from = 0;
    while (made < total) {
      const chunk = new Uint8Array(Math.min(chunkBytes, total - made));
      for (let at = 0; at < chunk.byteLength;) {
        const source = pieces[piece];
        const n = Math.min(source.byteLength - from, chunk.byteLength - at);
        chunk.set(source.subarray(from, from + n), at);
        at += n;
        from += n;
        if (from === source.byteLength) [piece, from] = [piece + 1, 0];
      }
      made += chunk.byteLength;
      hash.update(chunk);
      yield chunk;
    }
    digest = hash.digest('hex');
  }
  return {
    bytes: total,
    chunks: { [Symbol.iterator]: chunks },
    checksum: () => {
      if (digest === undefined) throw new Error('the snapshot is not encoded yet');
      return digest;
    },
  };
}

/** Why a snapshot could not be read: the process ignores it and builds. */
export class SnapshotUnreadable extends Error {}

/**
 * Reads the layout from chunks as `next` answers them (null after the last), checking the header,
 * every length against the `bytes` announced, that the bytes end where the layout does, and their
 * checksum against `checksum`.
 */
export async function decodeSnapshot(
  next: () => Promise<Uint8Array | null>,
  { bytes: total, checksum }: { bytes: number; checksum: string },
): Promise<SearchIndexParts> {
  const hash = createHash('sha256');
  let chunk: Uint8Array = new Uint8Array(0);
  let at = 0;
  let consumed = 0;
  /** Copies the next `n` bytes into a buffer of their own. */
  const read = async (n: number): Promise<ArrayBuffer> => {
    if (n < 0 || consumed + n > total) throw new SnapshotUnreadable('a length runs past the end');
    consumed += n;
    const buffer = new ArrayBuffer(n);
    const target = new Uint8Array(buffer);
    for (let filled = 0; filled < n;) {
      if (at === chunk.byteLength) {
        const fresh = await next();
        if (!fresh) throw new SnapshotUnreadable('the snapshot ends early');
        hash.update(fresh);
        chunk = fresh;
        at = 0;
      }
      const k = Math.min(n - filled, chunk.byteLength - at);
      target.set(chunk.subarray(at, at + k), filled);
      at += k;
      filled += k;
    }
    return buffer;
  };
  const int32s = async (count: number) => new Int32Array(await read(4 * count));
  const length = async () => (await int32s(1))[0];
  const bytes = async () => new Uint8Array(await read(await length()));
  const ints = async () => {
    const n = await length();
    if (n % 4) throw new SnapshotUnreadable('a length is not a whole number of integers');
    return int32s(n / 4);
  };
  const codes = async (): Promise<CodeColumnParts> => ({
    bytes: await bytes(),
    starts: await ints(),
    sorted: await ints(),
    rank: await ints(),
  });
  const [magic, format, order] = await int32s(3);
  if (magic !== MAGIC || format !== SNAPSHOT_FORMAT || order !== BYTE_ORDER)
    throw new SnapshotUnreadable('not a search index snapshot of this format and byte order');
  const ids = await ints();
  const flags = await bytes();
  const skus = await codes();
  const barcodes = await codes();
  const lexemes = new TextDecoder().decode(await bytes());
  const counts = await ints();
  const starts = await ints();
  const lengths = await ints();
  const shared = await bytes();
  const ownAt = await ints();
  const ownLengths = await ints();
  const own: (Uint8Array | undefined)[] = [];
  for (let i = 0; i < ownAt.length; i++) own[ownAt[i]] = new Uint8Array(await read(ownLengths[i]));
  if (consumed !== total || at !== chunk.byteLength || (await next()) !== null)
    throw new SnapshotUnreadable('the snapshot goes on past its layout');
  if (hash.digest('hex') !== checksum) throw new SnapshotUnreadable('checksum mismatch');
  return {
    ids,
    flags,
    skus,
    barcodes,
    postings: {
      lexemes: counts.length ? lexemes.split('\0') : [],
      counts,
      starts,
      lengths,
      shared,
      own,
    },
  };
}
