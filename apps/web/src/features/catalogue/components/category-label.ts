import { findCategoryLabel, type ProductsResponse } from '@wholesale/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import { useCategoryTree } from '../api/get-category-tree';
import { useStoreName } from '@/lib/store-identity';

/** The current language's label of the category a URL names (see findCategoryLabel). */
export function useCategoryLabel(key: string | undefined): string | undefined {
  const tree = useCategoryTree();
  return findCategoryLabel(tree.data, key);
}

/**
 * Whether a listing's address names a category the catalogue does not have: the tree knows no such
 * code or label and the listing's own answer is empty (the API lists nothing for an unknown
 * category, and also reads names in other languages, which the tree of this one does not show).
 * The page then shows the not-found page, as the server answers it 404 (api plugins/page-exists.ts).
 */
export function useCategoryMissing(
  key: string | undefined,
  listing: UseQueryResult<ProductsResponse>,
): boolean {
  const tree = useCategoryTree();
  if (!key?.trim() || !tree.data || !listing.data || listing.isPlaceholderData) return false;
  return !findCategoryLabel(tree.data, key) && listing.data.products.total === 0;
}

/**
 * A listing's page title and description (`heading` names its category); none when the category
 * is missing: the not-found page shown in its place writes its own.
 */
export function useListingMeta(missing: boolean, title: string, heading: string): void {
  const { t } = useTranslation('catalogue');
  const storeName = useStoreName();
  usePageMeta(
    missing
      ? null
      : {
          title: `${title} | ${storeName}`,
          description: t('meta.listing', { category: heading }),
        },
  );
}
