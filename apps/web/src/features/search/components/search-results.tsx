import { DEFAULT_PAGE_SIZE, resultCount, stripHtml } from '@wholesale/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PagedProductGrid } from '@/components/product/paged-product-grid';
import { ProductGridSkeleton } from '@/components/product/product-grid';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import '@/components/ui/pagination.css';
import { RecordsPerPage } from '@/components/ui/records-per-page';
import { usePageInRange } from '@/components/ui/use-page-in-range';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';
import { useSearchProducts } from '../api/search-products';
import './search.css';
import { useStoreName } from '@/lib/store-identity';

/** /search-page/:product/:search — results of a search (query, page) with pagination and matching categories. */
export function SearchResults({ term, page }: { term: string; page: number }) {
  const { t } = useTranslation('search');
  const storeName = useStoreName();
  const navigate = useNavigate();
  const [perPage, setPerPage] = useState(DEFAULT_PAGE_SIZE);
  const shown = stripHtml(term);
  const query = useSearchProducts(shown, page, perPage);
  const data = query.data;
  usePageMeta({
    title: `${t('results.title', { query: shown })} | ${storeName}`,
    description: t('meta.description', { query: shown }),
  });
  const goTo = (p: number) => void navigate(paths.search(shown, p));
  const inRange = usePageInRange(
    page,
    data?.products.last_page,
    (last) => void navigate(paths.search(shown, last), { replace: true }),
  );
  const loading = (query.isPending && Boolean(shown)) || !inRange;
  const products = inRange ? data?.products : undefined;
  const count = products ? resultCount(products.data.length, products.total) : null;
  return (
    <section className="page search-results" aria-labelledby="search-title">
      <h1 id="search-title">{t('results.title', { query: shown })}</h1>
      {loading && <LoadingOverlay />}
      {query.isError && <p role="alert">{t('results.error')}</p>}
      {inRange && data && data.categories.length > 0 && (
        <nav aria-label={t('results.categories')}>
          <ul className="search-results__categories">
            {data.categories.map((c) => (
              <li key={c.cat_code}>
                <Link
                  to={
                    c.level === 1
                      ? paths.categoryPage(c.name)
                      : paths.products({ name: c.name, category: c.category, catCode: c.cat_code })
                  }
                >
                  {c.category}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {/* NOTE: the toolbar waits for the results: the matching categories arrive with them and sit
          above it, so a toolbar shown earlier would be pushed down (docs/product/storefront-ux.md). */}
      {loading ? (
        <ProductGridSkeleton />
      ) : (
        <div className="listing__toolbar">
          <p className="listing__count" aria-live="polite">
            {count ? t('results.count', { shown: count.shown, total: count.total }) : '\u00a0'}
          </p>
          <RecordsPerPage
            value={perPage}
            onChange={(size) => {
              setPerPage(size);
              if (page !== 1) goTo(1);
            }}
          />
        </div>
      )}
      {products && products.data.length === 0 && (
        <p className="listing__message">
          {products.total > 0 ? t('results.pastEnd') : t('results.none', { query: shown })}
        </p>
      )}
      <PagedProductGrid
        products={products}
        page={page}
        onPage={goTo}
        label={t('results.gridLabel')}
      />
    </section>
  );
}
