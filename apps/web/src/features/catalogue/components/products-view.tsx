import type { ReactNode } from 'react';
import { resolveProductsRoute, type ProductsRoute } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { useProducts } from '../api/get-products';
import { useCategoryLabel, useCategoryMissing, useListingMeta } from './category-label';
import { FiltersDrawer } from './filters-drawer';
import { FiltersPanel } from './filters-panel';
import { ListingView } from './listing-view';
import { FILTER_KINDS } from './listing-params';
import { useListingState } from './use-listing-state';

/**
 * The category listing page with filters in the URL; `notFound` (the app's not-found page) in its
 * place when the address names no category (useCategoryMissing).
 */
export function ProductsView({ route, notFound }: { route: ProductsRoute; notFound?: ReactNode }) {
  const { t } = useTranslation('catalogue');
  const resolved = resolveProductsRoute(route);
  const state = useListingState();
  const query = useProducts({
    name: resolved.name,
    category: resolved.category,
    classCode: resolved.classCode,
    page: state.page,
    perPage: state.perPage,
    filters: state.filters,
  });
  const label = useCategoryLabel(resolved.category);
  const missing = useCategoryMissing(resolved.category, query);
  const heading = label ?? resolved.label ?? t('listing.allProducts');
  const title = resolved.classCode ? `${heading} – ${t(`classes.${resolved.classCode}`)}` : heading;
  useListingMeta(missing, title, heading);
  if (missing && notFound) return notFound;
  const filters = (
    <FiltersPanel
      category={resolved.category}
      classCode={resolved.classCode}
      selected={state.filters}
      onToggle={state.toggleFilter}
      onClear={state.clearFilters}
    />
  );
  return (
    <ListingView
      title={title}
      query={query}
      paging={state}
      aside={resolved.category ? <div className="listing__aside">{filters}</div> : undefined}
      before={
        resolved.category ? (
          <FiltersDrawer active={FILTER_KINDS.reduce((n, k) => n + state.filters[k].length, 0)}>
            {filters}
          </FiltersDrawer>
        ) : undefined
      }
    />
  );
}
