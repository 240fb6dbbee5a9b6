import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/client';
import {
  CATALOGUE_CHANNEL,
  CategoryList,
  selectAllCategories,
  type CategoryRow,
} from '../catalogue';
import { SearchIndex } from './search.index';
import { readSearchRows } from './search.index-source';
import { SharedIndexBuilds, type BuildPhase, type ObtainedIndex } from './search.index-share';
import { selectSearchRows, selectTokenQueries } from './search.queries';
import type { QueryNode } from './search.tsquery';

/** A visible category and its names in en/fr/es, folded (accents and case). */
export type FoldedCategory = { row: CategoryRow; names: string[] };

/** Notified by every statement that changes categories (migration 0026). */
const CATEGORIES_CHANNEL = 'ws_categories';

/**
 * What a database's index is doing; searches use it only when 'ready'. 'fallback': the last build
 * went over the memory budget, searches rank in PostgreSQL until a '*' asks for another one.
 */
type State = 'off' | 'building' | 'ready' | 'fallback';

/**
 * How long a starting process waits for its first index before it says it is ready anyway (searching
 * in PostgreSQL meanwhile): readiness must not wait forever for a build that cannot finish
 * (a slow database, a huge catalogue), and the rolling restart waits 120 s for each process.
 */
export const SEARCH_INDEX_READY_WAIT_MS = 90_000;

/** What a process's readiness says of its search index (modules/health). */
type SearchIndexReadiness = { ok: boolean; detail?: string };

/** What the holder is told to keep to and whom it tells. */
type SearchIndexHolderOptions = {
  /** SEARCH_INDEX=on: the plugin starts it when the change feed is live. */
  enabled: boolean;
  /** Most bytes the index may hold (SEARCH_INDEX_MEMORY_MB): over it, PostgreSQL ranks. */
  budgetBytes: number;
  onError: (error: unknown) => void;
  onBuilt: (facts: {
    products: number;
    ms: number;
    bytes: number;
    source: ObtainedIndex['source'];
  }) => void;
  onFallback: (facts: { reason: string; products: number; bytes: number }) => void;
  /**
   * SEARCH_INDEX_SHARED=on: the index is loaded from the snapshot another process wrote when it is
   * current, and written for the others when built (decision 042). Absent: always built here.
   */
  shared?: SharedIndexBuilds;
};

/**
 * After a '*' notification, the rebuild waits until the catalogue has been quiet this long: an import
 * sends one per large statement, and one rebuild after it beats one per statement.
 */
const REBUILD_QUIET_MS = 10_000;

/**
 * The in-process search index of one app, and what it follows: its state, the products and
 * categories waiting to be read again, and the rebuild after a '*'.
 */
export class SearchIndexHolder {
  index: SearchIndex | null = null;
  state: State = 'off';
  /** A '*' came after the index was built: searches go to PostgreSQL until it is built again. */
  stale = false;
  private pending = new Set<number>();
  /** Products being read again right now. */
  private applying = 0;
  /** The category list the index holds (read with every build, and again when notified). */
  private categories = new CategoryList([]);
  /** A categories notification came: the list is read again (searches wait for it). */
  private categoriesWanted = false;
  private categoriesReading = false;
  private rebuildWanted = false;
  private rebuildTimer: NodeJS.Timeout | undefined;
  /** Counts '*' notifications, so a build knows whether another one came while it read. */
  private staleMarks = 0;
  private work: Promise<void> = Promise.resolve();
  private generation = 0;
  /** Why searches rank in PostgreSQL although the index is on (over budget, a failed build). */
  private fallbackReason: string | null = null;
  /** Whether the first build since the process started is over (built, or given up). */
  private startupSettled = false;
  private readonly createdAt = Date.now();
  /** Products read by the build in progress. */
  private buildProgress = 0;
  /** What the index being made waits for: its rows, the shared snapshot, another process's build. */
  private buildPhase: BuildPhase = 'reading';
  /** Indexes this holder read from the tables, and loaded from a shared snapshot (tests, logs). */
  builds = 0;
  loads = 0;

