import sanitizeHtml from 'sanitize-html';
import {
  classBadgePath,
  fromCents,
  toCents,
  productGalleryPath,
  productImagePath,
  SEARCH_MAX_LENGTH,
  stripHtml,
  toPage,
  type Category,
  type ClassCodeEntry,
  type Country,
  type DisplayCategory,
  type FilterOptions,
  type Lang,
  type ListingFilters,
  type Paginated,
  type ProductCard,
  type ProductCategoryRef,
  type ProductDetail,
  type SearchCategory,
  type SearchSuggestion,
  type SubCategory,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { FastifyInstance } from 'fastify';
import { CATALOGUE_CHANNEL } from './catalogue.snapshot';
import { readySearchIndex, searchQueryOf } from './catalogue.search-index';
import {
  countGroup,
  insertDevProduct,
  searchProducts,
  selectAllCategories,
  selectCardsByIds,
  selectClassCodes,
  selectFilterOptions,
  selectGroup,
  selectGroupPage,
  selectListingIds,
  selectNewestIdsOfClass,
  selectProductDetail,
  selectSpecialClassCounts,
  type CardRow,
  type CategoryRow,
  type ListingScope,
  type SearchInput,
  type SearchHit,
} from './catalogue.queries';

/** Who is looking: prices and stock are only for signed-in callers (docs/product/catalogue.md). */
export type Viewer = { country: Country; priced: boolean };

// ---------------------------------------------------------------------------------------------
// Names: limited HTML, sanitised on write (docs/product/catalogue.md "name rendered as HTML").

/** The only markup a product name may carry. No attributes, so no event handlers or URLs. */
const NAME_ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'br', 'sup', 'sub', 'small', 'span'];

/**
 * Sanitises a product name to the allow-list above; everything else is removed (script and style
 * contents included). Call it wherever a name is written (seed, imports, admin edits).
 */
export function sanitizeProductName(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: NAME_ALLOWED_TAGS,
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  })
    .replace(/\s+/g, ' ')
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Rows → DTO, in one place: the only function that decides whether price fields exist.

/** Maps a card row to the docs/product/catalogue.md product list item; price and stock fields only when `viewer.priced`. */
export function toCard(
  row: CardRow,
  viewer: Viewer,
  options: { plainName?: boolean } = {},
): ProductCard {
  const productId = row.product_id.trim();
  const name = row.name ?? productId;
  const card: ProductCard = {
    id: Number(row.id),
    product_id: productId,
    name: options.plainName ? stripHtml(name) : name,
    country: viewer.country,
    class: row.class_code.trim(),
    ship_pac: Number(row.ship_pack) > 0 ? Number(row.ship_pack) : 1,
    types: row.content_types ?? '',
    image: productImagePath(productId),
    brand: row.brand,
    color: row.colour,
    type: row.type,
    size: row.size,
  };
  if (!viewer.priced) return card;
  // Set on the card itself (no copy): a page maps up to 100 rows per request.
  card.available = Number(row.available);
  card.retail_price = fromCents(Number(row.retail_price_cents));
  card.selling_price = fromCents(Number(row.selling_price_cents));
  card.selling_price_2 =
    row.selling_price_2_cents === null ? null : fromCents(Number(row.selling_price_2_cents));
  return card;
}

/**
 * The cards of a list of rows, mapped once per list and kind of viewer. A cached page (or a cached
 * detail's related products) is one array until it is dropped, and each request of it used to map
 * every row again; the cards are never changed after mapping, so requests may share them.
 * NOTE: keyed by the rows array itself, so the cards live exactly as long as the cached rows do
 * (rows read fresh, with CACHES=off, are mapped for their one request).
 */
const cardsByRows = new WeakMap<readonly CardRow[], Map<string, ProductCard[]>>();

function cardsOf(rows: readonly CardRow[], viewer: Viewer): ProductCard[] {
  let byViewer = cardsByRows.get(rows);
  if (!byViewer) {
    byViewer = new Map();
    cardsByRows.set(rows, byViewer);
  }
  const key = `${viewer.country}:${viewer.priced}`;
  let cards = byViewer.get(key);
  if (!cards) {
    cards = rows.map((row) => toCard(row, viewer));
    byViewer.set(key, cards);
  }
  return cards;
}

// ---------------------------------------------------------------------------------------------
// Categories

export function categoryName(
  row: Pick<CategoryRow, 'nameEn' | 'nameFr' | 'nameEs'>,
  lang: Lang,
): string {
  return lang === 'fr' ? row.nameFr : lang === 'es' ? row.nameEs : row.nameEn;
}

// ---------------------------------------------------------------------------------------------
// Cards: one per product, country and language, shared by every listing page that shows it

