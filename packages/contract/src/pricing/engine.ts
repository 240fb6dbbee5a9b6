/**
 * The one pricing engine (docs/product/pricing.md, docs/decisions/038-customer-prices.md): what one
 * unit of a product costs a customer for a number of ship packs on a day, and why. Every path that
 * shows or charges a price (listings, search, detail, cart, checkout, orders, phone orders,
 * re-orders, scanner uploads, documents, exports, webhooks) asks this function; none decides alone.
 */
import { unitPriceCents } from '../rules/money';

/** Who a price list was given to: the customer by name, or a group the customer belongs to. */
export type PriceAssignee = 'customer' | 'group';

/** What a price list entry prices: one product, every product of a brand, or of a category. */
export type PriceTarget =
  | { kind: 'product'; productId: number }
  | { kind: 'brand'; brand: string }
  | { kind: 'category'; categoryId: number };

/** A fixed unit price, or a share off the catalogue's selling price (basis points: 800 = 8 %). */
export type PriceRule =
  { kind: 'fixed'; unitCents: number } | { kind: 'percent_off'; basisPoints: number };

/** One entry of a price list that applies to the customer (the list is theirs or their group's). */
export type PriceEntry = {
  listId: number;
  listName: string;
  assignee: PriceAssignee;
  target: PriceTarget;
  /** The entry applies from this many ship packs on a line (1: always; more: a volume break). */
  minPacks: number;
  rule: PriceRule;
  /** First and last day the entry applies (inclusive, YYYY-MM-DD); null: open-ended. */
  startsOn: string | null;
  endsOn: string | null;
};

/** What the engine needs of a product: its identity for matching, and the catalogue's prices. */
export type PricedProduct = {
  id: number;
  brand: string | null;
  /** The product's category first, then each parent up to the top category. */
  categoryPath: readonly number[];
  sellingCents: number;
  /** The second selling price (a sale); it replaces the selling price when above zero. */
  secondCents: number | null;
};

/** Why a unit costs what it costs. */
export type PriceReason =
  | { kind: 'selling' }
  | { kind: 'sale' }
  | {
      kind: 'price_list';
      listId: number;
      listName: string;
      assignee: PriceAssignee;
      /** Above 1 the price is a volume break ("10+ packs"). */
      minPacks: number;
    };

/** A pack count from which the unit price drops, and the price and reason from there. */
export type PriceBreak = { minPacks: number; unitCents: number; reason: PriceReason };

export type CustomerPrice = {
  /** What one unit costs at the asked number of packs. */
  unitCents: number;
  /** The catalogue's selling price: struck through when `unitCents` is lower. */
  sellingCents: number;
  reason: PriceReason;
  /** Every pack count above 1 at which the unit price drops, ascending (empty when none). */
  breaks: PriceBreak[];
};

/** True when `day` (YYYY-MM-DD) is within the entry's dates; ISO days compare as text. */
export function entryInDate(entry: Pick<PriceEntry, 'startsOn' | 'endsOn'>, day: string): boolean {
  return (
    (entry.startsOn === null || entry.startsOn <= day) &&
    (entry.endsOn === null || day <= entry.endsOn)
  );
}

/**
 * How specific an entry is for a product, lower is more specific; null when it does not price the
 * product. Target first (the product, then its brand, then its categories from the deepest up),
 * then the customer's own list before a group's.
 */
export function entrySpecificity(entry: PriceEntry, product: PricedProduct): number | null {
  const byAssignee = entry.assignee === 'customer' ? 0 : 1;
  const target = entry.target;
  if (target.kind === 'product') return target.productId === product.id ? byAssignee : null;
  if (target.kind === 'brand')
    return product.brand !== null && target.brand === product.brand ? 2 + byAssignee : null;
  const depth = product.categoryPath.indexOf(target.categoryId);
  return depth < 0 ? null : 4 + depth * 2 + byAssignee;
}

/** The unit price an entry's rule gives (a share off rounds half up to the cent; never below zero). */
export function ruleUnitCents(rule: PriceRule, sellingCents: number): number {
  if (rule.kind === 'fixed') return Math.max(0, rule.unitCents);
  const off = Math.min(10_000, Math.max(0, rule.basisPoints));
  return Math.max(0, Math.round((sellingCents * (10_000 - off)) / 10_000));
}

