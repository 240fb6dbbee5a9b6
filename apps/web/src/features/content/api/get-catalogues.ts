import { useQuery } from '@tanstack/react-query';
import type { CataloguesResponse } from '@wholesale/contract';
import { rarelyChangingContent } from './content-query';

/** docs/product/content-pages.md GET catalogues: catalogue PDFs with covers. */
export const cataloguesQuery = rarelyChangingContent<CataloguesResponse>(
  'catalogues',
  '/catalogues',
);

export const useCatalogues = (lang: string) => useQuery(cataloguesQuery(lang));
