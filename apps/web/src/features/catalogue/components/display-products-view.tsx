import type { ReactNode } from 'react';
import { useDisplayProducts } from '../api/get-display-products';
import { useCategoryLabel, useCategoryMissing, useListingMeta } from './category-label';
import { ListingView } from './listing-view';
import { useListingState } from './use-listing-state';

/**
 * /dispay-products/:cate — the products of one category, paginated (GET displayProducts);
 * `notFound` in its place when the address names no category (useCategoryMissing).
 */
export function DisplayProductsView({
  category,
  notFound,
}: {
  category: string;
  notFound?: ReactNode;
}) {
  const state = useListingState();
  const query = useDisplayProducts(category, state.page, state.perPage);
  const title = useCategoryLabel(category) ?? category;
  const missing = useCategoryMissing(category, query);
  useListingMeta(missing, title, title);
  if (missing && notFound) return notFound;
  return <ListingView title={title} query={query} paging={state} />;
}