// One object each, shared by every price they explain (a page prices a hundred products, most of
// them at the catalogue's price): frozen, as whoever reads a price must not change it.
const SELLING: PriceReason = Object.freeze({ kind: 'selling' });
const SALE: PriceReason = Object.freeze({ kind: 'sale' });
const NO_BREAKS: PriceBreak[] = Object.freeze([]) as unknown as PriceBreak[];

/** The catalogue's own price and reason: the sale price when there is one, else the selling price. */
function cataloguePrice(product: PricedProduct): { unitCents: number; reason: PriceReason } {
  const unitCents = unitPriceCents({
    sellingCents: product.sellingCents,
    secondCents: product.secondCents,
  });
  const onSale = (product.secondCents ?? 0) > 0;
  return { unitCents, reason: onSale ? SALE : SELLING };
}

/** The price at `packs` without breaks: the most specific entry that applies, never above the catalogue's. */
function priceAt(
  product: PricedProduct,
  entries: readonly PriceEntry[],
  packs: number,
  day: string,
): { unitCents: number; reason: PriceReason } {
  const catalogue = cataloguePrice(product);
  let best: { specificity: number; unitCents: number; entry: PriceEntry } | null = null;
  for (const entry of entries) {
    if (entry.minPacks > packs || !entryInDate(entry, day)) continue;
    const specificity = entrySpecificity(entry, product);
    if (specificity === null) continue;
    const unitCents = ruleUnitCents(entry.rule, product.sellingCents);
    if (
      best === null ||
      specificity < best.specificity ||
      (specificity === best.specificity &&
        (unitCents < best.unitCents ||
          (unitCents === best.unitCents && entry.listId < best.entry.listId)))
    )
      best = { specificity, unitCents, entry };
  }
  if (best === null || best.unitCents >= catalogue.unitCents) return catalogue;
  const { listId, listName, assignee, minPacks } = best.entry;
  return {
    unitCents: best.unitCents,
    reason: { kind: 'price_list', listId, listName, assignee, minPacks },
  };
}

/**
 * What one unit of `product` costs a customer whose applicable entries are `entries`, for a line of
 * `packs` ship packs on `day`, with the reason and the volume breaks (docs/product/pricing.md).
 * Buying more never costs more a unit: the price at a pack count is the lowest reached at any
 * break up to it, so a more specific entry that starts at 10 packs cannot undo a better one from 1.
 */
export function priceFor(
  product: PricedProduct,
  entries: readonly PriceEntry[],
  packs: number,
  day: string,
): CustomerPrice {
  if (entries.length === 0) {
    // No entry: the catalogue's price, no breaks (most products of most pages).
    const { unitCents, reason } = cataloguePrice(product);
    return { unitCents, sellingCents: product.sellingCents, reason, breaks: NO_BREAKS };
  }
  const wanted = Math.max(1, Math.floor(packs));
  const breaks: PriceBreak[] = [];
  let running = priceAt(product, entries, 1, day);
  let here = running;
  for (const minPacks of breakThresholds(entries, day)) {
    const at = priceAt(product, entries, minPacks, day);
    if (at.unitCents < running.unitCents) {
      running = at;
      breaks.push({ minPacks, unitCents: at.unitCents, reason: at.reason });
    }
    if (minPacks <= wanted) here = running;
  }
  return {
    unitCents: here.unitCents,
    sellingCents: product.sellingCents,
    reason: here.reason,
    breaks: breaks.length === 0 ? NO_BREAKS : breaks,
  };
}

/**
 * The pack counts above 1 at which an entry in date starts, ascending, each once. NOTE: a loop, not
 * a Set of a filtered copy: the catalogue prices every card of a page, most with no break at all.
 */
function breakThresholds(entries: readonly PriceEntry[], day: string): number[] {
  const thresholds: number[] = [];
  for (const entry of entries)
    if (entry.minPacks > 1 && !thresholds.includes(entry.minPacks) && entryInDate(entry, day))
      thresholds.push(entry.minPacks);
  return thresholds.length > 1 ? thresholds.sort((a, b) => a - b) : thresholds;
}

/** The next volume break above a line of `packs` packs, and how many more packs reach it; null when none. */
export function nextBreak(
  price: Pick<CustomerPrice, 'breaks' | 'unitCents'>,
  packs: number,
): { minPacks: number; unitCents: number; morePacks: number } | null {
  const next = price.breaks.find((b) => b.minPacks > packs && b.unitCents < price.unitCents);
  return next
    ? { minPacks: next.minPacks, unitCents: next.unitCents, morePacks: next.minPacks - packs }
    : null;
}
