import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Category, FilterOptions, ProductDetail } from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import type { TtlCache } from '../../lib/ttl-cache';
import type { CategoryList } from './catalogue.category-list';
import type { PriceRow, ProductFacts } from './catalogue.pricing';
import type {
  CardRow,
  ClassCodeRow,
  selectProductDetail,
  selectSpecialClassCounts,
} from './catalogue.queries';
import { CATALOGUE_CHANNEL, parseChange, priceKey } from './catalogue.snapshot';

/*
 * Every cache of the catalogue's and the search's read paths, built here and nowhere else
 * (docs/conventions.md #12): each is the app's (two apps in one process share none), registered
 * with the change feed channel that drops it, off with CACHES=off, and counted on /metrics under its
 * name (the bench sums the `catalogue.*` ones). One cache per read path, plus the memos that live on
 * its entries:
 *
 * - listing:  `listing-index` (a scope's product ids, in display order: a page is a slice of it, so
 *             neither a count nor an OFFSET scan is run again) and `cards` (the page's card rows by
 *             product, shared by every scope, page size and filter that shows them). A page no one
 *             asked for yet then usually costs no statement at all; without the cards every page
 *             sends one (the realistic listing runs hit the listing caches 60-75 % of the time).
 * - detail:   `details` (the product, its category and related cards: a five-join statement),
 *             each entry with its answers per kind of viewer, mapped and written once (DetailEntry,
 *             no longer a WeakMap and a writtenOnce beside it): a hit then costs no mapping and no
 *             serializing of a product and its ten related cards. Paired runs on the shared machine
 *             could not separate it from mapping per request (noise above the difference), so the
 *             behaviour of decision 013 is kept.
 * - listing cards are mapped per request: the memo of mapped cards (a WeakMap per row) did not pay
 *             measurably (a page maps 25-100 small objects; its time is its card misses).
 * - search:   `search` (a text's ranked hit list; a page reads only its cards). The ranking itself
 *             is the in-process index's (modules/search, an app decoration, not a cache).
 * - shared:   the category list (with its lookups, CategoryList), class codes and per-country
 *             class counts, read by every listing, detail, search and the tree.
 * - cart:     the product window (facts, prices, codes by product; catalogue.snapshot.ts).
 * - sitemaps: the written files.
 */

/**
 * Backstop only: while the change feed is live a card is dropped at the commit of any write to its
 * product, prices, stock or names ('p:' and 'f:' notifications name the product), so it is never
 * older than the write; while the feed is not live cards are not kept at all (`followed`).
 */
const CARD_MS = 10 * 60_000;
/** About 40 MB at most: a card row is a few hundred bytes. */
const CARDS_MAX = 100_000;
const CARD_KEYS_PER_PRODUCT = 6;
const LANG_INDEX: Record<string, number> = { en: 0, fr: 1, es: 2 };

/** A card's key: one per product, country and language. */
export function cardKey(id: number, country: string, lang: string): number {
  return id * CARD_KEYS_PER_PRODUCT + (country === 'us' ? 3 : 0) + (LANG_INDEX[lang] ?? 0);
}

/** The product id of a card key. */
export function cardProduct(key: number): number {
  return Math.floor(key / CARD_KEYS_PER_PRODUCT);
}

/** The card keys a catalogue notification drops: every country and language of the products it names. */
export function cardKeysFromPayload(payload: string): number[] | 'all' {
  const [, list] = payload.split(':', 2);
  if (!list || list === '*') return 'all';
  return list.split(',').flatMap((id) => {
    const base = Number(id) * CARD_KEYS_PER_PRODUCT;
    return Array.from({ length: CARD_KEYS_PER_PRODUCT }, (_, i) => base + i);
  });
}

/**
 * Product details are kept while the change feed is live: every write to a product, its prices,
 * stock, names or pictures, from any process, drops them at its commit (within
 * LISTING_DROP_WINDOW_MS during a burst, as listings), so a buyer sees what the tables hold. This
 * lifetime bounds what no notification announces: which products a group holds (only the seed
 * writes groups). While the feed is not live they are read every time (decision 013 addendum).
 */
const DETAIL_MS = 30_000;
/** A detail with its related cards and its written JSON is ~15 kB: ~45 MB at most. */
const DETAILS_MAX = 3000;

/**
 * What a change of prices or stock alone ('p:' notifications) can make wrong. NOT the listing
 * index: which products a listing holds depends on columns of products only (its sold flags are
 * written there by the triggers of migration 0006, which notify 'f:'), so an order's stock change
 * leaves every listing's ids in place; its cards are dropped by product (catalogue.cards).
 */
