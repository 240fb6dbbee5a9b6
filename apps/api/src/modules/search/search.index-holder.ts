import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/client';
import { CATALOGUE_CHANNEL, selectAllCategories, type CategoryRow } from '../catalogue';
import { SearchIndex } from './search.index';
import { selectSearchRows, selectTokenQueries } from './search.queries';
import type { QueryNode } from './search.tsquery';

/** A visible category and its names in en/fr/es, folded (accents and case). */
export type FoldedCategory = { row: CategoryRow; names: string[] };

/** Notified by every statement that changes categories (migration 0026). */
const CATEGORIES_CHANNEL = 'ws_categories';

/** Products read per statement while building (keeps the build's memory small). */
const BUILD_BATCH = 5000;

/** What a database's index is doing; searches use it only when 'ready'. */
type State = 'off' | 'building' | 'ready';

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
    const holder = new SearchIndexHolder(
      app.db,
      (error) =>
        app.log.warn(
          { err: error },
          'search index: build or refresh failed; searching in PostgreSQL',
        ),
      (facts) => app.log.info(facts, 'search index built'),
    );
    app.decorate('searchIndex', holder);
    app.addHook('onClose', async () => holder.suspend());
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
