import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDescriptionResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { catalogueKeys } from './keys';
import { useViewer, type Viewer } from '@/lib/viewer';

/** GET productDescription: product_id, country, lang. */
export const getProductDescription = (productId: string, country: string, lang: string) =>
  api
    .get<ProductDescriptionResponse>('/productDescription', {
      params: { product_id: productId, country, lang },
    })
    .then((b) => b.data);

export function productDescriptionQueryOptions(productId: string, country: string, viewer: Viewer) {
  return queryOptions({
    queryKey: catalogueKeys.detail(productId, {
      country,
      lang: viewer.lang,
      viewer: viewer.viewerKey,
    }),
    queryFn: () => getProductDescription(productId, country, viewer.lang),
  });
}

export function useProductDescription(productId: string, country: string) {
  const viewer = useViewer();
  return useQuery(productDescriptionQueryOptions(productId, country, viewer));
}
