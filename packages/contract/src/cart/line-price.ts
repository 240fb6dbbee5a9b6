import { z } from 'zod';
import type { BuyerPriceReason } from '../catalogue';
import { fromCents } from '../rules/money';

/**
 * Where a line's unit price comes from (docs/product/pricing.md): the catalogue's selling price,
 * its second selling price (a sale), or one of the customer's price lists.
 */
export const ORDER_LINE_PRICE_REASONS = ['selling', 'sale', 'price_list'] as const;

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
  | { kind: 'price_list'; listName: string; assignee: 'customer' | 'group'; minPacks: number };

// The catalogue's two reasons, one frozen object each, shared by every card and line that shows
// them (most of a priced page's cards: fewer objects made and collected per page).
const CATALOGUE_REASONS: Record<'selling' | 'sale', BuyerPriceReason> = {
  selling: Object.freeze({ kind: 'selling' }),
  sale: Object.freeze({ kind: 'sale' }),
};

/**
 * The engine's reason (priceFor) on the wire, as cards, cart lines and order lines carry it: the
 * list's name, whose it is and the pack count it starts at; its id stays on the server. NOTE: the
 * catalogue's reasons are shared objects: whoever reads one must not change it.
 */
export function buyerPriceReason(reason: EngineReason): BuyerPriceReason {
  if (reason.kind !== 'price_list') return CATALOGUE_REASONS[reason.kind];
  return {
    kind: 'price_list',
    list_name: reason.listName,
    assignee: reason.assignee,
    min_packs: reason.minPacks,
  };
}

/** The wire form of the engine's next break (nextBreak), in dollars; null when there is none. */
export function lineNextBreak(
  next: { minPacks: number; unitCents: number; morePacks: number } | null,
): LineNextBreak | null {
  return next
    ? { min_packs: next.minPacks, more_packs: next.morePacks, price: fromCents(next.unitCents) }
    : null;
}