  /** The category list last matched against a search's text, with its visible names folded. */
  private folded: { rows: CategoryRow[]; names: FoldedCategory[] } | null = null;

  /**
   * Each visible category of `rows` with its names in en/fr/es folded by `fold` (hidden ones are
   * left out), worked out once per list: searches match against the same list (the index's or the
   * cached one) until it is read again, and folding every name cost a good share of a search.
   */
  foldedCategories(rows: CategoryRow[], fold: (text: string) => string): FoldedCategory[] {
    if (this.folded?.rows !== rows)
      this.folded = {
        rows,
        names: rows
          .filter((row) => !row.hidden)
          .map((row) => ({ row, names: [row.nameEn, row.nameFr, row.nameEs].map(fold) })),
      };
    return this.folded.names;
  }

  constructor(
    private readonly db: Tx,
    private readonly options: SearchIndexHolderOptions,
  ) {}

  /**
   * The index's part of the process's readiness: not ready while the first build since start runs
   * (at most SEARCH_INDEX_READY_WAIT_MS), ready otherwise; "degraded" names why searches rank in
   * PostgreSQL (over the memory budget, a failed build, a rebuild in progress, still building).
   */
  readiness(now = Date.now()): SearchIndexReadiness {
    if (!this.options.enabled)
      return { ok: true, detail: 'off (SEARCH_INDEX=off): searches rank in PostgreSQL' };
    if (this.state === 'ready' && !this.stale) return { ok: true };
    const degraded = (why: string) => ({
      ok: true,
      detail: `degraded: searches rank in PostgreSQL (${why})`,
    });
    if (this.fallbackReason) return degraded(this.fallbackReason);
    if (!this.startupSettled && now - this.createdAt < SEARCH_INDEX_READY_WAIT_MS)
      return {
        ok: false,
        detail:
          this.buildPhase === 'reading'
            ? `Building the search index: ${this.buildProgress} products read`
            : this.buildPhase === 'loading'
              ? 'Loading the search index snapshot another process wrote'
              : "Waiting for another process's search index build",
      };
    return degraded(
      this.startupSettled
        ? 'the search index is being rebuilt'
        : `the search index is still building after ${SEARCH_INDEX_READY_WAIT_MS / 1000} s`,
    );
  }

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
    if (this.state === 'off' || this.state === 'fallback') return;
    this.index?.forgetTypos();
    for (const id of ids) this.pending.add(id);
    this.schedule();
  }

  /** The feed broke: notifications may be lost, so searches go to PostgreSQL until a rebuild. */
  suspend(): void {
    this.generation++;
    this.state = 'off';
    this.fallbackReason = null;
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

  /** Resolves when the shared snapshot this holder is writing (if any) is written or given up. */
  snapshotWritten(): Promise<void> {
    return this.options.shared?.written() ?? Promise.resolve();
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
        this.options.onError(error);
        if (generation !== this.generation) return;
        this.suspend();
        this.fallbackReason = 'the search index could not be built: see the log';
        this.startupSettled = true;
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
      this.categories = new CategoryList(categories);
      if (this.index) this.index.categories = this.categories;
    }
    if (this.rebuildWanted) {
      this.rebuildWanted = false;
      await this.build();
    }
    if (this.pending.size && this.index) {
      const ids = [...this.pending];
      this.pending.clear();
      const generation = this.generation;
      this.applying = ids.length;
      const rows = await selectSearchRows(this.db, ids).finally(() => (this.applying = 0));
      if (generation !== this.generation || !this.index) return;
      for (const id of ids) this.index.remove(id);
      this.index.put(rows);
      if (this.overBudget(this.index, this.index.unfrozen)) return;
      if (this.index.unfrozen) this.index.freeze();
      // Compaction only: the index stays right meanwhile, so it is not marked stale.
      if (this.index.worn) this.requestBuild();
    }
  }

  /**
   * Makes the index: loaded from the shared snapshot and caught up when it is current (decision
   * 042), else read from the tables (`read`). Searches go to PostgreSQL meanwhile; a superseded or
   * over-budget one is let go.
   */
  private async build(): Promise<void> {
    const generation = this.generation;
    const marks = this.staleMarks;
    const started = performance.now();
    this.index = null;
    this.state = 'building';
    this.fallbackReason = null;
    this.buildProgress = 0;
    const read = () => {
      this.buildPhase = 'reading';
      return this.read(generation);
    };
    const { index, source }: ObtainedIndex = this.options.shared
      ? await this.options.shared.obtain(
          read,
          (bytes) => bytes <= this.options.budgetBytes,
          (phase) => (this.buildPhase = phase),
        )
      : { index: await read(), source: 'built' };
    if (!index || generation !== this.generation) return;
    // A snapshot's catch-up adds postings like a refresh does.
    if (this.overBudget(index, index.unfrozen)) return;
    if (index.unfrozen) index.freeze();
    index.orderCodes();
    this.index = index;
    this.state = 'ready';
    this.startupSettled = true;
    // A '*' that came while this build read may not be in it: its own rebuild is on the way.
    this.stale = marks !== this.staleMarks;
    if (source === 'built') this.builds++;
    else this.loads++;
    this.options.onBuilt({
      products: index.live,
      ms: Math.round(performance.now() - started),
      bytes: index.byteSize(),
      source,
    });
  }

  /**
   * Reads the index from the tables, in ranges of ids with several statements in flight while the
   * last answer is indexed (search.index-source.ts: PostgreSQL reads while this process parses).
   * Stops, lets the partial index go and leaves searches to PostgreSQL as soon as the index would
   * hold more than its budget, counting what the final freeze adds (null then, or when superseded).
   * The index being replaced (a compaction) was let go first: two at once could hold twice the
   * budget.
   */
  private async read(generation: number): Promise<SearchIndex | null> {
    const index = new SearchIndex();
    index.categories = this.categories;
    for await (const rows of readSearchRows(this.db)) {
      // Leaving the loop lets the statements sent ahead go (search.index-source.ts).
      if (generation !== this.generation) return null;
      index.put(rows);
      this.buildProgress = index.live;
      if (this.overBudget(index, false)) return null;
    }
    if (generation !== this.generation || this.overBudget(index, true)) return null;
    index.freeze();
    // Ordered now, while the process is not ready yet, rather than by the first search.
    index.orderCodes();
    return index;
  }

  /**
   * Whether `index` holds (or, `freezing`, would hold while it freezes) more than the budget; if so
   * it is let go and searches rank in PostgreSQL until a '*' asks for a new build.
   */
  private overBudget(index: SearchIndex, freezing: boolean): boolean {
    const bytes = index.byteSize() + (freezing ? index.freezeBytes : 0);
    if (bytes <= this.options.budgetBytes) return false;
    const budgetMb = Number((this.options.budgetBytes / 1048576).toFixed(2));
    const reason = `the search index needs more than its ${budgetMb} MB (SEARCH_INDEX_MEMORY_MB) at ${index.live} products`;
    this.index = null;
    this.state = 'fallback';
    this.fallbackReason = reason;
    this.startupSettled = true;
    this.pending.clear();
    this.options.onFallback({ reason, products: index.live, bytes });
    return true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's in-process search index (searchIndexPlugin); searches use it when it is ready. */
    searchIndex: SearchIndexHolder;
  }
}

