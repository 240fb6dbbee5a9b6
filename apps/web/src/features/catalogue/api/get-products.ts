import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductsResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';
import { useViewer, type Viewer } from '@/lib/viewer';

export type ListingFilters = { brand: string[]; color: string[]; type: string[]; size: string[] };

export type ProductListParams = {
  name?: string;
  category?: string;
  /** F, R, Y or N: the listing is then GET classCode. */
  classCode?: string;
  page: number;
  perPage: number;
  filters: ListingFilters;
};

const joined = (values: string[]) => (values.length ? values.join(',') : undefined);

/**
 * docs/product/catalogue.md: GET cadProducts or usProducts by country flag (lang, name, category, page, pagination,
 * brand, color, type, size); GET classCode with class_codes for the /F /R /Y /N listings.
 */
export function getProducts(
  params: ProductListParams,
  viewer: Pick<Viewer, 'lang' | 'country'>,
): Promise<ProductsResponse> {
  const common = {
    lang: viewer.lang,
    name: params.name,
    category: params.category,
    page: params.page,
    pagination: params.perPage,
    brand: joined(params.filters.brand),
    color: joined(params.filters.color),
    type: joined(params.filters.type),
    size: joined(params.filters.size),
  };
  if (params.classCode)
    return api.get<ProductsResponse>('/classCode', {
      params: { ...common, class_codes: params.classCode, country: viewer.country },
    });
  return api.get<ProductsResponse>(viewer.country === 'us' ? '/usProducts' : '/cadProducts', {
    params: common,
  });
}

export function productsQueryOptions(params: ProductListParams, viewer: Viewer) {
  return queryOptions({
    queryKey: catalogueKeys.list({
      ...params,
      lang: viewer.lang,
      country: viewer.country,
      viewer: viewer.viewerKey,
    }),
    queryFn: () => getProducts(params, viewer),
    placeholderData: keepPreviousData,
  });
}

export function useProducts(params: ProductListParams) {
  const viewer = useViewer();
  return useQuery(productsQueryOptions(params, viewer));
}
