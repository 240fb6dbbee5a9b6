import {
  shopToday,
  type Country,
  type CustomerPrice,
  type PricedProduct,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import type { OrderableProduct } from '../catalogue';
import { customerPrices } from '../pricing';

/** The shop's day prices are taken on: the caller's (the app's clock), else today. */
export function pricingDay(today: string | undefined): string {
  return today ?? shopToday(new Date());
}

/** What the pricing engine needs of an orderable product. */
function pricedProduct(p: OrderableProduct): PricedProduct {
  return {
    id: p.id,
    brand: p.brand,
    categoryPath: p.categoryPath,
    sellingCents: p.sellingCents,
    secondCents: p.selling2Cents,
  };
}

/** Prices from the pricing module's kept lists (pricing.caches.ts `customerPricesKept`). */
export type KeptLinePrices = (
  tx: Tx,
  products: PricedProduct[],
  packs: readonly number[],
  day: string,
) => Map<number, CustomerPrice> | Promise<Map<number, CustomerPrice>>;

/**
 * The customer's price of each line on `day` (docs/product/pricing.md), by product id: the
 * pricing engine's `priceFor` with the customer's price lists of the country's currency, at the
 * line's pack count (its volume break; `packs` in the order of `lineProducts`). The ONE way every
 * write path prices a line — the cart, the order placed from it (the buyer's or a phone order), a
 * re-order and an Opticon upload — so the cart, the order line, its documents and its events
 * agree. One statement (the customer's entries), or none when there is no line or `keptPrices`
 * prices from the kept lists (the cart's reads and writes: the order placed from a cart always
 * reads the lists, in its transaction).
 */
export async function customerLinePrices(
  tx: Tx,
  customer: { userId: number; country: Country; keptPrices?: KeptLinePrices },
  lineProducts: readonly OrderableProduct[],
  packs: readonly number[],
  day: string,
): Promise<Map<number, CustomerPrice>> {
  if (lineProducts.length === 0) return new Map();
  const products = lineProducts.map(pricedProduct);
  if (customer.keptPrices) return customer.keptPrices(tx, products, packs, day);
  return customerPrices(
    tx,
    { customerId: customer.userId, country: customer.country },
    products,
    day,
    packs,
  );
}