/**
 * Decorates the app with `searchIndex`, created with the app and stopped when it closes: built when
 * the change feed becomes live (again), products read again on 'f:' notifications, rebuilt on '*',
 * dropped (searches go to PostgreSQL) while the feed is down. SEARCH_INDEX=off never starts it, so
 * searches stay in PostgreSQL.
 * NOTE: one per app, not per database handle: two apps on one database (tests) each follow their own.
 */
export const searchIndexPlugin = fp(
  async (app: FastifyInstance) => {
    const onError = (error: unknown) =>
      app.log.warn(
        { err: error },
        'search index: build or refresh failed; searching in PostgreSQL',
      );
    const shared = app.config.searchIndexShared
      ? new SharedIndexBuilds({
          db: app.db,
          locks: app.dbHandle.kind === 'postgres',
          report: (facts) => app.log.info(facts, `search index snapshot ${facts.event}`),
          onError: (error) => app.log.warn({ err: error }, 'search index snapshot not written'),
        })
      : undefined;
    const holder = new SearchIndexHolder(app.db, {
      enabled: app.config.searchIndexEnabled,
      budgetBytes: app.config.searchIndexMemoryMb * 1048576,
      shared,
      onError,
      onBuilt: (facts) =>
        app.log.info(
          facts,
          facts.source === 'built' ? 'search index built' : 'search index loaded',
        ),
      onFallback: (facts) =>
        app.log.warn(facts, 'search index over its memory budget; searching in PostgreSQL'),
    });
    app.decorate('searchIndex', holder);
    app.addHook('onClose', async () => {
      holder.suspend();
      // Its transaction runs on the app's pool, which closes after this.
      await holder.snapshotWritten();
    });
    if (!app.config.searchIndexEnabled) return;
    app.changeFeed.onLiveChange((live) => (live ? holder.start() : holder.suspend()));
    app.changeFeed.subscribe(CATEGORIES_CHANNEL, () => holder.refreshCategories());
    app.changeFeed.subscribe(CATALOGUE_CHANNEL, (payload) => {
      const [kind, list = '*'] = payload.split(':', 2);
      // Prices and stock ('p:') are not in the index; the sold flags they set come as 'f:'.
      if (kind === 'p') return;
      if (list === '*') holder.rebuild();
      else if (kind === 'f') holder.refresh(list.split(',').map(Number));
    });
  },
  { name: 'search-index', dependencies: ['change-feed'] },
);

