import type { BuyerPriceReason } from '@wholesale/contract';

/** The price's reason as an order or invoice line keeps it (migrations 0045 and 0047). */
type KeptPriceReason = {
  priceReason: 'selling' | 'sale' | 'price_list' | null;
  priceListName: string | null;
  priceListAssignee: 'customer' | 'group' | null;
  priceMinPacks: number | null;
};

/** A kept reason as answers carry it; null on lines placed before reasons were kept. */
export function keptPriceReason(l: KeptPriceReason): BuyerPriceReason | null {
  if (!l.priceReason) return null;
  if (l.priceReason !== 'price_list') return { kind: l.priceReason };
  return {
    kind: 'price_list',
    list_name: l.priceListName ?? '',
    assignee: l.priceListAssignee ?? 'customer',
    min_packs: l.priceMinPacks ?? 1,
  };
}

/** The columns an order or invoice line keeps of its price's reason, with the list's id. */
export type KeptPriceColumns = KeptPriceReason & { priceListId: number | null };

/** A line's kept reason columns, null where it has none (no list, or not kept). */
export function keptPriceColumns(l: Partial<KeptPriceColumns>): KeptPriceColumns {
  return {
    priceReason: l.priceReason ?? null,
    priceListId: l.priceListId ?? null,
    priceListName: l.priceListName ?? null,
    priceListAssignee: l.priceListAssignee ?? null,
    priceMinPacks: l.priceMinPacks ?? null,
  };
}
