import { and, eq, inArray } from 'drizzle-orm';
import type { Country, Lang } from '@wholesale/contract';
import type { DatabaseHandle, Tx } from '../../db/client';
import { productPrices, products } from '../../db/schema';
import { BatchTtlCache } from './catalogue.cache';
import {
  factsColumns,
  factsOf,
  findProductIdsByCodes,
  getOrderableProducts,
  priced,
  translatedName,
  type OrderableProduct,
  type PriceRow,
  type ProductFacts,
} from './catalogue.pricing';

/*
 * What the cart reads on every request (decision 014): a product's facts (codes, names, class, pack)
 * and its price and stock per country, kept per API process and dropped entry by entry when
 * PostgreSQL notifies a change (migration 0008, channel ws_catalogue). A 50-line cart then costs
 * one short query of its own lines instead of 200 index lookups. The caches are trusted only while
 * the notifications flow; before the first LISTEN, after a broken connection and inside a
 * transaction every read goes to the tables.
 */

export const CATALOGUE_CHANNEL = 'ws_catalogue';
/** Backstops only: entries are dropped on notification long before these expire. */
const FACTS_MS = 10 * 60_000;
const PRICES_MS = 10 * 60_000;

const factsCache = new BatchTtlCache<number, ProductFacts>(FACTS_MS, 250_000);
const codeCache = new BatchTtlCache<string, number>(FACTS_MS, 250_000);
const priceCache = new BatchTtlCache<number, PriceRow>(PRICES_MS, 500_000);
const live = new WeakSet<object>();

const priceKey = (id: number, country: Country) => id * 2 + (country === 'us' ? 1 : 0);

function forgetAll(owner: object) {
  factsCache.clear(owner);
  codeCache.clear(owner);
  priceCache.clear(owner);
}

/** Applies one notification: 'p:1,2,3' (prices of those products), 'f:…' (facts), '…:*' (all). */
export function applyCatalogueChange(owner: object, payload: string): void {
  const [kind, list = '*'] = payload.split(':', 2);
  const ids = list === '*' ? undefined : list.split(',').map(Number);
  if (kind === 'p') {
    if (ids)
      priceCache.forget(
        owner,
        ids.flatMap((id) => [priceKey(id, 'ca'), priceKey(id, 'us')]),
      );
    else priceCache.clear(owner);
  } else {
    // A product's SKU code may have changed too: the code index is rebuilt as it is read.
    codeCache.clear(owner);
    if (ids && kind === 'f') factsCache.forget(owner, ids);
    else forgetAll(owner);
  }
}

/**
 * Follows the change feed for `handle`'s database: from the first LISTEN on, this process reads the
 * cart's products from its caches. Returns the function that stops following.
 */
export function followCatalogueChanges(handle: DatabaseHandle): Promise<() => Promise<void>> {
  const owner = handle.db;
  return handle.listen(
    CATALOGUE_CHANNEL,
    (payload) => applyCatalogueChange(owner, payload),
    (isLive) => {
      // Whatever was cached may have missed changes while nobody listened.
      forgetAll(owner);
      if (isLive) live.add(owner);
      else live.delete(owner);
    },
  );
}

/** Whether this process reads the cart's products from its caches for `owner`'s database. */
export function isFollowingCatalogue(owner: object): boolean {
  return live.has(owner);
}

async function loadFacts(tx: Tx, ids: number[]): Promise<Map<number, ProductFacts>> {
  const rows = await tx
    .select({
      ...factsColumns,
      nameEn: translatedName('en'),
      nameFr: translatedName('fr'),
      nameEs: translatedName('es'),
    })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.active, true)));
  return new Map(
    rows.map(({ nameEn, nameFr, nameEs, ...r }) => {
      const names: ProductFacts['names'] = {};
      if (nameEn !== null) names.en = nameEn;
      if (nameFr !== null) names.fr = nameFr;
      if (nameEs !== null) names.es = nameEs;
      return [r.id, factsOf(r, names)];
    }),
  );
}

async function loadPrices(tx: Tx, keys: number[]): Promise<Map<number, PriceRow>> {
  const found = new Map<number, PriceRow>();
  for (const country of ['ca', 'us'] as const) {
    const ids = keys.filter((k) => priceKey(k >> 1, country) === k).map((k) => k >> 1);
    if (ids.length === 0) continue;
    const rows = await tx
      .select({
        productRef: productPrices.productId,
        retailCents: productPrices.retailPriceCents,
        sellingCents: productPrices.sellingPriceCents,
        selling2Cents: productPrices.sellingPrice2Cents,
        available: productPrices.available,
      })
      .from(productPrices)
      .where(and(eq(productPrices.country, country), inArray(productPrices.productId, ids)));
    for (const row of rows) found.set(priceKey(row.productRef, country), row);
  }
  return found;
}

/**
 * Active products sold in `country`, in `lang`, in the order of `ids`; undefined for an id that is
 * not (inactive, gone, or not sold in the country). From the caches while the feed is live (at most
 * two short queries for what they miss), else in one query.
 */
export async function orderablesById(
  tx: Tx,
  ids: number[],
  country: Country,
  lang: Lang,
): Promise<Array<OrderableProduct | undefined>> {
  if (!live.has(tx)) {
    const found = await getOrderableProducts(tx, ids, country, lang);
    return ids.map((id) => found.get(id));
  }
  const keys = ids.map((id) => priceKey(id, country));
  const [facts, prices] = await Promise.all([
    factsCache.getMany(tx, ids, (missing) => loadFacts(tx, missing)),
    priceCache.getMany(tx, keys, (missing) => loadPrices(tx, missing)),
  ]);
  return ids.map((id, i) => {
    const f = facts.get(id);
    const price = prices.get(keys[i]);
    return f && price && priced(f, f.names[lang] ?? f.names.en ?? f.productId, price);
  });
}

/** One active product sold in `country`, by numeric id or SKU code. */
export async function findOrderable(
  tx: Tx,
  ref: number | string,
  country: Country,
  lang: Lang,
): Promise<OrderableProduct | undefined> {
  let id: number | undefined;
  if (typeof ref === 'number') id = ref;
  else {
    const code = ref.trim();
    const ids = live.has(tx)
      ? await codeCache.getMany(tx, [code], (missing) => findProductIdsByCodes(tx, missing))
      : await findProductIdsByCodes(tx, [code]);
    id = ids.get(code);
  }
  if (id === undefined) return undefined;
  const [product] = await orderablesById(tx, [id], country, lang);
  return product;
}
