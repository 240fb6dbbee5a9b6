import { useEffect } from 'react';

/**
 * A page past the last one (an old link, a list that shrank, `/search-page/ribbon/999`) goes to the
 * last page, replacing the address so Back does not return to it. `lastPage` is undefined
 * until the list has loaded; an empty list's last page is 1. Returns whether `page` is in range, so
 * the caller shows its loading state rather than an empty page in the meantime.
 */
export function usePageInRange(
  page: number,
  lastPage: number | undefined,
  goToLastPage: (lastPage: number) => void,
): boolean {
  const last = lastPage === undefined ? undefined : Math.max(1, Math.trunc(lastPage) || 1);
  const outOfRange = last !== undefined && page > last;
  useEffect(() => {
    if (outOfRange) goToLastPage(last);
    // Only when the page or the last page changes, not when the caller passes a new function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outOfRange, last]);
  return !outOfRange;
}

/**
 * `usePageInRange` for a list that answers `last_page` with its rows: the loaded page while it is in
 * range, undefined (show the loading state) while going to the last page.
 */
export function useLoadedPageInRange<T extends { last_page: number }>(
  page: number,
  loaded: T | undefined,
  goToLastPage: (lastPage: number) => void,
): T | undefined {
  return usePageInRange(page, loaded?.last_page, goToLastPage) ? loaded : undefined;
}
