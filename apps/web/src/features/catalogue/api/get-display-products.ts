import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductsResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';
import { useViewer, type Viewer } from '@/lib/viewer';

/** GET displayProducts: category, country, lang, pagination (and page). */
export const getDisplayProducts = (
  category: string,
  page: number,
  perPage: number,
  viewer: Pick<Viewer, 'lang' | 'country'>,
) =>
  api.get<ProductsResponse>('/displayProducts', {
    params: { category, country: viewer.country, lang: viewer.lang, pagination: perPage, page },
  });

export function displayProductsQueryOptions(
  category: string,
  page: number,
  perPage: number,
  viewer: Viewer,
) {
  return queryOptions({
    queryKey: catalogueKeys.key(
      'display',
      category,
      page,
      perPage,
      viewer.lang,
      viewer.country,
      viewer.viewerKey,
    ),
    queryFn: () => getDisplayProducts(category, page, perPage, viewer),
    placeholderData: keepPreviousData,
  });
}

export function useDisplayProducts(category: string, page: number, perPage: number) {
  const viewer = useViewer();
  return useQuery(displayProductsQueryOptions(category, page, perPage, viewer));
}
