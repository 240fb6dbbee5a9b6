import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoriesResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';
import { useViewer } from '@/lib/viewer';

/**
 * GET /api/categories: the tree in one language, for the menu (app/layout, prefetched at boot),
 * the category page and breadcrumbs: one cache entry for all of them.
 */
export const getCategoryTree = (lang: string, country: string) =>
  api.get<CategoriesResponse>('/categories', { params: { lang, country } }).then((b) => b.data);

export function categoryTreeQueryOptions(lang: string, country: string) {
  return queryOptions({
    queryKey: catalogueKeys.key('tree', lang, country),
    queryFn: () => getCategoryTree(lang, country),
    staleTime: 5 * 60_000,
  });
}

export function useCategoryTree() {
  const { lang, country } = useViewer();
  return useQuery(categoryTreeQueryOptions(lang, country));
}
