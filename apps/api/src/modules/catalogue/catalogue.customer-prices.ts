import {
  buyerPriceReason,
  fromCents,
  ProductCard,
  type CustomerPrice,
  type PricedProduct,
  type ProductDetail,
} from '@wholesale/contract';
import type { CatalogueContext, DetailFound } from './catalogue.caches';
import { allCategories } from './catalogue.categories';
import type { CategoryList } from './catalogue.category-list';
import type { Viewer } from './catalogue.dto';
import type { CardRow } from './catalogue.queries';

/*
 * A signed-in customer's own prices on the catalogue's answers (docs/product/pricing.md "What the
 * buyer sees"). The listing, detail and search answers and their caches stay shared by every viewer
 * of a country; a customer's prices are laid over them per request (on cards mapped for the request,
 * on copies of kept ones, or into a kept answer's bytes: catalogue.detail.ts), and are never kept
 * in a cache another viewer reads. The catalogue does not read price lists: the routes hand in what
 * the pricing module answers for the signed-in customer (Viewer.customerPrices, CustomerPricing).
 */

type BuyerPrice = Required<Pick<ProductCard, 'customer_price' | 'price_reason' | 'price_breaks'>>;

// "No breaks", one frozen array for every card without any (most cards of a page).
const NO_BREAKS: BuyerPrice['price_breaks'] = Object.freeze([]) as unknown as [];

const buyerBreaks = (breaks: CustomerPrice['breaks']): BuyerPrice['price_breaks'] =>
  breaks.length === 0
    ? NO_BREAKS
    : breaks.map((b) => ({ min_packs: b.minPacks, unit_price: fromCents(b.unitCents) }));

/** A CustomerPrice as the buyer's product DTOs carry it (dollars). */
export function toBuyerPrice(price: CustomerPrice): BuyerPrice {
  return {
    customer_price: fromCents(price.unitCents),
    price_reason: buyerPriceReason(price.reason),
    price_breaks: buyerBreaks(price.breaks),
  };
}

/** Sets the buyer's price fields on a card made for this request (no object made for them). */
function setBuyerPrice(card: ProductCard, price: CustomerPrice): void {
  card.customer_price = fromCents(price.unitCents);
  card.price_reason = buyerPriceReason(price.reason);
  card.price_breaks = buyerBreaks(price.breaks);
}

/**
 * A card's own price as its serializer writes it inside the card (they come last in a card):
 * `,"customer_price":…` up to the end of `price_breaks` (what written bytes cut at PRICE_MARK take
 * per request). NOTE: written here, not by the card's serializer: these are the bytes
 * fast-json-stringify writes for them (a test holds it to that: numbers as String() writes them,
 * strings as JSON.stringify does, the schema's order), at a fraction of its time on every card.
 */
export function writtenPriceFields(price: CustomerPrice): string {
  let breaks = '';
  for (const b of price.breaks)
    breaks += `${breaks ? ',' : ''}{"min_packs":${b.minPacks},"unit_price":${fromCents(b.unitCents)}}`;
  const reason = price.reason;
  const why =
    reason.kind === 'price_list'
      ? `{"kind":"price_list","list_name":${JSON.stringify(reason.listName)},"assignee":"${reason.assignee}","min_packs":${reason.minPacks}}`
      : `{"kind":"${reason.kind}"}`;
  return `,"customer_price":${fromCents(price.unitCents)},"price_reason":${why},"price_breaks":[${breaks}]`;
}

/** What a card marked by withPriceMarks writes where its own price fields go. */
const MARK_PRICE = -Number.MAX_VALUE;
export const PRICE_MARK = `,"customer_price":${JSON.stringify(MARK_PRICE)}`;

/** A detail whose own and related cards carry the mark where the viewer's price fields go. */
export function withPriceMarks(detail: ProductDetail): ProductDetail {
  return {
    ...detail,
    customer_price: MARK_PRICE,
    related: detail.related.map((card) => ({ ...card, customer_price: MARK_PRICE })),
  };
}

type PricedRow = Pick<
  CardRow,
  'id' | 'brand' | 'category_id' | 'selling_price_cents' | 'selling_price_2_cents'
>;

/**
 * The viewer's own price of each row's product, by product id; undefined for a guest, staff, or a
 * customer without a price list: for them a kept answer and no statement. `categories`: the category
 * list when the caller holds it (with CACHES=off another read of it is another statement).
 */
export async function customerPricesOfRows(
  ctx: CatalogueContext,
  rows: readonly PricedRow[],
  viewer: Viewer,
  categories?: CategoryList,
): Promise<ReadonlyMap<number, CustomerPrice> | undefined> {
  const pricing = viewer.customerPrices;
  if (!pricing || rows.length === 0 || !(await pricing.hasLists())) return undefined;
  const list = categories ?? (await allCategories(ctx));
  const products = rows.map((row): PricedProduct => ({
    id: Number(row.id),
    brand: row.brand,
    categoryPath: list.ancestorIds(Number(row.category_id)),
    sellingCents: Number(row.selling_price_cents),
    secondCents: row.selling_price_2_cents === null ? null : Number(row.selling_price_2_cents),
  }));
  return pricing.prices(products);
}

/** The cards with these prices laid on: new objects (the cards given may be shared by every viewer). */
function withPrices<C extends ProductCard>(
  cards: C[],
  prices: ReadonlyMap<number, CustomerPrice>,
): C[] {
  return cards.map((card) => {
    const price = prices.get(card.id);
    return price ? { ...card, ...toBuyerPrice(price) } : card;
  });
}

/**
 * The viewer's own prices set on cards mapped for this request alone (a listing's or a search's
 * page: no cache or other viewer holds them), in place: a page of a hundred cards is not copied.
 */
export async function layCustomerPrices<C extends ProductCard>(
  ctx: CatalogueContext,
  cards: C[],
  rows: readonly PricedRow[],
  viewer: Viewer,
  categories?: CategoryList,
): Promise<C[]> {
  const prices = await customerPricesOfRows(ctx, rows, viewer, categories);
  if (prices)
    for (const card of cards) {
      const price = prices.get(card.id);
      if (price) setBuyerPrice(card, price);
    }
  return cards;
}

/** A product detail with these prices on the product and its related cards; `detail` is not changed. */
export function detailWithPrices(
  detail: ProductDetail,
  prices: ReadonlyMap<number, CustomerPrice>,
): ProductDetail {
  const [product, ...related] = withPrices([detail, ...detail.related], prices);
  return { ...(product as ProductDetail), related };
}

/** The rows a detail's own prices are read for: the product's, then its related cards'. */
export function detailRows(found: DetailFound): PricedRow[] {
  return found.detail ? [found.detail, ...found.related] : [];
}

/**
 * A product detail with the viewer's own prices on the product and its related cards (one lookup
 * for all of them); the kept detail itself is not changed.
 */
export async function detailWithCustomerPrices(
  ctx: CatalogueContext,
  detail: ProductDetail,
  found: DetailFound,
  viewer: Viewer,
  categories?: CategoryList,
): Promise<ProductDetail> {
  const prices = await customerPricesOfRows(ctx, detailRows(found), viewer, categories);
  return prices ? detailWithPrices(detail, prices) : detail;
}
