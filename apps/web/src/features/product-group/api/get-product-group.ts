import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductGroupResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useViewer, type ViewerPage } from '@/lib/viewer';
import { productGroupKeys } from './keys';

/** GET /api/product_group/{id}?lang= (page, pagination): the whole response is returned (docs/product/catalogue.md). */
export async function getProductGroup(
  id: string,
  lang: string,
  page: number,
  perPage: number,
  country: string,
): Promise<ProductGroupResponse> {
  try {
    return await api.get<ProductGroupResponse>(`/product_group/${encodeURIComponent(id)}`, {
      params: { lang, page, pagination: perPage, country },
    });
  } catch (error) {
    // docs/product/errors-and-constants.md: logged, then rethrown to the caller.
    console.warn('error fetching product groups', error);
    throw error;
  }
}

/** docs/product/catalogue.md: group data is stale after 5 minutes and not refetched on window focus. */
export const PRODUCT_GROUP_STALE_TIME = 5 * 60_000;

export function productGroupQueryOptions(
  id: string,
  ...[lang, page, perPage, country, viewer]: ViewerPage
) {
  return queryOptions({
    queryKey: productGroupKeys.detail(id, { lang, page, perPage, country, viewer }),
    queryFn: () => getProductGroup(id, lang, page, perPage, country),
    staleTime: PRODUCT_GROUP_STALE_TIME,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
}

export function useProductGroup(id: string, page: number, perPage: number) {
  const { lang, country, viewerKey } = useViewer();
  return useQuery(productGroupQueryOptions(id, lang, page, perPage, country, viewerKey));
}
