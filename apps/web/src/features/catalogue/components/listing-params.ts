import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@wholesale/contract';
import type { ListingFilters } from '../api/get-products';

// NOTE: apart from use-listing-state.ts because the listing's route loader reads the address with
// readListingParams (api/prefetch-catalogue.ts), so the entry chunk carries these readers, not the
// page's hook (home route JavaScript budget, docs/product/storefront-ux.md).

export const FILTER_KINDS = ['brand', 'color', 'type', 'size'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Reads a positive page number from the URL; anything else is page 1. */
export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

/** Reads a records-per-page value from the URL; anything but 25/50/75/100/125/300 is the default 25. */
export function parsePerPage(value: string | null): number {
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_PAGE_SIZE;
}

export function filtersKeyOf(params: URLSearchParams): string {
  return FILTER_KINDS.map((k) => params.get(k) ?? '').join('|');
}

export function parseFilters(filtersKey: string): ListingFilters {
  const [brand, color, type, size] = filtersKey.split('|').map((v) => list(v));
  return { brand, color, type, size };
}

/** The page, page size and filters a listing URL asks for (what useListingState reads). */
export function readListingParams(params: URLSearchParams) {
  return {
    page: parsePage(params.get('page')),
    perPage: parsePerPage(params.get('per')),
    filters: parseFilters(filtersKeyOf(params)),
  };
}
