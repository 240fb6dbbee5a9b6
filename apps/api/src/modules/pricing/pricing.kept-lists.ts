import {
  entryInDate,
  type PriceAssignee,
  type PriceEntry,
  type PricedProduct,
  type PriceRule,
} from '@wholesale/contract';
import type { EntryTermsRow } from './price-lists.queries';

/*
 * One price list's entries as an API process keeps them (pricing.caches.ts): a priced page then
 * costs lookups in memory instead of a statement (docs/decisions/041-kept-price-lists.md). The
 * entries of products, nearly all of a list, sit in typed arrays sorted by product, ~25 bytes an
 * entry (1,000,000 entries: ~25 MB, where objects took ~200 bytes each); the few entries of brands
 * and categories are objects in maps.
 */

/** A row of a list's entries as the keeping read answers it (pricing.queries.ts). */
export type KeptEntryRow = EntryTermsRow & {
  product_id: number | null;
  brand: string | null;
  category_id: number | null;
};

/**
 * A brand's or category's entries as each kind of assignee sees them: whom a list is given to is
 * the customer's, not the list's, but it is one of two, so both are made once when the list is kept
 * (a page matched them against each of its products, copying each entry every time).
 */
type ByAssignee = Record<PriceAssignee, PriceEntry[]>;

export type KeptList = {
  listId: number;
  listName: string;
  /** How many entries the list holds (the caches' size unit). */
  size: number;
  /** Entries of products, sorted by product id: column i of each array is one entry. */
  productIds: Int32Array;
  /**
   * Bit p set: product p has an entry. NOTE: a list prices a few percent of the catalogue by
   * product, so most lookups end here instead of in a binary search (1 bit a product id: 12.5 KB a
   * list at 100,000 products).
   */
  hasProduct: Uint8Array;
  minPacks: Int32Array;
  /** 1: a fixed unit price (`amount` cents); 0: a share off (`amount` basis points). */
  fixed: Uint8Array;
  amount: Int32Array;
  /** Days since 1970-01-01 (UTC); OPEN_START / OPEN_END when the entry has no date. */
  startsDay: Int32Array;
  endsDay: Int32Array;
  byBrand: Map<string, ByAssignee>;
  byCategory: Map<number, ByAssignee>;
  /** The text of each day an entry of a product starts or ends on (few distinct ones a list). */
  dayTexts: Map<number, string>;
};

const OPEN_START = -2_147_483_648;
const OPEN_END = 2_147_483_647;
const DAY_MS = 86_400_000;

/** A YYYY-MM-DD day as days since 1970-01-01. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

function dayText(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** An entry row's rule: a fixed unit price or a share off. */
export function ruleOf(
  row: Pick<EntryTermsRow, 'kind' | 'unit_cents' | 'basis_points'>,
): PriceRule {
  return row.kind === 'fixed'
    ? { kind: 'fixed', unitCents: Number(row.unit_cents) }
    : { kind: 'percent_off', basisPoints: Number(row.basis_points) };
}

function pushTo<K>(map: Map<K, ByAssignee>, key: K, entry: Omit<PriceEntry, 'assignee'>): void {
  let entries = map.get(key);
  if (!entries) map.set(key, (entries = { customer: [], group: [] }));
  entries.customer.push({ ...entry, assignee: 'customer' });
  entries.group.push({ ...entry, assignee: 'group' });
}