const PRICE_DEPENDENT: ReadonlySet<string> = new Set([
  'details',
  'search',
  'filters',
  'class-counts',
  'counts',
]);

/**
 * During a burst of catalogue writes the listing caches are dropped at most once per this window
 * (the first write of a burst at once): an import's batches would otherwise empty them several
 * times a second and leave the storefront computing every page afresh while it runs. Within the
 * few seconds decision 013 allows a listing to be late.
 */
export const LISTING_DROP_WINDOW_MS = 1_000;

/** Backstops only for the cart's window: entries are dropped on notification long before these expire. */
const FACTS_MS = 10 * 60_000;
const PRICES_MS = 10 * 60_000;

type App = Pick<FastifyInstance, 'caches' | 'changeFeed'>;

/**
 * Marks a cache as trusted only while the change feed is live (and caches are on): `followed`
 * (the cards' and the cart's rule, decision 014).
 */
function followed<C extends object>(app: App, cache: C) {
  const marked = Object.assign(cache, { followed: false });
  if (app.caches.enabled) app.changeFeed.onLiveChange((isLive) => (marked.followed = isLive));
  return marked;
}

/** A product detail as its statement reads it: the product (null when not sold) and related cards. */
export type DetailFound = Awaited<ReturnType<typeof selectProductDetail>>;

/**
 * A kept detail: the statement's answer, and the answers made of it per kind of viewer (mapped,
 * and written as the route sends them), for the category list and class codes they were made with
 * (both reloaded on their own lifetimes). They live exactly as long as the entry; never changed
 * after they are made, as every request of the entry shares them.
 */
export type DetailEntry = {
  found: DetailFound;
  answers?: {
    categories: CategoryList;
    classes: ClassCodeRow[];
    byViewer: Map<string, { dto: ProductDetail; json?: Buffer }>;
  };
};

/**
 * The listing, detail and search caches of one app: any catalogue write, from this process or
 * another (import, product editor, ERP feed, a direct SQL change), drops them at commit (within
 * LISTING_DROP_WINDOW_MS during a burst); a change of prices or stock drops only those that show
 * prices or stock.
 */
function createListingCaches(app: App) {
  const cache = <V>(name: string, ttlMs: number, maxEntries = 5000) =>
    app.caches.ttl<V>(
      `catalogue.${name}`,
      { ttlMs, maxEntries },
      {
        channel: CATALOGUE_CHANNEL,
        keysFromPayload: (payload) =>
          payload.startsWith('p:') && !PRICE_DEPENDENT.has(name) ? [] : 'all',
        coalesceMs: LISTING_DROP_WINDOW_MS,
      },
    );
  return {
    categories: cache<CategoryList>('categories', 30_000),
    classCounts: cache<Awaited<ReturnType<typeof selectSpecialClassCounts>>>(
      'class-counts',
      30_000,
    ),
    counts: cache<number>('counts', 30_000),
    /** Every product id of a listing scope, in display order (a page is a slice of it). */
    listingIndex: cache<Int32Array>('listing-index', 30_000),
    /**
     * The ids of one category of a scope (categoryIndexKey), of which a listing index of a category
     * and its descendants is put together: shared by every level of the tree that shows them.
     */
    categoryIndex: app.caches.batch<string, Int32Array>(
      'catalogue.category-index',
      { ttlMs: 30_000, maxEntries: 20_000 },
      {
        channel: CATALOGUE_CHANNEL,
        keysFromPayload: (payload) => (payload.startsWith('p:') ? [] : 'all'),
        coalesceMs: LISTING_DROP_WINDOW_MS,
      },
    ),
    filters: cache<FilterOptions>('filters', 60_000),
    bestSellers: cache<number[]>('best-sellers', 5 * 60_000),
    classCodes: cache<ClassCodeRow[]>('class-codes', 60_000),
    /** A search's ranked hits, in display order (modules/search). */
    search: cache<Array<{ id: number; score: number }>>('search', 60_000, 2000),
    /** Card rows by cardKey, kept only while the feed is live (a write names their product). */
    cards: followed(
      app,
      app.caches.batch<number, CardRow>(
        'catalogue.cards',
        { ttlMs: CARD_MS, maxEntries: CARDS_MAX },
        { channel: CATALOGUE_CHANNEL, keysFromPayload: cardKeysFromPayload },
      ),
    ),
    details: followed(app, cache<DetailEntry>('details', DETAIL_MS, DETAILS_MAX)),
    tree: cache<Category[]>('tree', 30_000, 50),
  };
}

