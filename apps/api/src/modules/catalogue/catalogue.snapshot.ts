import { and, eq, inArray } from 'drizzle-orm';
import type { Country, Lang } from '@wholesale/contract';
import type { ChangeFeed } from '../../plugins/change-feed';
import type { Tx } from '../../db/client';
import { productPrices, products } from '../../db/schema';
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
import type { ProductWindow } from './catalogue.caches';

/*
 * What the cart reads on every request (decisions 014 and 016): a product's facts (codes, names, class, pack)
 * and its price and stock per country, kept per API process and dropped entry by entry when
 * PostgreSQL notifies a change (migration 0008, channel ws_catalogue). A 50-line cart then costs
 * one short query of its own lines instead of 200 index lookups. The caches are trusted only while
 * the notifications flow; before the first LISTEN, after a broken connection and inside a
 * transaction every read goes to the tables.
 */

export const CATALOGUE_CHANNEL = 'ws_catalogue';
/** A price's key in the cart's window: one per product and country. */
export const priceKey = (id: number, country: Country) => id * 2 + (country === 'us' ? 1 : 0);

export type Change = { kind: string; ids?: number[] };

/** A notification: 'p:1,2,3' (prices of those products), 'f:…' (facts), '…:*' (all). */
export function parseChange(payload: string): Change {
  const [kind, list = '*'] = payload.split(':', 2);
  return { kind, ids: list === '*' ? undefined : list.split(',').map(Number) };
}

/** Most product ids one notification names (a payload must stay under 8,000 bytes). */
const IDS_PER_NOTIFICATION = 500;

/**
 * Tells every process that these products' stock changed, as the catalogue trigger would have at
 * commit (payload 'p:<ids>'): for writers that wrote it with stockLevelsUpdate(…, 'after-commit'),
 * once their transaction committed.
 */
export function announceStockChange(feed: Pick<ChangeFeed, 'publish'>, ids: number[]): void {
  for (let i = 0; i < ids.length; i += IDS_PER_NOTIFICATION)
    feed.publish(CATALOGUE_CHANNEL, `p:${ids.slice(i, i + IDS_PER_NOTIFICATION).join(',')}`);
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
 * not (inactive, gone, or not sold in the country). From the app's caches when given (outside a
 * transaction) and the feed is live (at most two short queries for what they miss), else in one query.
 */
export async function orderablesById(
  tx: Tx,
  ids: number[],
  country: Country,
  lang: Lang,
  cached?: ProductWindow,
): Promise<Array<OrderableProduct | undefined>> {
  if (!cached?.live) {
    const found = await getOrderableProducts(tx, ids, country, lang);
    return ids.map((id) => found.get(id));
  }
  const keys = ids.map((id) => priceKey(id, country));
  const keptFacts = cached.facts.keptInOrder(ids);
  const keptPrices = keptFacts && cached.prices.keptInOrder(keys);
  if (keptFacts && keptPrices) return keptFacts.map((f, i) => orderableOf(f, keptPrices[i], lang));
  const [facts, prices] = await Promise.all([
    cached.facts.getMany(ids, (missing) => loadFacts(tx, missing)),
    cached.prices.getMany(keys, (missing) => loadPrices(tx, missing)),
  ]);
  return ids.map((id, i) => orderableOf(facts.get(id), prices.get(keys[i]), lang));
}

/** A kept product in `lang` with its price in the country; undefined when either is missing. */
function orderableOf(
  f: ProductFacts | undefined,
  price: PriceRow | undefined,
  lang: Lang,
): OrderableProduct | undefined {
  return f && price && priced(f, f.names[lang] ?? f.names.en ?? f.productId, price);
}

/** One active product sold in `country`, by numeric id or SKU code (`cached`: see orderablesById). */
export async function findOrderable(
  tx: Tx,
  ref: number | string,
  country: Country,
  lang: Lang,
  cached?: ProductWindow,
): Promise<OrderableProduct | undefined> {
  let id: number | undefined;
  if (typeof ref === 'number') id = ref;
  else {
    const code = ref.trim();
    const ids = cached?.live
      ? await cached.codes.getMany([code], (missing) => findProductIdsByCodes(tx, missing))
      : await findProductIdsByCodes(tx, [code]);
    id = ids.get(code);
  }
  if (id === undefined) return undefined;
  const [product] = await orderablesById(tx, [id], country, lang, cached);
  return product;
}
