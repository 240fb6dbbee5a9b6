import { expect } from 'vitest';
import type { SearchIndex } from './search.index';
import type { SearchInput } from './search.queries';

/**
 * Checks the page of a search whose hit list is not kept (`searchFirst`, CACHES=off): its hits are
 * the first `first` of the whole ranked list (`search`), in the same order, and its total is the
 * whole list's length. The search index test files (search-index.*.test.ts) check it on their own
 * indexes.
 */
export function expectFirstHitsOfWholeList(
  index: SearchIndex,
  search: SearchInput,
  query: string,
  first: number,
): void {
  const all = index.search(search, query);
  expect(index.searchFirst(search, query, first)).toEqual({
    hits: all.slice(0, first),
    total: all.length,
  });
}
