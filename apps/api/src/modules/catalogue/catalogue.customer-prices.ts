import {
  buyerPriceReason,
  fromCents,
  type CustomerPrice,
  type PricedProduct,
  type ProductCard,
  type ProductDetail,
} from '@wholesale/contract';
import type { CatalogueContext, DetailFound } from './catalogue.caches';
import { allCategories } from './catalogue.categories';
import type { Viewer } from './catalogue.dto';
import type { CardRow } from './catalogue.queries';

/*
 * A signed-in customer's own prices on the catalogue's answers (docs/product/pricing.md "What the
 * buyer sees"). The listing, detail and search answers and their caches stay shared by every viewer
 * of a country; a customer's prices are laid over them per request, on copies, and are never kept
 * in a cache another viewer reads. The catalogue does not read price lists: the routes hand in what
 * the pricing module answers for the signed-in customer (Viewer.customerPrices, CustomerPricing).
 */

type BuyerPrice = Required<Pick<ProductCard, 'customer_price' | 'price_reason' | 'price_breaks'>>;

/** A CustomerPrice as the buyer's product DTOs carry it (dollars). */
export function toBuyerPrice(price: CustomerPrice): BuyerPrice {
  return {
    customer_price: fromCents(price.unitCents),
    price_reason: buyerPriceReason(price.reason),
    price_breaks: price.breaks.map((b) => ({
      min_packs: b.minPacks,
      unit_price: fromCents(b.unitCents),
    })),
  };
}

type PricedRow = Pick<
  CardRow,
  'id' | 'brand' | 'category_id' | 'selling_price_cents' | 'selling_price_2_cents'
>;

/**
 * The cards with the viewer's own prices, in the same order: new objects (the cards given may be
 * shared by every viewer, as a kept detail's are), the cards themselves (the same array) when the
 * viewer is a guest, staff, or a customer without a price list: for them a kept answer and no
 * statement. `rows` are the cards' rows, in the same order.
 */
export async function withCustomerPrices<C extends ProductCard>(
  ctx: CatalogueContext,
  cards: C[],
  rows: readonly PricedRow[],
  viewer: Viewer,
): Promise<C[]> {
  const pricing = viewer.customerPrices;
  if (!pricing || cards.length === 0 || !(await pricing.hasLists())) return cards;
  const categories = await allCategories(ctx);
  const products = rows.map((row): PricedProduct => ({
    id: Number(row.id),
    brand: row.brand,
    categoryPath: categories.ancestorIds(Number(row.category_id)),
    sellingCents: Number(row.selling_price_cents),
    secondCents: row.selling_price_2_cents === null ? null : Number(row.selling_price_2_cents),
  }));
  const prices = await pricing.prices(products);
  return cards.map((card) => {
    const price = prices.get(card.id);
    return price ? { ...card, ...toBuyerPrice(price) } : card;
  });
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
): Promise<ProductDetail> {
  if (!viewer.customerPrices || !found.detail) return detail;
  const cards = [detail, ...detail.related];
  const priced = await withCustomerPrices(ctx, cards, [found.detail, ...found.related], viewer);
  if (priced === cards) return detail;
  const [product, ...related] = priced;
  return { ...(product as ProductDetail), related };
}