/**
 * Backstop only: while the change feed is live a card is dropped at the commit of any write to its
 * product, prices, stock or names ('p:' and 'f:' notifications name the product), so it is never
 * older than the write; while the feed is not live cards are not kept at all (cardRows).
 */
const CARD_MS = 10 * 60_000;
/** About 40 MB at most: a card row is a few hundred bytes. */
const CARDS_MAX = 100_000;
const LANG_INDEX: Record<Lang, number> = { en: 0, fr: 1, es: 2 };
const CARD_KEYS_PER_PRODUCT = 6;

function cardKey(id: number, country: Country, lang: Lang): number {
  return id * CARD_KEYS_PER_PRODUCT + (country === 'us' ? 3 : 0) + (LANG_INDEX[lang] ?? 0);
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
 * The card cache of one app, dropped by product through its change feed. `followed`: cards are
 * kept only while notifications flow (and caches are on), the cart's rule (decision 014).
 */
function createCardCache(app: Pick<FastifyInstance, 'caches' | 'changeFeed'>) {
  return followed(
    app,
    app.caches.batch<number, CardRow>(
      'catalogue.cards',
      { ttlMs: CARD_MS, maxEntries: CARDS_MAX },
      { channel: CATALOGUE_CHANNEL, keysFromPayload: cardKeysFromPayload },
    ),
  );
}

/**
 * The cards of these products in one country and language, in the order of `ids`; products not
 * (or no longer) active and sold there are left out. Cached per product while the change feed is
 * live: a listing page first seen (another page size, filter, language or category level) is then
 * mostly made of cards already read, and reads only the missing ones, in one statement.
 */
async function cardRows(
  { db: tx, caches }: CatalogueContext,
  ids: number[],
  country: Country,
  lang: Lang,
): Promise<CardRow[]> {
  if (!caches.cards.followed) return selectCardsByIds(tx, ids, country, lang);
  const keys = ids.map((id) => cardKey(id, country, lang));
  const found = await caches.cards.getMany(keys, async (missing) => {
    const rows = await selectCardsByIds(
      tx,
      missing.map((key) => Math.floor(key / CARD_KEYS_PER_PRODUCT)),
      country,
      lang,
    );
    return new Map(rows.map((row) => [cardKey(Number(row.id), country, lang), row]));
  });
  return keys.flatMap((key) => found.get(key) ?? []);
}

/**
 * A cached card row's DTO for priced and for guest viewers, mapped once: the row is one object
 * until the change feed drops it, and every page showing it would map it again.
 */
const dtoByRow = {
  priced: new WeakMap<CardRow, ProductCard>(),
  guest: new WeakMap<CardRow, ProductCard>(),
};

function cardOf(row: CardRow, viewer: Viewer): ProductCard {
  const byRow = viewer.priced ? dtoByRow.priced : dtoByRow.guest;
  let card = byRow.get(row);
  // NOTE: a row holds one country's prices and its card names the viewer's country: a row is only
  // ever read for the viewer's country, but a card of another country is never handed out.
  if (!card || card.country !== viewer.country) {
    card = toCard(row, viewer);
    byRow.set(row, card);
  }
  return card;
}

const COUNT_KEYS = { F: 'New', R: 'Clear', Y: 'Sale', N: 'Soon' } as const;

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
const PRICE_DEPENDENT = new Set<string>(['details', 'search', 'filters', 'class-counts', 'counts']);

/**
 * During a burst of catalogue writes the listing caches are dropped at most once per this window
 * (the first write of a burst at once): an import's batches would otherwise empty them several
 * times a second and leave the storefront computing every page afresh while it runs. Within the
 * few seconds decision 013 allows a listing to be late.
 */
export const LISTING_DROP_WINDOW_MS = 1_000;

/**
 * The listing caches of one app, registered with its change feed: any catalogue write, from this
 * process or another (import, product editor, ERP feed, a direct SQL change), drops them at commit
 * (within LISTING_DROP_WINDOW_MS during a burst); a change of prices or stock drops only those that
 * show prices or stock. CACHES=off turns them off.
 */
export function createListingCaches(app: Pick<FastifyInstance, 'caches' | 'changeFeed'>) {
  const registry = app.caches;
  const cache = <V>(name: string, ttlMs: number, maxEntries = 5000) =>
    registry.ttl<V>(
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
    categories: cache<CategoryRow[]>('categories', 30_000),
    classCounts: cache<Awaited<ReturnType<typeof selectSpecialClassCounts>>>(
      'class-counts',
      30_000,
    ),
    counts: cache<number>('counts', 30_000),
    /** Every product id of a listing scope, in display order (a page is a slice of it). */
    listingIndex: cache<Int32Array>('listing-index', 30_000),
    filters: cache<FilterOptions>('filters', 60_000),
    bestSellers: cache<number[]>('best-sellers', 5 * 60_000),
    classCodes: cache<Awaited<ReturnType<typeof selectClassCodes>>>('class-codes', 60_000),
    search: cache<SearchHit[]>('search', 60_000, 2000),
    cards: createCardCache(app),
    details: followed(app, cache<DetailFound>('details', DETAIL_MS, DETAILS_MAX)),
    tree: cache<Category[]>('tree', 30_000, 50),
  };
}

/**
 * Marks a cache as trusted only while the change feed is live (and caches are on): `followed`
 * (the cards' and the cart's rule, decision 014).
 */
function followed<C extends object>(app: Pick<FastifyInstance, 'caches' | 'changeFeed'>, cache: C) {
  const marked = Object.assign(cache, { followed: false });
  if (app.caches.enabled) app.changeFeed.onLiveChange((isLive) => (marked.followed = isLive));
  return marked;
}

export type ListingCaches = ReturnType<typeof createListingCaches>;

/** What catalogue reads need: the app's database and its listing caches. */
export type CatalogueContext = { db: Tx; caches: ListingCaches };

/** Class codes change almost never (cached 60 s). */
function allClassCodes({ db: tx, caches }: CatalogueContext) {
  return caches.classCodes.get('all', () => selectClassCodes(tx));
}

/** Every category (cached 30 s: the tree changes rarely and is read by every listing). */
function allCategories({ db: tx, caches }: CatalogueContext): Promise<CategoryRow[]> {
  return caches.categories.get('all', () => selectAllCategories(tx));
}

/** Forgets cached counts and trees after a catalogue write made by this process (at once). */
export function invalidateCatalogueCaches(caches: ListingCaches): void {
  for (const cache of Object.values(caches)) cache.clear();
}

/**
 * docs/product/catalogue.md category tree in one language, with the New/Clear/Sale/Soon counts of each top-level
 * category for the given country. Hidden categories (e.g. Zippers) are included with `hidden: true`
 * left to the menu, which hides them (docs/product/catalogue.md); `name` is the English URL key, `category` the label.
 */
export function getCategoryTree(
  ctx: CatalogueContext,
  lang: Lang,
  country: Country,
): Promise<Category[]> {
  return ctx.caches.tree.get(`${lang}:${country}`, () => buildCategoryTree(ctx, lang, country));
}

/** `hidden: true` on a category staff hid (the menu leaves it out); nothing on the others. */
const hiddenFlag = (row: CategoryRow) => (row.hidden ? { hidden: true as const } : {});

async function buildCategoryTree(
  ctx: CatalogueContext,
  lang: Lang,
  country: Country,
): Promise<Category[]> {
  const [rows, counts] = await Promise.all([
    allCategories(ctx),
    ctx.caches.classCounts.get(country, () => selectSpecialClassCounts(ctx.db, country)),
  ]);
  const children = childrenOf(rows);
  return rows
    .filter((row) => row.parentId === null)
    .map((root): Category => {
      const tally = { New: 0, Clear: 0, Sale: 0, Soon: 0 };
      for (const c of counts)
        if (c.rootId === root.id)
          tally[COUNT_KEYS[c.classCode as keyof typeof COUNT_KEYS]] += c.count;
      return {
        name: root.nameEn,
        category: categoryName(root, lang),
        cat_code: root.catCode,
        ...tally,
        sub_cate: (children.get(root.id) ?? []).map((sub): SubCategory => {
          const grand = children.get(sub.id) ?? [];
          return {
            sub_cate: categoryName(sub, lang),
            category: categoryName(root, lang),
            cat_code: sub.catCode,
            ...(grand.length
              ? {
                  sub_subCat: grand.map((g) => ({
                    sub_subCat: categoryName(g, lang),
                    category: categoryName(sub, lang),
                    cat_code: g.catCode,
                    ...hiddenFlag(g),
                  })),
                }
              : {}),
            ...hiddenFlag(sub),
          };
        }),
        ...hiddenFlag(root),
      };
    });
}

/**
 * What listings, details and searches look up in the category list, worked out once per list: the
 * cached list is one array until it is reloaded, so these live exactly as long as it does.
 * NOTE: rebuilt on every request they were a good share of a cached answer's CPU (a map of every
 * category per product detail, every name folded per search, collation compares per listing).
 */
type CategoryLookups = {
  byId?: Map<number, CategoryRow>;
  children?: Map<number, CategoryRow[]>;
  /** Each visible category's names in en/fr/es, folded (see `fold`); hidden ones are left out. */
  foldedNames?: Array<{ row: CategoryRow; names: string[] }>;
  /** `findCategory` answers by its arguments (a bounded number of them). */
  found: Map<string, CategoryRow | null>;
};
const categoryLookups = new WeakMap<CategoryRow[], CategoryLookups>();
/** Distinct `findCategory` arguments remembered per list (they come from request parameters). */
const FOUND_CATEGORIES_MAX = 2000;

function lookupsOf(rows: CategoryRow[]): CategoryLookups {
  let lookups = categoryLookups.get(rows);
  if (!lookups) {
    lookups = { found: new Map() };
    categoryLookups.set(rows, lookups);
  }
  return lookups;
}

function childrenOf(rows: CategoryRow[]): Map<number, CategoryRow[]> {
  const lookups = lookupsOf(rows);
  if (lookups.children) return lookups.children;
  const children = new Map<number, CategoryRow[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  lookups.children = children;
  return children;
}

function sameText(a: string, b: string): boolean {
  return a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;
}

/**
 * Resolves the docs/product/catalogue.md `category` / `name` parameters to a category: `category` is a cat_code or a
 * category name (any language, any level); without it, `name` names a category (the top level first).
 * Returns null when nothing matches.
 */
function findCategory(
  rows: CategoryRow[],
  category: string | undefined,
  name: string | undefined,
): CategoryRow | null {
  const { found } = lookupsOf(rows);
  const key = JSON.stringify([category ?? '', name ?? '']);
  let match = found.get(key);
  if (match === undefined) {
    match = searchCategoryList(rows, category, name);
    if (found.size >= FOUND_CATEGORIES_MAX) found.clear();
    found.set(key, match);
  }
  return match;
}

function searchCategoryList(
  rows: CategoryRow[],
  category: string | undefined,
  name: string | undefined,
): CategoryRow | null {
  for (const key of [category, name]) {
    const wanted = (key ?? '').trim();
    if (!wanted) continue;
    const byCode =
      rows.find((r) => r.catCode === wanted) ?? rows.find((r) => sameText(r.catCode, wanted));
    if (byCode) return byCode;
    const byName = rows.find((r) =>
      [r.nameEn, r.nameFr, r.nameEs].some((n) => sameText(n, wanted)),
    );
    if (byName) return byName;
  }
  return null;
}

/** A category and all its descendants, sorted (the listing index is scanned in this order). */
function descendantIds(rows: CategoryRow[], root: CategoryRow): number[] {
  const children = childrenOf(rows);
  const ids: number[] = [];
  const stack = [root];
  while (stack.length) {
    const row = stack.pop()!;
    ids.push(row.id);
    for (const child of children.get(row.id) ?? []) stack.push(child);
  }
  return ids.sort((a, b) => a - b);
}

/** Ancestors of a category from the top level down, as references. */
function categoryPath(rows: CategoryRow[], categoryId: number, lang: Lang): ProductCategoryRef[] {
  const lookups = lookupsOf(rows);
  const byId = (lookups.byId ??= new Map(rows.map((r) => [r.id, r])));
  const path: ProductCategoryRef[] = [];
  let current = byId.get(categoryId);
  while (current) {
    path.unshift({
      name: current.nameEn,
      category: categoryName(current, lang),
      cat_code: current.catCode,
    });
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return path;
}

/** GET displayCategories: visible top-level categories as tiles. */
export async function getDisplayCategories(
  ctx: CatalogueContext,
  lang: Lang,
): Promise<DisplayCategory[]> {
  const rows = await allCategories(ctx);
  return rows
    .filter((r) => r.parentId === null && !r.hidden)
    .map((r) => ({
      name: r.nameEn,
      category: categoryName(r, lang),
      cat_code: r.catCode,
      image: `/images/categories/${encodeURIComponent(r.catCode)}.jpg`,
    }));
}

// ---------------------------------------------------------------------------------------------
// Listings

export type ListingParams = {
  lang: Lang;
  name?: string;
  category?: string;
  page: number;
  perPage: number;
  classCodes?: string[];
  filters: ListingFilters;
};

async function scopeFor(
  ctx: CatalogueContext,
  params: Pick<ListingParams, 'name' | 'category' | 'classCodes' | 'filters'>,
  country: Country,
): Promise<ListingScope | null> {
  let categoryIds: number[] | null = null;
  if ((params.category ?? '').trim() || (params.name ?? '').trim()) {
    const rows = await allCategories(ctx);
    const found = findCategory(rows, params.category, params.name);
    if (!found) return null;
    categoryIds = descendantIds(rows, found);
  }
  return {
    country,
    categoryIds,
    classCodes: (params.classCodes ?? []).map((c) => c.trim().toUpperCase()).filter(Boolean),
    brand: params.filters.brand,
    colour: params.filters.color,
    type: params.filters.type,
    size: params.filters.size,
  };
}

function scopeKey(scope: ListingScope): string {
  return JSON.stringify(scope);
}

/**
 * Whether a listing's `category` / `name` parameters name a category (no parameter: the whole
 * catalogue does). The listing of one that does not is empty; the page server answers its address
 * with 404 (plugins/page-exists.ts).
 */
export async function listingCategoryExists(
  ctx: CatalogueContext,
  params: { category?: string; name?: string },
): Promise<boolean> {
  if (!(params.category ?? '').trim() && !(params.name ?? '').trim()) return true;
  return findCategory(await allCategories(ctx), params.category, params.name) !== null;
}

/**
 * GET cadProducts / usProducts / classCode / displayProducts: one page of a category listing in the
 * viewer's country, filtered, ordered by category then SKU. A page past the end is an empty page.
 * Products are unique by product_id (docs/product/catalogue.md dedup: one row per SKU by construction).
 * The scope's ids are cached (30 s, dropped by the change feed) and the page's cards come from the
 * card cache, so a page no one asked for yet usually costs no statement at all.
 */
export async function listProducts(
  ctx: CatalogueContext,
  params: ListingParams,
  viewer: Viewer,
): Promise<Paginated<ProductCard>> {
  const scope = await scopeFor(ctx, params, viewer.country);
  if (!scope) return toPage([], 0, params.page, params.perPage);
  const offset = (params.page - 1) * params.perPage;
  const ids = await ctx.caches.listingIndex.get(scopeKey(scope), async () =>
    Int32Array.from(await selectListingIds(ctx.db, scope)),
  );
  if (offset >= ids.length) return toPage([], ids.length, params.page, params.perPage);
  const rows = await cardRows(
    ctx,
    Array.from(ids.subarray(offset, offset + params.perPage)),
    viewer.country,
    params.lang,
  );
  return toPage(
    rows.map((row) => cardOf(row, viewer)),
    ids.length,
    params.page,
    params.perPage,
  );
}

/** GET filter-options-by-category: the brands, colours, types and sizes present, with counts. */
export async function getFilterOptions(
  ctx: CatalogueContext,
  params: { category?: string; name?: string; classCodes?: string[] },
  country: Country,
): Promise<FilterOptions> {
  const none: ListingFilters = { brand: [], color: [], type: [], size: [] };
  const scope = await scopeFor(ctx, { ...params, filters: none }, country);
  if (!scope) return { brands: [], colors: [], types: [], sizes: [] };
  return ctx.caches.filters.get(scopeKey(scope), async () => {
    const rows = await selectFilterOptions(ctx.db, scope);
    const pick = (kind: string) =>
      rows
        .filter((r) => r.kind === kind)
        .map((r) => ({ value: r.value, count: r.count }))
        .sort((a, b) => a.value.localeCompare(b.value, 'en', { numeric: true }));
    return {
      brands: pick('brand'),
      colors: pick('colour'),
      types: pick('type'),
      sizes: pick('size'),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Product detail, class codes, best sellers, groups

const RELATED_LIMIT = 10;

/** GET productDescription: one product with description, category path and related products. */
export async function getProductDetail(
  ctx: CatalogueContext,
  productId: string,
  lang: Lang,
  viewer: Viewer,
): Promise<ProductDetail> {
  const code = productId.trim();
  const { details } = ctx.caches;
  const read = () => selectProductDetail(ctx.db, code, viewer.country, lang, RELATED_LIMIT);
  const [found, rows, classes] = await Promise.all([
    details.followed || !details.enabled
      ? details.get(JSON.stringify([code, viewer.country, lang]), read)
      : read(),
    allCategories(ctx),
    allClassCodes(ctx),
  ]);
  let mapped = detailDtos.get(found);
  if (!mapped || mapped.rows !== rows || mapped.classes !== classes) {
    mapped = { rows, classes, byViewer: new Map() };
    detailDtos.set(found, mapped);
  }
  const key = `${viewer.country}:${viewer.priced}:${lang}`;
  let dto = mapped.byViewer.get(key);
  if (!dto) {
    dto = toDetail(found, rows, classes, lang, viewer);
    mapped.byViewer.set(key, dto);
  }
  return dto;
}

type DetailFound = Awaited<ReturnType<typeof selectProductDetail>>;

/**
 * A cached detail's DTO per kind of viewer, mapped once: the cached entry is one object until it is
 * dropped (and the category and class lists it names are too), and every request of it used to
 * map it again. The DTO is shared, so it is never changed after mapping (its JSON is kept beside it,
 * catalogue.routes.ts). NOTE: keyed by the entry (WeakMap), so it lives exactly as long as it.
 */
const detailDtos = new WeakMap<
  DetailFound,
  {
    rows: CategoryRow[];
    classes: Awaited<ReturnType<typeof selectClassCodes>>;
    byViewer: Map<string, ProductDetail>;
  }
>();

function toDetail(
  { detail: row, related }: DetailFound,
  rows: CategoryRow[],
  classes: Awaited<ReturnType<typeof selectClassCodes>>,
  lang: Lang,
  viewer: Viewer,
): ProductDetail {
  if (!row) throw new AppError('NOT_FOUND', 'This product is not sold in this country');
  const cls = classes.find((c) => c.code === row.class_code.trim());
  return {
    ...toCard(row, viewer),
    description: row.description ?? '',
    barcode: row.barcode,
    class_label: cls
      ? lang === 'fr'
        ? cls.labelFr
        : lang === 'es'
          ? cls.labelEs
          : cls.labelEn
      : row.class_code,
    categories: categoryPath(rows, Number(row.category_id), lang),
    related: cardsOf(related, viewer),
    images: (row.image_ids ?? []).map(productGalleryPath),
  };
}

/** GET class_codes: every class code with its badge image (docs/product/catalogue.md class, image, id). */
export async function getClassCodes(ctx: CatalogueContext, lang: Lang): Promise<ClassCodeEntry[]> {
  const rows = await allClassCodes(ctx);
  return rows.map((r, index) => ({
    id: index + 1,
    class: r.code,
    image: classBadgePath(r.code),
    label: lang === 'fr' ? r.labelFr : lang === 'es' ? r.labelEs : r.labelEn,
  }));
}

export const BEST_SELLER_DAYS = 90;
export const BEST_SELLER_LIMIT = 20;

/** Product ids ordered by quantity in a country since a date, most first (the orders module's). */
export type TopProductIds = (
  tx: Tx,
  country: Viewer['country'],
  since: Date,
  limit: number,
) => Promise<number[]>;

/**
 * GET /best/sellers: the most ordered products of the last 90 days in the country (order lines,
 * read by the orders module, which the route hands in so that catalogue does not depend on orders);
 * topped up with the newest class F (new) products when there are too few.
 */
export async function getBestSellers(
  { db: tx, caches }: CatalogueContext,
  lang: Lang,
  viewer: Viewer,
  topProductIdsByQuantity: TopProductIds,
  now = new Date(),
): Promise<ProductCard[]> {
  const ids = await caches.bestSellers.get(viewer.country, async () => {
    const since = new Date(now.getTime() - BEST_SELLER_DAYS * 24 * 60 * 60 * 1000);
    const top = await topProductIdsByQuantity(tx, viewer.country, since, BEST_SELLER_LIMIT * 2);
    if (top.length >= BEST_SELLER_LIMIT) return top;
    const newest = await selectNewestIdsOfClass(tx, 'F', viewer.country, BEST_SELLER_LIMIT);
    return [...top, ...newest.filter((id) => !top.includes(id))];
  });
  const rows = await selectCardsByIds(tx, ids, viewer.country, lang);
  return rows.slice(0, BEST_SELLER_LIMIT).map((r) => toCard(r, viewer));
}

/** GET /api/product_group/:id — the group's title and one page of its products. */
export async function getProductGroup(
  { db: tx, caches }: CatalogueContext,
  groupId: number,
  lang: Lang,
  page: number,
  perPage: number,
  viewer: Viewer,
): Promise<{ title: string } & Paginated<ProductCard>> {
  const group = await selectGroup(tx, groupId);
  if (!group) throw new AppError('NOT_FOUND', 'This product group does not exist');
  const [total, rows] = await Promise.all([
    caches.counts.get(`group:${groupId}:${viewer.country}`, () =>
      countGroup(tx, groupId, viewer.country),
    ),
    selectGroupPage(tx, groupId, viewer.country, lang, perPage, (page - 1) * perPage),
  ]);
  const title = lang === 'fr' ? group.title_fr : lang === 'es' ? group.title_es : group.title_en;
  return {
    title,
    ...toPage(
      rows.map((r) => toCard(r, viewer)),
      total,
      page,
      perPage,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Search (the search module's routes call these)

/** Words of a search text: letters and digits only (accents kept: unaccent handles them in SQL). */
function searchTokens(text: string): string[] {
  return (text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, 8)
    .map((t) => t.slice(0, 40));
}

/**
 * Builds the safe parts of a search: letter/digit tokens and whether the text may be a SKU or
 * barcode. Whole words by default: suggestions make the last token a prefix (typing in progress),
 * a submitted search does not, since a prefix also matches compounds ("bouton" → "boutons-pression")
 * and ranks them above the word itself; an unfinished word is still found by typo correction.
 */
export function prepareSearch(text: string): {
  raw: string;
  tokens: string;
  prefixLast: boolean;
  codeLike: boolean;
} {
  const raw = stripHtml(text).slice(0, SEARCH_MAX_LENGTH).trim();
  const tokens = searchTokens(raw).map((t) => t.toLowerCase());
  const codeLike = raw.length >= 2 && raw.length <= 40 && !/\s/.test(raw);
  return { raw, tokens: tokens.join(' '), prefixLast: false, codeLike };
}

/**
 * Categories whose name in any language contains the text, accent- and case-insensitively, named in
 * the interface language (a buyer may type "boutons" in the English shop).
 */
async function searchCategories(
  ctx: CatalogueContext,
  text: string,
  lang: Lang,
  limit: number,
): Promise<SearchCategory[]> {
  const wanted = fold(text);
  if (wanted.length < 2) return [];
  return matchCategories(await allCategories(ctx), wanted, lang, limit);
}

function matchCategories(
  rows: CategoryRow[],
  wanted: string,
  lang: Lang,
  limit: number,
): SearchCategory[] {
  const lookups = lookupsOf(rows);
  lookups.foldedNames ??= rows
    .filter((row) => !row.hidden)
    .map((row) => ({ row, names: [row.nameEn, row.nameFr, row.nameEs].map(foldedName) }));
  return lookups.foldedNames
    .filter(({ names }) => names.some((n) => n.includes(wanted)))
    .slice(0, limit)
    .map(({ row: r }) => ({
      name: r.nameEn,
      category: categoryName(r, lang),
      cat_code: r.catCode,
      level: r.level,
    }));
}

/**
 * Category names folded, by name: with CACHES=off the category list is read again on every search,
 * but its names are the same few hundred strings, so they are not folded again each time.
 */
const foldedNames = new Map<string, string>();
const FOLDED_NAMES_MAX = 10_000;

function foldedName(name: string): string {
  let folded = foldedNames.get(name);
  if (folded === undefined) {
    folded = fold(name);
    if (foldedNames.size >= FOLDED_NAMES_MAX) foldedNames.clear();
    foldedNames.set(name, folded);
  }
  return folded;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The ranked hits of a search (ids in display order). Cached 60 s per (text, language, country,
 * caps): a popular search is ranked once a minute, then each request only reads its page of cards.
 * The text is keyed in lower case: SKUs are compared in lower case and barcodes are digits, so
 * "Wooden Button" and "wooden button" are one search.
 */
function rankedHits(
  ctx: CatalogueContext,
  input: SearchInput,
  find: () => Promise<SearchHit[]> = () => findHits(ctx.db, input),
): Promise<SearchHit[]> {
  const key = JSON.stringify([
    input.raw.toLowerCase(),
    input.prefixLast,
    input.lang,
    input.country,
    input.cap ?? 0,
    input.textCap ?? 0,
  ]);
  return ctx.caches.search.get(key, find);
}

/**
 * A search's hits in all (`total`), the cards of the page (hits `offset` to `offset + count`, in
 * that order) and the categories its text names (at most `limit`). With CACHES=off the in-process
 * search index ranks and holds the category list (both followed through the change feed, not
 * cached), so a search sends the page's cards' statement, and one for words new to the index; as
 * the hit list is not kept, the index ranks only up to the page's end. Otherwise hits and
 * categories are looked up side by side (from their caches), then the cards.
 */
async function searchResults(
  ctx: CatalogueContext,
  input: SearchInput,
  limit: number,
  offset: number,
  count: number,
): Promise<{ total: number; cards: CardRow[]; categories: SearchCategory[] }> {
  const { db: tx, caches } = ctx;
  const wanted = fold(input.raw);
  const index =
    input.tokens && wanted.length >= 2 && !caches.categories.enabled
      ? await readySearchIndex(tx)
      : null;
  const page = (hits: SearchHit[]) => hits.slice(offset, offset + count).map((h) => h.id);
  if (!index) {
    const [hits, categories] = await Promise.all([
      rankedHits(ctx, input),
      searchCategories(ctx, input.raw, input.lang, limit),
    ]);
    const cards = await selectCardsByIds(tx, page(hits), input.country, input.lang);
    return { total: hits.length, cards, categories };
  }
  let total = 0;
  const rank = async (first: number) => {
    const query = await searchQueryOf(tx, index, input.tokens, input.prefixLast);
    const ranked = index.searchFirst(input, query, first);
    total = ranked.total;
    return ranked.hits;
  };
  // NOTE: a kept hit list must hold every hit (later pages read it); one not kept, only the page's.
  const kept = caches.search.enabled;
  const hits = await rankedHits(ctx, input, () => rank(kept ? Infinity : offset + count));
  // A kept list may come from the cache (rank not called): its length is the total.
  if (kept) total = hits.length;
  const cards = await selectCardsByIds(tx, page(hits), input.country, input.lang);
  return { total, cards, categories: matchCategories(index.categories, wanted, input.lang, limit) };
}

/**
 * Ranks a search with the in-process index when it is built and followed (PostgreSQL only turns
 * new words into a tsquery), else entirely in PostgreSQL (docs/decisions/026-in-process-search-index.md).
 */
async function findHits(tx: Tx, input: SearchInput): Promise<SearchHit[]> {
  const index = await readySearchIndex(tx);
  if (!index) return searchProducts(tx, input);
  return index.search(input, await searchQueryOf(tx, index, input.tokens, input.prefixLast));
}

/**
 * GET /api/search/: products by relevance (SKU/barcode exact, then prefix, then full-text rank over
 * every language, the interface language first, typos corrected) named in the interface language as
 * plain text; plus categories (docs/product/search.md).
 */
export async function searchCatalogue(
  ctx: CatalogueContext,
  text: string,
  lang: Lang,
  page: number,
  perPage: number,
  viewer: Viewer,
): Promise<{ products: Paginated<ProductCard>; categories: SearchCategory[] }> {
  const prepared = prepareSearch(text);
  if (!prepared.raw) return { products: toPage([], 0, page, perPage), categories: [] };
  const input: SearchInput = { ...prepared, lang, country: viewer.country };
  const offset = (page - 1) * perPage;
  const { total, cards: rows, categories } = await searchResults(ctx, input, 10, offset, perPage);
  return {
    products: toPage(
      rows.map((r) => toCard(r, viewer, { plainName: true })),
      total,
      page,
      perPage,
    ),
    categories,
  };
}

/** Suggestions rank at most this many hits per branch: a few good ones fast beat the best of all. */
export const SUGGEST_BRANCH_CAP = 150;

/** GET /api/search/suggest: a few products and categories while typing (no prices). */
export async function suggestCatalogue(
  ctx: CatalogueContext,
  text: string,
  lang: Lang,
  country: Country,
): Promise<{ products: SearchSuggestion[]; categories: SearchCategory[] }> {
  const prepared = prepareSearch(text);
  if (prepared.raw.length < 2) return { products: [], categories: [] };
  const input: SearchInput = {
    ...prepared,
    prefixLast: true,
    lang,
    country,
    cap: SUGGEST_BRANCH_CAP,
    textCap: SUGGEST_BRANCH_CAP,
  };
  const { cards: rows, categories } = await searchResults(ctx, input, 4, 0, 6);
  return {
    products: rows.map((r) => ({
      product_id: r.product_id.trim(),
      name: stripHtml(r.name ?? r.product_id),
      image: productImagePath(r.product_id),
      country,
    })),
    categories,
  };
}

// ---------------------------------------------------------------------------------------------
// Development only: a product written directly (browser journeys need one with a hostile name).

export type DevProductInput = {
  product_id: string;
  category: string;
  class: string;
  names: { en: string; fr?: string; es?: string };
  ship_pack: number;
  prices: Array<{
    country: Country;
    retail: number;
    selling: number;
    selling_2: number | null;
    available: number;
  }>;
  /** Store the names exactly as given (to prove the browser's own sanitising); otherwise sanitised. */
  raw_names: boolean;
};

/** Inserts one product with its names and prices (development and tests only; never registered in production). */
export async function createDevProduct(
  ctx: CatalogueContext,
  input: DevProductInput,
): Promise<{ id: number }> {
  const rows = await allCategories(ctx);
  const category = findCategory(rows, input.category, undefined);
  if (!category)
    throw new AppError('VALIDATION_FAILED', 'Unknown category', {
      fields: { category: 'Unknown category' },
    });
  const clean = (name: string) => (input.raw_names ? name : sanitizeProductName(name));
  const id = await ctx.db.transaction((inner) =>
    insertDevProduct(inner, {
      productId: input.product_id.trim(),
      classCode: input.class,
      categoryId: category.id,
      shipPack: input.ship_pack,
      names: {
        en: clean(input.names.en),
        fr: clean(input.names.fr ?? input.names.en),
        es: clean(input.names.es ?? input.names.en),
      },
      prices: input.prices.map((p) => ({
        country: p.country,
        retailPriceCents: toCents(p.retail),
        sellingPriceCents: toCents(p.selling),
        sellingPrice2Cents: p.selling_2 === null ? null : toCents(p.selling_2),
        available: p.available,
      })),
    }),
  );
  invalidateCatalogueCaches(ctx.caches);
  return { id };
}
