import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@wholesale/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListingFilters } from '../api/get-products';

export const FILTER_KINDS = ['brand', 'color', 'type', 'size'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

function list(value: string | null): string[] {
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

function filtersKeyOf(params: URLSearchParams): string {
  return FILTER_KINDS.map((k) => params.get(k) ?? '').join('|');
}

function parseFilters(filtersKey: string): ListingFilters {
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

/**
 * Listing state kept in the URL (?page=&per=&brand=&color=&type=&size=) so a filtered page can be
 * shared and reloaded. Changing the page size or a filter goes back to page 1 (docs/product/catalogue.md).
 */
export function useListingState() {
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const perPage = parsePerPage(params.get('per'));
  const filtersKey = filtersKeyOf(params);
  const filters = useMemo(() => parseFilters(filtersKey), [filtersKey]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, resetPage: boolean, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          if (resetPage) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  /** `replace` swaps the address instead of adding one (an out-of-range page going to the last). */
  const setPage = useCallback(
    (p: number, options?: { replace?: boolean }) =>
      update(
        (next) => (p <= 1 ? next.delete('page') : next.set('page', String(p))),
        false,
        options?.replace,
      ),
    [update],
  );
  const setPerPage = useCallback(
    (size: number) =>
      update(
        (next) => (size === DEFAULT_PAGE_SIZE ? next.delete('per') : next.set('per', String(size))),
        true,
      ),
    [update],
  );
  const toggleFilter = useCallback(
    (kind: FilterKind, value: string) =>
      update((next) => {
        const values = list(next.get(kind));
        const updated = values.includes(value)
          ? values.filter((v) => v !== value)
          : [...values, value];
        if (updated.length) next.set(kind, updated.join(','));
        else next.delete(kind);
      }, true),
    [update],
  );
  const clearFilters = useCallback(
    () => update((next) => FILTER_KINDS.forEach((k) => next.delete(k)), true),
    [update],
  );

  return { page, perPage, filters, setPage, setPerPage, toggleFilter, clearFilters };
}
