import { resultCount, type ProductPage } from '@wholesale/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedProductGrid } from '@/components/product/paged-product-grid';
import { ProductGridSkeleton } from '@/components/product/product-grid';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import '@/components/ui/pagination.css';
import { RecordsPerPage } from '@/components/ui/records-per-page';
import { usePageInRange } from '@/components/ui/use-page-in-range';
import { ClassLegend } from './class-legend';
import './catalogue.css';

type Props = {
  title: ReactNode;
  /** The listing's query: a page of products once loaded. */
  query: { data?: { products: ProductPage }; isPending: boolean; isError: boolean };
  /** The page and page size in the address, and their setters (useListingState). */
  paging: {
    page: number;
    perPage: number;
    setPage: (page: number, options?: { replace?: boolean }) => void;
    setPerPage: (size: number) => void;
  };
  aside?: ReactNode;
  before?: ReactNode;
};

/** A product listing: heading, count, records per page, pagination bar and page selector, the grid. */
export function ListingView({
  title,
  query: { data: answer, isPending, isError },
  paging: { page, perPage, setPage: onPage, setPerPage: onPerPage },
  aside,
  before,
}: Props) {
  const { t } = useTranslation('catalogue');
  const loaded = answer?.products;
  const inRange = usePageInRange(page, loaded?.last_page, (lastPage) =>
    onPage(lastPage, { replace: true }),
  );
  const loading = isPending || !inRange;
  const data = inRange ? loaded : undefined;
  const count = data ? resultCount(data.data.length, data.total) : null;
  return (
    <section className="page listing" aria-labelledby="listing-title">
      <h1 id="listing-title" className="listing__title">
        {title}
      </h1>
      {before}
      <div className={`listing__layout${aside ? ' listing__layout--with-aside' : ''}`}>
        {aside}
        <div className="listing__main">
          <div className="listing__toolbar">
            <p className="listing__count" aria-live="polite">
              {count ? t('listing.count', { shown: count.shown, total: count.total }) : '\u00a0'}
            </p>
            <ClassLegend />
            <RecordsPerPage value={perPage} onChange={onPerPage} />
          </div>
          {loading && (
            <>
              <LoadingOverlay />
              <ProductGridSkeleton />
            </>
          )}
          {isError && (
            <p className="listing__message" role="alert">
              {t('listing.error')}
            </p>
          )}
          {data && data.data.length === 0 && !isError && (
            <p className="listing__message">
              {data.total > 0 ? t('listing.pastEnd') : t('listing.empty')}
            </p>
          )}
          <PagedProductGrid
            products={data}
            page={page}
            onPage={onPage}
            label={t('listing.gridLabel')}
          />
        </div>
      </div>
    </section>
  );
}
