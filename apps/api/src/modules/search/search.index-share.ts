import type { Database, Tx } from '../../db/client';
import { SearchIndex } from './search.index';
import { selectSearchRows } from './search.queries';
import {
  CHUNK_BYTES,
  decodeSnapshot,
  encodeSnapshot,
  SNAPSHOT_FORMAT,
  SnapshotUnreadable,
} from './search.snapshot-format';
import {
  awaitBuildLock,
  LOCK_BUSY,
  readSnapshotChunk,
  readSnapshotHeader,
  selectChangesSince,
  selectProductIds,
  takeBuildStamp,
  withBuildLock,
  writeSnapshot,
  type ChangesSince,
} from './search.snapshot-store';

/*
 * The build of the in-process search index, shared by the processes of one database (decision
 * 042): a process loads the snapshot another one wrote and re-reads the products changed since it
 * was stamped, instead of reading every product's search document; when there is no usable
 * snapshot, one process builds (holding an advisory lock) and writes one, and the others wait for
 * it. Memory is not shared: each process still holds its own index.
 */

/**
 * A snapshot is caught up only while the products changed since its stamp are at most this share
 * of it (an eighth): past that (an import), reading them costs about what a build does, and the
 * index would carry so many dead documents that it soon needs compacting (SearchIndex.worn: a
 * quarter).
 */
const CATCH_UP_SHARE = 8;

/** Products read again per statement while catching up. */
const CATCH_UP_CHUNK = 5000;

/**
 * How long a process waits for another one's build before building itself: long enough for a
 * million products on a busy machine, short enough that it still builds within
 * SEARCH_INDEX_READY_WAIT_MS (search.index-holder.ts).
 */
const SNAPSHOT_WAIT_MS = 60_000;

/** An index made by `obtain`: read from the tables, or loaded from the snapshot and caught up. */
export type ObtainedIndex = { index: SearchIndex | null; source: 'built' | 'snapshot' };

/** What a process making its index waits for (its readiness says it). */
export type BuildPhase = 'reading' | 'loading' | 'waiting';

/** What happened to snapshots, for the log. */
export type SnapshotEvent =
  | { event: 'loaded'; products: number; caughtUp: number; bytes: number; ms: number }
  | { event: 'ignored'; reason: string }
  | { event: 'written'; products: number; bytes: number; chunks: number; ms: number }
  | { event: 'waited'; ms: number; lockFreed: boolean };

type SharedIndexOptions = {
  db: Database;
  /** PostgreSQL: builds are taken in turns (advisory lock). PGlite has one process and connection. */
  locks: boolean;
  waitMs?: number;
  report: (event: SnapshotEvent) => void;
  onError: (error: unknown) => void;
};

/**
 * Obtains a database's search index for one process: from the shared snapshot when it is current,
 * else by reading the tables (then writing a snapshot for the others).
 */
