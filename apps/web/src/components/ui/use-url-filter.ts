import { useSearchParams } from 'react-router';

/** A list's filter as it lives in the URL: text values and the page. */
type UrlFilter = { page: number } & Record<string, string | number>;

/** The page a list shows, stepping to another, and going to the last one in place of this address. */
export type UrlPages = {
  page: number;
  onPage: (page: number) => void;
  goToLastPage: (lastPage: number) => void;
};

/**
 * The filters of a staff list, kept in the URL so a filtered list can be bookmarked and shared among
 * staff. `defaults` names every filter with its value when the address does not carry it (in the
 * order they are written); the page is 1 or more. `update` merges a change, goes back to the first
 * page unless the change names one, and writes only the values that differ from their default.
 * `pages` moves between the list's pages (StaffResults takes it as it is).
 */
export function useUrlFilter<F extends UrlFilter>(
  defaults: F,
): [F, (next: Partial<F>, options?: { replace: boolean }) => void, UrlPages] {
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(
    Object.entries(defaults).map(([key, value]) => [
      key,
      key === 'page' ? Math.max(1, Number(params.get('page')) || 1) : (params.get(key) ?? value),
    ]),
  ) as F;
  const update = (next: Partial<F>, options?: { replace: boolean }) => {
    const merged: UrlFilter = { ...filter, page: 1, ...next };
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(merged))
      if (value !== undefined && value !== defaults[key]) out.set(key, String(value));
    setParams(out, options);
  };
  const pages: UrlPages = {
    page: filter.page,
    onPage: (page) => update({ page } as Partial<F>),
    goToLastPage: (last) => update({ page: last } as Partial<F>, { replace: true }),
  };
  return [filter, update, pages];
}
