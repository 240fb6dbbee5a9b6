import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FilterOptions } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';
import { useViewer } from '@/lib/viewer';

type Body = { status: true; data: FilterOptions };

/** GET filter-options-by-category: category, classCode → brands, colours, types and sizes with counts. */
export const getFilterOptions = (
  category: string,
  classCode: string | undefined,
  country: string,
) =>
  api
    .get<Body>('/filter-options-by-category', { params: { category, classCode, country } })
    .then((b) => b.data);

export function filterOptionsQueryOptions(
  category: string,
  classCode: string | undefined,
  country: string,
) {
  return queryOptions({
    queryKey: catalogueKeys.key('filters', category, classCode ?? '', country),
    queryFn: () => getFilterOptions(category, classCode, country),
    staleTime: 5 * 60_000,
  });
}

export function useFilterOptions(category: string | undefined, classCode?: string) {
  const { country } = useViewer();
  return useQuery({
    ...filterOptionsQueryOptions(category ?? '', classCode, country),
    enabled: Boolean(category),
  });
}
