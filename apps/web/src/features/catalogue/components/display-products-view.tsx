import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/lib/page-meta';
import { useDisplayProducts } from '../api/get-display-products';
import { useCategoryLabel } from './category-label';
import { ListingView } from './listing-view';
import { useListingState } from './use-listing-state';

/** /dispay-products/:cate — the products of one category, paginated (GET displayProducts). */
export function DisplayProductsView({ category }: { category: string }) {
  const { t } = useTranslation('catalogue');
  const state = useListingState();
  const query = useDisplayProducts(category, state.page, state.perPage);
  const title = useCategoryLabel(category) ?? category;
  usePageMeta({
    title: `${title} | ${t('brand.name', { ns: 'common' })}`,
    description: t('meta.listing', { category: title }),
  });
  return <ListingView title={title} query={query} paging={state} />;
}
