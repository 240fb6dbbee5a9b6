import { useQuery } from '@tanstack/react-query';
import type { CataloguesResponse } from '@wholesale/contract';
import { contentListQuery } from './content-list';

/** docs/product/content-pages.md GET catalogues: catalogue PDFs with covers. */
export const cataloguesQuery = (lang: string) =>
  contentListQuery<CataloguesResponse>('catalogues', '/catalogues', lang, {
    staleTime: 5 * 60_000,
  });

export const useCatalogues = (lang: string) => useQuery(cataloguesQuery(lang));
