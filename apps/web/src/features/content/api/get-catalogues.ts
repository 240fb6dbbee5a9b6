import { useQuery } from '@tanstack/react-query';
import type { CataloguesResponse } from '@wholesale/contract';
import { contentQuery } from './content-query';

/** docs/product/content-pages.md GET catalogues: catalogue PDFs with covers. */
export const cataloguesQuery = (lang: string) =>
  contentQuery<CataloguesResponse>(
    ['catalogues', lang],
    '/catalogues',
    { lang },
    { staleTime: 5 * 60_000 },
  );

export const useCatalogues = (lang: string) => useQuery(cataloguesQuery(lang));
