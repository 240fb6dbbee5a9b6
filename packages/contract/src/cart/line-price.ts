import { z } from 'zod';
import { fromCents } from '../rules/money';

/**
 * Where a line's unit price comes from (docs/product/customer-prices.md): the catalogue's selling
 * price, its second selling price (a sale), or one of the customer's price lists.
 */
export const ORDER_LINE_PRICE_REASONS = ['selling', 'sale', 'price_list'] as const;
export type OrderLinePriceReason = (typeof ORDER_LINE_PRICE_REASONS)[number];

/**
 * Why a cart or order line costs its price, as the cart, the order pages, the desk and the PDF show
 * it: the same data everywhere, each screen words it in its reader's language.
 */
export const LinePriceReason = z.object({
  kind: z.enum(ORDER_LINE_PRICE_REASONS),
  /** The price list (kind `price_list`); null otherwise. */
  list_id: z.number().int().nullable(),
  list_name: z.string().nullable(),
  /** The pack count the list's price starts at (its volume break; 1: from the first pack). */
  min_packs: z.number().int().nullable(),
});
export type LinePriceReason = z.infer<typeof LinePriceReason>;

/** The cart line's next volume break: `more_packs` more packs make one unit cost `price`. */
export const LineNextBreak = z.object({
  min_packs: z.number().int(),
  more_packs: z.number().int(),
  price: z.number(),
});
export type LineNextBreak = z.infer<typeof LineNextBreak>;

/** A price's reason as the pricing engine gives it (the fields the wire carries). */
type EngineReason =
  | { kind: 'selling' }
  | { kind: 'sale' }
  | { kind: 'price_list'; listId: number; listName: string; minPacks: number };

/** The wire form of the pricing engine's reason (priceFor). */
export function linePriceReason(reason: EngineReason): LinePriceReason {
  return reason.kind === 'price_list'
    ? {
        kind: 'price_list',
        list_id: reason.listId,
        list_name: reason.listName,
        min_packs: reason.minPacks,
      }
    : { kind: reason.kind, list_id: null, list_name: null, min_packs: null };
}

/** The wire form of the engine's next break (nextBreak), in dollars; null when there is none. */
export function lineNextBreak(
  next: { minPacks: number; unitCents: number; morePacks: number } | null,
): LineNextBreak | null {
  return next
    ? { min_packs: next.minPacks, more_packs: next.morePacks, price: fromCents(next.unitCents) }
    : null;
}
