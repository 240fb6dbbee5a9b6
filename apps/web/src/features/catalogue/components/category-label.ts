import { findCategoryLabel } from '@wholesale/contract';
import { useCategoryTree } from '../api/get-category-tree';

/** The current language's label of the category a URL names (see findCategoryLabel). */
export function useCategoryLabel(key: string | undefined): string | undefined {
  const tree = useCategoryTree();
  return findCategoryLabel(tree.data, key);
}