/**
 * The index searches may use now (after the notifications received so far are applied), or null:
 * none (SEARCH_INDEX=off), still building, or the feed is down.
 */
export async function readySearchIndex(holder: SearchIndexHolder): Promise<SearchIndex | null> {
  if (!holder.index || holder.state !== 'ready' || holder.stale) return null;
  if (holder.refreshing) await holder.settled();
  return holder.state === 'ready' && !holder.stale ? holder.index : null;
}

/** Products in the app's index, 0 while none is built (a gauge on /metrics; the bench waits for it). */
export function searchIndexProducts(app: FastifyInstance): number {
  if (!app.hasDecorator('searchIndex')) return 0;
  const holder = app.searchIndex;
  return holder.state === 'ready' && holder.index ? holder.index.live : 0;
}

/** Bytes the app's index holds (a gauge on /metrics, beside its budget SEARCH_INDEX_MEMORY_MB). */
export function searchIndexBytes(app: FastifyInstance): number {
  return app.hasDecorator('searchIndex') ? (app.searchIndex.index?.byteSize() ?? 0) : 0;
}

/** The index's part of the app's readiness (/api/health/ready): see SearchIndexHolder.readiness. */
export function searchIndexReadiness(app: FastifyInstance): SearchIndexReadiness {
  return app.hasDecorator('searchIndex')
    ? app.searchIndex.readiness()
    : { ok: true, detail: 'off: searches rank in PostgreSQL' };
}

/** Resolves when the app's index is built (tests: compare both engines on one database). */
export async function searchIndexBuilt(app: FastifyInstance): Promise<SearchIndex | null> {
  const holder = app.searchIndex;
  while (holder.state === 'building') await holder.settled();
  return holder.index;
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
