import {
  cartLineCents,
  clampQuantity,
  fromCents,
  isComingSoon,
  isUnavailable,
  lineTotalCents,
  type CartLine,
  type CartNotice,
  type CartAddResponse,
  type CartResponse,
  type Country,
  type Lang,
  type CustomerPrice,
  type ProductRef,
  buyerPriceReason,
  lineNextBreak,
  maxLinePacksMessage,
  nextBreak,
} from '@wholesale/contract';
import type { SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { fieldError, reasonError } from '../../lib/app-error';
import {
  findOrderable,
  getOrderableProducts,
  orderablesById,
  type OrderableProduct,
  type ProductWindow,
} from '../catalogue';
import {
  addCartQuantity,
  cartLinesDelete,
  deleteAllCartLines,
  deleteCartLine,
  selectCartLine,
  selectCartLinesForUpdate,
  selectCartView,
  updateCartLine,
  upsertCartQuantities,
  type CartLineFigures,
  type CartViewRow,
} from './cart.queries';
import { customerLinePrices, pricingDay, type KeptLinePrices } from './cart.prices';

export type CartOwner = {
  userId: number;
  country: Country;
  lang: Lang;
  /** The shop's day (YYYY-MM-DD) the cart is priced on: the app's clock; absent, today. */
  today?: string;
  /**
   * The customer's prices from the lists the pricing module keeps, for the cart's reads and writes
   * while it keeps them (absent: the lists are read in the transaction, as an order does).
   */
  keptPrices?: KeptLinePrices;
};

/**
 * Maps a cart line, its product and the customer's price of it to the docs/product/cart-and-orders.md
 * cart line, computing the line total in cents.
 */
function toCartLine(line: CartViewRow, p: OrderableProduct, price: CustomerPrice): CartLine {
  const unavailable = isUnavailable(p.available, p.classCode);
  return {
    id: line.id,
    product: p.id,
    product_id: p.productId,
    name: p.name,
    item: line.quantity,
    price: fromCents(price.unitCents),
    selling_price: fromCents(p.sellingCents),
    retail_price: fromCents(p.retailCents),
    ship_pack: p.shipPack,
    available: p.available,
    class: p.classCode,
    image: p.image,
    selected: line.selected,
    unavailable,
    line_total: unavailable
      ? 0
      : fromCents(lineTotalCents(price.unitCents, line.quantity, p.shipPack)),
    price_reason: buyerPriceReason(price.reason),
    next_break: lineNextBreak(nextBreak(price, line.quantity)),
  };
}

/**
 * The whole cart as every cart call answers it (docs/product/cart-and-orders.md): lines at today's prices and stock,
 * and the docs/product/cart-and-orders.md total over selected available or class-N lines, computed in integer cents.
 * Lines whose product is no longer sold in the country are left out. `cached`: the app's product
 * caches, for reads outside a transaction (a transaction reads the tables).
 */
export async function readCart(
  tx: Tx,
  owner: CartOwner,
  notice?: CartNotice,
  cached?: ProductWindow,
): Promise<CartResponse> {
  return cartResponse(tx, owner, await selectCartView(tx, owner), notice, cached);
}

// Every line of a cart read is answered (the add answers only its written line).
const everyLine = (_row: CartViewRow): _row is CartViewRow => true;

async function cartResponse(
  tx: Tx,
  owner: CartOwner,
  rows: CartViewRow[],
  notice?: CartNotice,
  cached?: ProductWindow,
): Promise<CartResponse> {
  const { lines, total, count } = await pricedCart(tx, owner, rows, everyLine, cached);
  return {
    status: true,
    products: lines,
    total,
    count,
    ...(notice ? { notice } : {}),
  };
}

/**
 * The cart's rows at the customer's prices of the day (cart.prices.ts): the lines `shown` as the
 * answer carries them, and the total and count over every line whose product is still sold in the
 * country (the others are left out).
 */
async function pricedCart<R extends CartLineFigures>(
  tx: Tx,
  owner: CartOwner,
  rows: R[],
  shown: (row: R) => row is R & CartViewRow,
  cached?: ProductWindow,
  resolved?: Array<OrderableProduct | undefined>,
): Promise<{ lines: CartLine[]; total: number; count: number }> {
  const found =
    resolved ??
    (await orderablesById(
      tx,
      rows.map((r) => r.productId),
      owner.country,
      owner.lang,
      cached,
    ));
  // Parallel arrays, not an object per line: an add prices every line of the cart for its total.
  const soldRows: R[] = [];
  const soldProducts: OrderableProduct[] = [];
  const packs: number[] = [];
  rows.forEach((row, i) => {
    const product = found[i];
    if (!product) return;
    soldRows.push(row);
    soldProducts.push(product);
    packs.push(row.quantity);
  });
  const prices = await customerLinePrices(tx, owner, soldProducts, packs, pricingDay(owner.today));
  const lines: CartLine[] = [];
  let totalCents = 0;
  soldRows.forEach((row, i) => {
    const product = soldProducts[i] as OrderableProduct;
    const price = prices.get(product.id);
    if (!price) throw new Error(`no customer price for product ${product.id}`);
    if (shown(row)) lines.push(toCartLine(row, product, price));
    // The customer's price is what the line costs, whatever the catalogue's prices.
    totalCents += cartLineCents(
      price.unitCents,
      row.quantity,
      product.shipPack,
      product.available,
      product.classCode,
      row.selected,
    );
  });
  return { lines, total: fromCents(totalCents), count: soldRows.length };
}

async function resolveProduct(
  tx: Tx,
  ref: ProductRef,
  owner: CartOwner,
  cached?: ProductWindow,
): Promise<OrderableProduct> {
  const product = await findOrderable(tx, ref, owner.country, owner.lang, cached);
  if (!product) {
    throw reasonError('NOT_FOUND', 'NOT_SOLD_HERE', undefined, 'product_id');
  }
  return product;
}

/** A quantity above the configured maximum per line (MAX_LINE_PACKS) is a 400 naming `item`. */
export function assertWithinLinePacks(item: number, maxLinePacks: number): void {
  if (item > maxLinePacks) throw fieldError({ item: maxLinePacksMessage(maxLinePacks) });
}

function refuseUnavailable(): never {
  throw reasonError('UNPROCESSABLE', 'OUT_OF_STOCK', undefined, 'product_id');
}

/**
 * Adds ship packs of a product to the cart (docs/product/cart-and-orders.md: an existing line's quantity grows). The
 * quantity is clamped to stock for classes other than N and the answer's notice says so; an
 * unavailable product is refused. Answers the written line and the whole cart's total and count,
 * not every line (CartAddResponse: a 50-line cart answered in full was most of an add's work).
 */
export async function addToCart(
  tx: Tx,
  owner: CartOwner,
  ref: ProductRef,
  item: number,
  maxLinePacks: number,
  cached?: ProductWindow,
): Promise<CartAddResponse> {
  const product = await resolveProduct(tx, ref, owner, cached);
  if (isUnavailable(product.available, product.classCode)) refuseUnavailable();
  const { before, written, others } = await addCartQuantity(tx, {
    userId: owner.userId,
    country: owner.country,
    productId: product.id,
    item,
    // A line never grows past the configured maximum (class N is not capped by stock).
    cap: isComingSoon(product.classCode)
      ? maxLinePacks
      : Math.min(maxLinePacks, Math.max(0, product.available)),
  });
  const after = written.quantity;
  const requested = before + item;
  const isWritten = (row: CartLineFigures): row is CartViewRow => row === written;
  const { lines, total, count } = await pricedCart(
    tx,
    owner,
    [written, ...others],
    isWritten,
    cached,
  );
  // The product was resolved a moment before; only a deactivation in between leaves it out of
  // `lines` (and the price its line would have had is read on its own).
  const line =
    lines[0] ?? (await pricedCart(tx, owner, [written], everyLine, undefined, [product])).lines[0];
  return {
    status: true,
    line,
    total,
    count,
    notice: {
      product_id: product.productId,
      requested,
      quantity: after,
      clamped: after < requested,
    },
  };
}

/**
 * POST /api/cart/add-many (the product group page): adds several products in ONE transaction, all
 * or nothing. Every product is resolved first; one that is not sold here or is unavailable refuses
 * the whole request, naming its place (`items.<n>.product_id`), and nothing is added. Each quantity
 * is then added and clamped to stock as a single add would be (docs/product/cart-and-orders.md).
 */
export async function addAllToCart(
  db: Database,
  owner: CartOwner,
  items: Array<{ product_id: ProductRef; item: number }>,
): Promise<CartResponse> {
  return db.transaction(async (tx) => {
    const wanted: Array<{ product: OrderableProduct; quantity: number }> = [];
    for (const [index, { product_id, item }] of items.entries()) {
      const field = `items.${index}.product_id`;
      const product = await findOrderable(tx, product_id, owner.country, owner.lang);
      if (!product) throw reasonError('NOT_FOUND', 'NOT_SOLD_HERE', undefined, field);
      if (isUnavailable(product.available, product.classCode))
        throw reasonError('UNPROCESSABLE', 'OUT_OF_STOCK', undefined, field);
      wanted.push({ product, quantity: item });
    }
    await addManyToCart(tx, owner, wanted);
    return readCart(tx, owner);
  });
}

/**
 * Adds several products at once (re-order, Opticon): each quantity is added to what the cart
 * holds and clamped to stock; unavailable products are skipped. One read, one write.
 */
export async function addManyToCart(
  tx: Tx,
  owner: CartOwner,
  wanted: Array<{ product: OrderableProduct; quantity: number }>,
): Promise<
  Array<{
    productId: number;
    requested: number;
    added: number;
    outcome: 'added' | 'clamped' | 'unavailable';
  }>
> {
  const rows = await selectCartView(tx, owner);
  const inCart = new Map(rows.map((r) => [r.productId, r.quantity]));
  const writes = new Map<number, number>();
  const outcomes = [];
  for (const { product, quantity: requested } of wanted) {
    if (isUnavailable(product.available, product.classCode)) {
      outcomes.push({
        productId: product.id,
        requested,
        added: 0,
        outcome: 'unavailable' as const,
      });
      continue;
    }
    const before = writes.get(product.id) ?? inCart.get(product.id) ?? 0;
    const { quantity, clamped } = clampQuantity(
      before + requested,
      product.available,
      product.classCode,
    );
    writes.set(product.id, quantity);
    const added = Math.max(0, quantity - before);
    outcomes.push({
      productId: product.id,
      requested,
      added,
      outcome: clamped ? ('clamped' as const) : ('added' as const),
    });
  }
  await upsertCartQuantities(
    tx,
    owner.userId,
    owner.country,
    [...writes].map(([productId, quantity]) => ({ productId, quantity })),
  );
  return outcomes;
}

/**
 * POST /api/add/item: sets a line's quantity (0 removes it, clamped to stock) and/or whether it is
 * selected for the total and the order. A line of another customer is answered 404.
 */
export async function setCartItem(
  db: Database,
  owner: CartOwner,
  lineId: number,
  change: { item?: number; selected?: boolean },
): Promise<CartResponse> {
  return db.transaction((tx) => changeCartLine(tx, owner, lineId, change));
}

/**
 * setCartItem's checks and writes in the caller's transaction (a phone order's line change writes
 * its audit row beside it): the same refusals, clamping and notice as the buyer's own change.
 */
export async function changeCartLine(
  tx: Tx,
  owner: CartOwner,
  lineId: number,
  change: { item?: number; selected?: boolean },
): Promise<CartResponse> {
  const row = await selectCartLine(tx, owner.userId, lineId);
  if (!row) throw reasonError('NOT_FOUND', 'CART_LINE_MISSING', undefined, 'id');
  let notice: CartNotice | undefined;
  const patch: { quantity?: number; selected?: boolean } = {};
  if (change.selected !== undefined) patch.selected = change.selected;
  if (change.item !== undefined) {
    if (change.item === 0) {
      await deleteCartLine(tx, owner.userId, lineId);
      return readCart(tx, owner);
    }
    const product = (
      await getOrderableProducts(tx, [row.productId], owner.country, owner.lang)
    ).get(row.productId);
    if (!product || isUnavailable(product.available, product.classCode)) refuseUnavailable();
    const { quantity, clamped } = clampQuantity(change.item, product.available, product.classCode);
    patch.quantity = quantity;
    notice = { product_id: product.productId, requested: change.item, quantity, clamped };
  }
  await updateCartLine(tx, lineId, patch);
  return readCart(tx, owner, notice);
}

/** DELETE /api/cart/delete: removes one line of the caller's cart. */
export async function removeCartLine(
  db: Database,
  owner: CartOwner,
  lineId: number,
): Promise<CartResponse> {
  return db.transaction((tx) => dropCartLine(tx, owner, lineId));
}

/** removeCartLine in the caller's transaction (404 naming `id` when the owner has no such line). */
export async function dropCartLine(
  tx: Tx,
  owner: CartOwner,
  lineId: number,
): Promise<CartResponse> {
  const removed = await deleteCartLine(tx, owner.userId, lineId);
  if (!removed) throw reasonError('NOT_FOUND', 'CART_LINE_MISSING', undefined, 'id');
  return readCart(tx, owner);
}

/** DELETE /api/cart-delete-all: empties the caller's cart. */
export async function emptyCart(db: Database, owner: CartOwner): Promise<CartResponse> {
  return db.transaction(async (tx) => {
    await deleteAllCartLines(tx, owner.userId, owner.country);
    return readCart(tx, owner);
  });
}

/** The caller's cart lines, locked for an order being placed (used by the place-order workflow). */
export function lockCartLines(tx: Tx, owner: CartOwner): Promise<CartViewRow[]> {
  return selectCartLinesForUpdate(tx, owner.userId, owner.country);
}

/**
 * Removes ordered lines from the cart, as a statement the place-order workflow runs with the
 * order's own write (one round trip).
 */
export function orderedLinesDelete(tx: Tx, owner: CartOwner, lineIds: number[]): SQL {
  return cartLinesDelete(tx, owner.userId, lineIds);
}
