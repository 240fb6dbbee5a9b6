import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CataloguesResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** docs/product/content-pages.md GET catalogues: catalogue PDFs with covers. */
export const getCatalogues = (lang: string) =>
  api.get<CataloguesResponse>('/catalogues', { params: { lang } });

export const cataloguesQuery = (lang: string) =>
  queryOptions({
    queryKey: contentKeys.key('catalogues', lang),
    queryFn: () => getCatalogues(lang),
    staleTime: 5 * 60_000,
  });

export const useCatalogues = (lang: string) => useQuery(cataloguesQuery(lang));