export class SharedIndexBuilds {
  /** The snapshot being written, if any (awaited before the app closes its database). */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly options: SharedIndexOptions) {}

  /** Resolves when the snapshot being written (if any) is written or given up. */
  written(): Promise<void> {
    return this.writing;
  }

  /**
   * The index: the snapshot loaded and caught up when it is current and `fits(bytes)`; else read
   * with `read` (null: given up, over budget or superseded) while holding the build lock, the
   * snapshot written after `read` answers; else, once another process's build is over, its
   * snapshot. A process that waited in vain builds without writing.
   */
  async obtain(
    read: () => Promise<SearchIndex | null>,
    fits: (bytes: number) => boolean,
    phase: (phase: BuildPhase) => void = () => {},
  ): Promise<ObtainedIndex> {
    const { db, locks, waitMs = SNAPSHOT_WAIT_MS } = this.options;
    phase('loading');
    const loaded = await this.load(fits);
    if (loaded) return loaded;
    if (!locks) return this.earliest((answer) => this.buildAndWrite(db, read, noLoad, answer));
    for (let round = 0; round < 2; round++) {
      // A snapshot written while this process looked is loaded rather than built again.
      const built = await this.earliest<ObtainedIndex | typeof LOCK_BUSY>((answer) =>
        withBuildLock(db, (tx) => this.buildAndWrite(tx, read, () => this.load(fits), answer)),
      );
      if (built !== LOCK_BUSY) return built;
      const started = performance.now();
      phase('waiting');
      const lockFreed = await awaitBuildLock(db, waitMs);
      this.options.report({
        event: 'waited',
        ms: Math.round(performance.now() - started),
        lockFreed,
      });
      phase('loading');
      const theirs = await this.load(fits);
      if (theirs) return theirs;
    }
    return { index: await read(), source: 'built' };
  }

  /**
   * Loads the snapshot (`load`) or builds; answers the index as soon as it is built (`built`, when
   * given, hears it first) and writes the snapshot in `tx` afterwards, so the process searches while
   * the snapshot is written. Answers once the snapshot is written or given up (a failed write is
   * logged: the index is still good).
   */
  private async buildAndWrite(
    tx: Tx,
    read: () => Promise<SearchIndex | null>,
    load: () => Promise<ObtainedIndex | null>,
    built: (made: ObtainedIndex) => void = () => {},
  ): Promise<ObtainedIndex> {
    const loaded = await load();
    if (loaded) {
      built(loaded);
      return loaded;
    }
    const stamp = await takeBuildStamp(tx);
    const index = await read();
    const made: ObtainedIndex = { index, source: 'built' };
    built(made);
    if (!index) return made;
    await this.write(tx, stamp, index).catch(this.options.onError);
    return made;
  }

  /**
   * Runs `work`, answering the first value it hands `answer`, else what it answers (or its error):
   * a build answers its index while it goes on writing the snapshot, and `written` waits for the
   * rest (its transaction's commit included).
   */
  private earliest<T>(work: (answer: (value: T) => void) => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      const done = work(resolve);
      this.writing = done.then(
        () => undefined,
        () => undefined,
      );
      done.then(resolve, reject);
    });
  }

  /** Writes `index` (as built, after `stamp`) as the snapshot. */
  private async write(tx: Tx, stamp: string, index: SearchIndex): Promise<void> {
    const started = performance.now();
    // Taken now, before refreshes change the index (see SearchIndex.snapshotParts).
    const encoded = encodeSnapshot(index.snapshotParts());
    const header = {
      format: SNAPSHOT_FORMAT,
      stamp,
      products: index.live,
      indexBytes: index.byteSize(),
    };
    // Without the lock (PGlite) the build ran outside a transaction: the write opens its own.
    const { db } = this.options;
    const wrote =
      tx === db
        ? await db.transaction((inner) => writeSnapshot(inner, header, encoded))
        : await writeSnapshot(tx, header, encoded);
    if (!wrote) return;
    this.options.report({
      event: 'written',
      products: index.live,
      bytes: encoded.bytes,
      chunks: Math.ceil(encoded.bytes / CHUNK_BYTES),
      ms: Math.round(performance.now() - started),
    });
  }

  /**
   * The snapshot loaded and caught up, in one read-only transaction (one view of the tables), or
   * null: none, another format, over the budget, too many changes since, unreadable.
   */
  private async load(fits: (bytes: number) => boolean): Promise<ObtainedIndex | null> {
    const started = performance.now();
    const ignored = (reason: string) => {
      this.options.report({ event: 'ignored', reason });
      return null;
    };
    return this.options.db.transaction(
      async (tx) => {
        const header = await readSnapshotHeader(tx);
        if (!header) return ignored('no snapshot yet');
        if (header.format !== SNAPSHOT_FORMAT) return ignored(`format ${header.format}`);
        if (!header.native) return ignored('written on another server (a restored dump)');
        if (!fits(header.indexBytes)) return ignored('over the memory budget');
        const max = Math.floor(header.products / CATCH_UP_SHARE);
        const changes = await selectChangesSince(tx, header.stamp, max);
        if (!changes.ids) return ignored(`more than ${max} products changed since it was written`);
        let seq = 0;
        const next = () =>
          seq < header.chunks ? readSnapshotChunk(tx, seq++) : Promise.resolve(null);
        let index: SearchIndex;
        try {
          index = SearchIndex.fromSnapshotParts(await decodeSnapshot(next, header));
        } catch (error) {
          if (error instanceof SnapshotUnreadable) return ignored(error.message);
          throw error;
        }
        if (index.live !== header.products) return ignored('its product count does not match');
        await catchUp(tx, index, changes);
        this.options.report({
          event: 'loaded',
          products: index.live,
          caughtUp: changes.ids.length,
          bytes: header.bytes,
          ms: Math.round(performance.now() - started),
        });
        return { index, source: 'snapshot' as const };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}

const noLoad = async () => null;

/**
 * Brings a loaded snapshot to the tables' state as `tx` sees them: the products changed since its
 * stamp read again, and (when it holds more products than the catalogue) those deleted forgotten.
 */
async function catchUp(tx: Tx, index: SearchIndex, changes: ChangesSince): Promise<void> {
  const ids = changes.ids ?? [];
  for (let k = 0; k < ids.length; k += CATCH_UP_CHUNK) {
    const part = ids.slice(k, k + CATCH_UP_CHUNK);
    const rows = await selectSearchRows(tx, part);
    for (const id of part) index.remove(id);
    index.put(rows);
  }
  if (index.live === changes.products) return;
  const exist = await selectProductIds(tx);
  index.keepOnly((id) => exist.has(id));
}