export type ListingCaches = ReturnType<typeof createListingCaches>;

/** What catalogue reads need: the app's database and its listing caches. */
export type CatalogueContext = { db: Tx; caches: ListingCaches };

/** Channel of the category tree's change feed (migration 0026). */
const CATEGORIES_CHANNEL = 'ws_categories';

/**
 * The cart's product caches of one app (catalogue.snapshot.ts), registered with its change feed:
 * each notification drops exactly the entries it names (a product's SKU code may change with its
 * facts, so the code index is rebuilt as it is read), and from the moment the feed is live the cart
 * reads its products from them (unless CACHES=off).
 */
function createProductWindow(app: App) {
  const channel = CATALOGUE_CHANNEL;
  const cache = <K extends string | number, V>(
    name: string,
    ttlMs: number,
    maxEntries: number,
    keysFromPayload: (payload: string) => K[] | 'all',
  ) =>
    app.caches.batch<K, V>(
      `catalogue.product-${name}`,
      { ttlMs, maxEntries },
      { channel, keysFromPayload },
    );
  const facts = cache<number, ProductFacts>('facts', FACTS_MS, 250_000, (payload) => {
    const { kind, ids } = parseChange(payload);
    if (kind === 'p') return [];
    return kind === 'f' && ids ? ids : 'all';
  });
  const prices = cache<number, PriceRow>('prices', PRICES_MS, 500_000, (payload) => {
    const { kind, ids } = parseChange(payload);
    if (kind === 'p')
      return ids ? ids.flatMap((id) => [priceKey(id, 'ca'), priceKey(id, 'us')]) : 'all';
    return kind === 'f' && ids ? [] : 'all';
  });
  const codes = cache<string, number>('codes', FACTS_MS, 250_000, (payload) =>
    parseChange(payload).kind === 'p' ? [] : 'all',
  );
  // A product's facts hold its category's parents (which price lists target): a change to the
  // category tree, announced on its own channel (migration 0026), drops them all.
  app.changeFeed.subscribe(CATEGORIES_CHANNEL, () => facts.clear());
  // Placed orders write stock announced after their commit (announceStockChange): a process that
  // crashed in between left others with stale levels, so a starting one drops them everywhere.
  app.changeFeed.announcesAfterCommit(channel, 'p:*');
  // `live`: the cart reads through the caches only while notifications flow (and caches are on).
  const window = { facts, prices, codes, live: false };
  if (app.caches.enabled) app.changeFeed.onLiveChange((isLive) => (window.live = isLive));
  return window;
}

/** The cart's product caches of one app (see createProductWindow). */
export type ProductWindow = ReturnType<typeof createProductWindow>;

/**
 * The app's built sitemap files, kept 10 minutes and dropped by any catalogue change (the change
 * feed); prices and stock alone do not matter.
 */
function createSitemapCache(app: App): TtlCache<string> {
  return app.caches.ttl<string>(
    'catalogue.sitemap',
    { ttlMs: 10 * 60_000, maxEntries: 50 },
    {
      channel: CATALOGUE_CHANNEL,
      keysFromPayload: (payload) => (payload.startsWith('p:') ? [] : 'all'),
    },
  );
}

/**
 * The catalogue of one app: its database and the caches its reads keep (docs/conventions.md #12).
 * Services take it (or the part they use) instead of a bare database, so two apps in one process
 * share no cache, and CACHES=off and the stats are the app's.
 */
export type Catalogue = {
  db: Database;
  /** Listings, details, searches, counts and the category tree. */
  caches: ListingCaches;
  /** The cart's product facts, prices and codes (catalogue.snapshot.ts). */
  products: ProductWindow;
  sitemap: TtlCache<string>;
};

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: Catalogue;
  }
}

/**
 * Decorates the app with `catalogue`: its caches are created here, each registered with the change
 * feed channel that drops it (plugins/change-feed.ts), before any module that reads them.
 */
export const cataloguePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('catalogue', {
      db: app.db,
      caches: createListingCaches(app),
      products: createProductWindow(app),
      sitemap: createSitemapCache(app),
    } satisfies Catalogue);
  },
  { name: 'catalogue', dependencies: ['change-feed'] },
);

/** Forgets cached listings, counts and trees after a catalogue write made by this process (at once). */
export function invalidateCatalogueCaches(caches: ListingCaches): void {
  for (const cache of Object.values(caches)) cache.clear();
}