/** Keeps a list's entries; `rows` in any order. */
export function keepList(
  listId: number,
  listName: string,
  rows: readonly KeptEntryRow[],
): KeptList {
  const byBrand = new Map<string, ByAssignee>();
  const byCategory = new Map<number, ByAssignee>();
  const products: KeptEntryRow[] = [];
  for (const row of rows) {
    if (row.product_id !== null) {
      products.push(row);
      continue;
    }
    const entry: Omit<PriceEntry, 'assignee'> = {
      listId,
      listName,
      target:
        row.brand !== null
          ? { kind: 'brand', brand: row.brand }
          : { kind: 'category', categoryId: Number(row.category_id) },
      minPacks: Number(row.min_packs),
      rule: ruleOf(row),
      startsOn: row.starts_on,
      endsOn: row.ends_on,
    };
    if (row.brand !== null) pushTo(byBrand, row.brand, entry);
    else pushTo(byCategory, Number(row.category_id), entry);
  }
  products.sort((a, b) => Number(a.product_id) - Number(b.product_id));
  const n = products.length;
  const kept: KeptList = {
    listId,
    listName,
    size: rows.length,
    productIds: new Int32Array(n),
    hasProduct: new Uint8Array(n === 0 ? 0 : (Number(products[n - 1]?.product_id) >> 3) + 1),
    minPacks: new Int32Array(n),
    fixed: new Uint8Array(n),
    amount: new Int32Array(n),
    startsDay: new Int32Array(n),
    endsDay: new Int32Array(n),
    byBrand,
    byCategory,
    dayTexts: new Map(),
  };
  products.forEach((row, i) => {
    const id = Number(row.product_id);
    kept.productIds[i] = id;
    kept.hasProduct[id >> 3]! |= 1 << (id & 7);
    kept.minPacks[i] = Number(row.min_packs);
    kept.fixed[i] = row.kind === 'fixed' ? 1 : 0;
    kept.amount[i] = Number(row.kind === 'fixed' ? row.unit_cents : row.basis_points);
    kept.startsDay[i] = keptDay(kept, row.starts_on, OPEN_START);
    kept.endsDay[i] = keptDay(kept, row.ends_on, OPEN_END);
  });
  return kept;
}

/** A day of an entry as kept (`open`: none), its text remembered for the entries found on it. */
function keptDay(kept: KeptList, day: string | null, open: number): number {
  if (day === null) return open;
  const days = dayNumber(day);
  kept.dayTexts.set(days, day);
  return days;
}

function hasProductEntry(kept: KeptList, productId: number): boolean {
  const byte = kept.hasProduct[productId >> 3];
  return byte !== undefined && (byte & (1 << (productId & 7))) !== 0;
}

/** The first index of `productId` in the sorted ids, or where it would go. */
function firstIndexOf(ids: Int32Array, productId: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((ids[mid] as number) < productId) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** What keptEntriesFor answers for a product no kept entry prices (most of a page): one, frozen. */
const NONE: readonly PriceEntry[] = Object.freeze([]);

/**
 * The entries of the kept lists that price `product` on the day (`dayNo`: dayNumber of it), with
 * whom each list is given to: what the statement of pricing.queries.ts answers for that product.
 * NOTE: an array is made only for a product some entry prices; the others share NONE.
 */
export function keptEntriesFor(
  lists: ReadonlyArray<{ kept: KeptList; assignee: PriceAssignee }>,
  product: PricedProduct,
  day: string,
  dayNo: number,
): readonly PriceEntry[] {
  let found: PriceEntry[] | undefined;
  for (const { kept, assignee } of lists) {
    const ids = kept.productIds;
    const first = hasProductEntry(kept, product.id) ? firstIndexOf(ids, product.id) : ids.length;
    for (let i = first; i < ids.length && ids[i] === product.id; i++) {
      const starts = kept.startsDay[i] as number;
      const ends = kept.endsDay[i] as number;
      if (starts > dayNo || ends < dayNo) continue;
      (found ??= []).push({
        listId: kept.listId,
        listName: kept.listName,
        assignee,
        target: { kind: 'product', productId: product.id },
        minPacks: kept.minPacks[i] as number,
        rule:
          kept.fixed[i] === 1
            ? { kind: 'fixed', unitCents: kept.amount[i] as number }
            : { kind: 'percent_off', basisPoints: kept.amount[i] as number },
        startsOn: starts === OPEN_START ? null : (kept.dayTexts.get(starts) ?? dayText(starts)),
        endsOn: ends === OPEN_END ? null : (kept.dayTexts.get(ends) ?? dayText(ends)),
      });
    }
    // Brand entries, then each category's up the path (no array built per product: a page prices
    // a hundred products against each list).
    if (product.brand !== null)
      found = pushInDate(found, kept.byBrand.get(product.brand)?.[assignee], day);
    for (const id of product.categoryPath)
      found = pushInDate(found, kept.byCategory.get(id)?.[assignee], day);
  }
  return found ?? NONE;
}

/** NOTE: the entries pushed are the kept list's own: whoever reads them must not change them. */
function pushInDate(
  found: PriceEntry[] | undefined,
  entries: readonly PriceEntry[] | undefined,
  day: string,
): PriceEntry[] | undefined {
  if (entries) for (const entry of entries) if (entryInDate(entry, day)) (found ??= []).push(entry);
  return found;
}
