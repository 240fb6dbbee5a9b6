import type { QueryClient } from '@tanstack/react-query';
import {
  toCents,
  unitPrice,
  type CartAddResponse,
  type CartLine,
  type CartResponse,
  type ProductCard,
} from '@wholesale/contract';
import { cartKeys } from './shopping-keys';

/** What an add puts in the cart: a product (a card when there is one) and how many ship packs. */
export type PendingAdd = { product_id: string; item: number; product?: ProductCard };

let placeholderId = 0;

/**
 * What one unit of a card's product costs at `packs` packs, as the server's pricing engine worked it
 * out for the card (docs/product/pricing.md): a customer with lists gets their price and the breaks
 * from which it drops (the last one reached applies); anyone else the catalogue's price.
 */
export function cardUnitPrice(product: ProductCard, packs: number): number {
  if (product.customer_price === undefined) return unitPrice(product);
  const reached = (product.price_breaks ?? []).filter((b) => b.min_packs <= packs);
  return reached.length > 0 ? reached[reached.length - 1].unit_price : product.customer_price;
}

/** A placeholder line shown at once (docs/product/cart-and-orders.md) until the server's cart replaces it. */
export function placeholderLine({ product_id, item, product }: PendingAdd): CartLine {
  const price = product ? cardUnitPrice(product, item) : 0;
  const pack = product?.ship_pac || 1;
  placeholderId -= 1;
  return {
    id: placeholderId,
    product: product?.id ?? 0,
    product_id: product_id.trim(),
    name: product?.name ?? product_id.trim(),
    item,
    price,
    selling_price: product?.selling_price ?? 0,
    retail_price: product?.retail_price ?? 0,
    ship_pack: pack,
    available: product?.available ?? 0,
    class: product?.class ?? '',
    image: product?.image ?? '',
    selected: true,
    unavailable: false,
    line_total: price * item * pack,
    // Until the server's line replaces it: the card's price and its reason (the break's reason, when
    // one is reached, is the server's to say).
    price_reason: product?.price_reason ?? { kind: 'selling' },
    next_break: null,
  };
}

/** The cart with the adds applied: an existing line grows, otherwise a line is appended (docs/product/cart-and-orders.md). */
export function withAddedLines(cart: CartResponse | undefined, adds: PendingAdd[]): CartResponse {
  let products = [...(cart?.products ?? [])];
  for (const add of adds) {
    const code = add.product_id.trim();
    const existing = products.find((l) => l.product_id.trim() === code);
    products = existing
      ? products.map((l) => (l === existing ? { ...l, item: l.item + add.item } : l))
      : [...products, placeholderLine(add)];
  }
  return { status: true, total: cart?.total ?? 0, ...cart, products, count: products.length };
}

/**
 * The cart with an add's answer in it: the server's line replaces the product's line (its placeholder
 * or the line the add grew) or is appended, and the total and count are the server's. `whole` says
 * whether the server's lines held add up to the server's count and total; when they do not (another
 * tab or device changed the cart, a price changed), the cart must be read again (decision 025,
 * 2026-11-26 update: the add no longer answers every line). Placeholders (negative ids) are set
 * aside: cart writes run one at a time (lib/cart-writes.ts `cartWriteScope`), so a placeholder
 * still held is an add waiting its turn, which the server has not seen yet.
 */
export function withServerLine(
  cart: CartResponse | undefined,
  answer: CartAddResponse,
): { cart: CartResponse; whole: boolean } {
  const code = answer.line.product_id.trim();
  const held = cart?.products ?? [];
  const at = held.findIndex((l) => l.product_id.trim() === code);
  const products =
    at < 0 ? [...held, answer.line] : held.map((l, i) => (i === at ? answer.line : l));
  const written = products.filter((l) => l.id >= 0);
  const selectedCents = written.reduce(
    (sum, l) => (l.selected ? sum + toCents(l.line_total) : sum),
    0,
  );
  return {
    cart: { status: true, products, total: answer.total, count: answer.count },
    whole: written.length === answer.count && selectedCents === toCents(answer.total),
  };
}

/**
 * Optimistic add for every cached cart (docs/product/cart-and-orders.md): placeholder lines show at once; the returned
 * function rolls them back when the server refuses. Shared by the card control and the product-group
 * button, which live in different features.
 */
export async function addPlaceholderLines(
  queryClient: QueryClient,
  adds: PendingAdd[],
): Promise<() => void> {
  // Only the carts: the checkout choices (also under 'cart') may be loading for the cart page, and a
  // first load cancelled leaves them empty with nothing to read them again.
  await queryClient.cancelQueries({ queryKey: cartKeys.lists() });
  const snapshots = queryClient.getQueriesData<CartResponse>({ queryKey: cartKeys.lists() });
  for (const [key, cart] of snapshots) queryClient.setQueryData(key, withAddedLines(cart, adds));
  return () => {
    for (const [key, cart] of snapshots) queryClient.setQueryData(key, cart);
  };
}

/**
 * Reads the carts and the checkout choices again after a write that changed the cart on the server.
 * NOTE: TanStack Query cancels a read in flight before refetching only when the query already has
 * data; without data the refetch joins that read. A read started before the write (a prefetch) is such a
 * read, sent before the write, so its answer would be kept as fresh: cancel it first.
 */
export async function refreshCarts(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: cartKeys.all });
  await queryClient.invalidateQueries({ queryKey: cartKeys.all });
}
