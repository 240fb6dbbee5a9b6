import { isComingSoon } from './availability';

/** The quantity box's display state: a count of ship packs, empty, or 'NA' after a negative entry. */
export type QuantityInput = { kind: 'empty' } | { kind: 'na' } | { kind: 'count'; value: number };

const QUANTITY_PATTERN = /^-?\d*$/;

/** docs/product/cart-and-orders.md#quantity: only an optional minus sign and digits are accepted; anything else is refused (null). */
export function acceptsQuantityText(text: string): boolean {
  return QUANTITY_PATTERN.test(text);
}

/** docs/product/cart-and-orders.md#quantity: parses typed text; a negative entry yields the 'NA' state. Returns null for text that is not accepted. */
export function parseQuantity(text: string): QuantityInput | null {
  if (!acceptsQuantityText(text)) return null;
  if (text === '') return { kind: 'empty' };
  if (text.startsWith('-')) return text === '-' ? { kind: 'empty' } : { kind: 'na' };
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? { kind: 'count', value } : { kind: 'empty' };
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
