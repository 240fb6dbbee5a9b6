/** An item of the pagination bar: a page number or an ellipsis marker. */
export type PageWindowItem =
  { kind: 'page'; page: number } | { kind: 'ellipsis'; key: 'before' | 'after' };

/**
 * docs/product/catalogue.md pagination bar: first page, last page and pages within one of the current page are
 * shown; an ellipsis marks the gap where it falls three places before or after the current page.
 * Pages are 1-based; current is clamped into [1, last].
 */
export function pageWindow(current: number, last: number, neighbours = 1): PageWindowItem[] {
  const lastPage = Math.max(1, Math.trunc(last));
  const page = Math.min(Math.max(1, Math.trunc(current)), lastPage);
  const items: PageWindowItem[] = [];
  let previous = 0;
  for (let p = 1; p <= lastPage; p++) {
    const shown = p === 1 || p === lastPage || Math.abs(p - page) <= neighbours;
    if (!shown) continue;
    if (p - previous > 1) items.push({ kind: 'ellipsis', key: p < page ? 'before' : 'after' });
    items.push({ kind: 'page', page: p });
    previous = p;
  }
  return items;
}

/** docs/product/catalogue.md: the result count reads 'n of n' when total is under 25, otherwise shown of total. */
export function resultCount(shown: number, total: number): { shown: number; total: number } {
  return total < 25 ? { shown: total, total } : { shown, total };
}
