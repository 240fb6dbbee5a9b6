import { isComingSoon } from './availability';

/** The most ship packs one quantity box, one cart line or one scan may ask for (the API's limit too). */
export const MAX_QUANTITY = 100_000;

/**
 * Why a quantity box's text is not a quantity: nothing typed, a negative number (shown as 'NA'),
 * something that is not a whole number of packs (`2.5`, `1e3`, `1,5`, `abc`), or more than MAX_QUANTITY.
 */
export type QuantityRefusal = 'empty' | 'negative' | 'notWhole' | 'tooLarge';

/** A quantity box's text read as ship packs: the number typed, or the reason it is refused. */
export type QuantityReading = { ok: true; value: number } | { ok: false; reason: QuantityRefusal };

const WHOLE = /^\d+$/;
const NEGATIVE = /^-\d+$/;

/**
 * docs/product/cart-and-orders.md#quantity: the one reading of a typed quantity. Only digits (after
 * trimming spaces) are a quantity, and then exactly the number they spell; anything else is refused
 * with its reason. NOTE: never repair the text (dropping the `.` of `2.5` ordered 25 packs).
 */
export function readQuantity(text: string): QuantityReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: 'empty' };
  if (NEGATIVE.test(trimmed)) return { ok: false, reason: 'negative' };
  if (!WHOLE.test(trimmed)) return { ok: false, reason: 'notWhole' };
  const value = Number(trimmed);
  return value > MAX_QUANTITY ? { ok: false, reason: 'tooLarge' } : { ok: true, value };
}

/** docs/product/cart-and-orders.md#quantity: for classes other than N a quantity above available is clamped to available. */
export function clampQuantity(
  quantity: number,
  available: number,
  productClass: string | null | undefined,
): { quantity: number; clamped: boolean } {
  const q = Math.max(0, Math.trunc(quantity));
  if (isComingSoon(productClass)) return { quantity: q, clamped: false };
  const limit = Math.max(0, Math.trunc(available));
  return q > limit ? { quantity: limit, clamped: true } : { quantity: q, clamped: false };
}

/** docs/product/cart-and-orders.md#quantity: cart product counts per trimmed product_id; only counts above zero are kept. */
export function countsByProduct(
  lines: Array<{ product_id: string; item: number }>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const id = line.product_id.trim();
    counts.set(id, (counts.get(id) ?? 0) + line.item);
  }
  for (const [id, n] of counts) if (!(n > 0)) counts.delete(id);
  return counts;
}
