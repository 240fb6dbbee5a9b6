import { DEFAULT_PAGE_SIZE } from '@wholesale/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  FILTER_KINDS,
  filtersKeyOf,
  list,
  parseFilters,
  parsePage,
  parsePerPage,
  type FilterKind,
} from './listing-params';

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
