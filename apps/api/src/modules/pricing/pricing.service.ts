import {
  currencyOfCountry,
  priceFor,
  type Country,
  type CustomerPrice,
  type PricedProduct,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { selectCustomerPriceEntries } from './pricing.queries';

/** Who the prices are for: a signed-in customer and their country (its currency picks the lists). */
export type PricedCustomer = { customerId: number; country: Country };

/**
 * Each product's price for a customer on a day (docs/product/pricing.md), by the contract's one
 * engine from the entries that apply to the customer, read in one statement. `packs` gives each
 * product's pack count, in the order of `products` (a cart's or order's lines); without it every
 * product is priced at one pack, the price a card shows, with its volume breaks.
 */
export async function customerPrices(
  tx: Tx,
  customer: PricedCustomer,
  products: readonly PricedProduct[],
  day: string,
  packs?: readonly number[],
): Promise<Map<number, CustomerPrice>> {
  const prices = new Map<number, CustomerPrice>();
  if (products.length === 0) return prices;
  const entries = await selectCustomerPriceEntries(tx, {
    customerId: customer.customerId,
    currency: currencyOfCountry(customer.country),
    productIds: products.map((p) => p.id),
    brands: [...new Set(products.flatMap((p) => (p.brand === null ? [] : [p.brand])))],
    categoryIds: [...new Set(products.flatMap((p) => p.categoryPath))],
    day,
  });
  products.forEach((product, i) =>
    prices.set(product.id, priceFor(product, entries, packs?.[i] ?? 1, day)),
  );
  return prices;
}
