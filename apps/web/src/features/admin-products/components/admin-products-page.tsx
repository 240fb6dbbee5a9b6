import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchInput } from '@/components/ui/filter-fields';
import { useLoadedPageInRange } from '@/components/ui/use-page-in-range';
import { useUrlFilter } from '@/components/ui/use-url-filter';
import { paths } from '@/config/paths';
import { useProducts } from '../api/get-products';
import './admin-products.css';
import { TableHead } from '@/components/ui/table-head';
import { StaffSection } from '@/components/ui/staff-section';

const DEFAULT_FILTER = { q: '', page: 1 };

/** /admin/products: staff search products by SKU, barcode or name and open one to edit it. */
export function AdminProductsPage() {
  const { t } = useTranslation('admin-products');
  const base = useId();
  const [{ q, page }, go, pages] = useUrlFilter(DEFAULT_FILTER);
  const [draft, setDraft] = useState(q);
  const products = useProducts({ q, page });
  // Past the last page (an old link, a list that shrank): the last page, in place of this address.
  const data = useLoadedPageInRange(page, products.data, pages.goToLastPage);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim() });
  };

  return (
    <StaffSection id={base} title={t('list.title')} className="admin-products">
      <form role="search" onSubmit={submit} className="admin-products__search">
        <div className="admin-products__field">
          <SearchInput
            id={`${base}-q`}
            label={t('list.search')}
            value={draft}
            placeholder={t('list.searchPlaceholder')}
            onChange={setDraft}
          />
        </div>
        <button type="submit" className="button">
          {t('list.apply')}
        </button>
      </form>
      {products.isError ? (
        <p role="alert">{t('list.loadFailed')}</p>
      ) : !data ? (
        <p aria-busy="true">{t('edit.loading')}</p>
      ) : data.data.length === 0 ? (
        <p role="status">{t('list.empty')}</p>
      ) : (
        <>
          <p role="status">{t('list.count', { count: data.total })}</p>
          <div className="admin-products__table-wrap" aria-busy={products.isFetching}>
            <table>
              <TableHead
                caption={t('list.title')}
                columns={['sku', 'name', 'barcode', 'priceCa', 'stockCa', 'priceUs', 'stockUs']}
                label={(c) => t(`list.columns.${c}`)}
              />
              <tbody>
                {data.data.map((p) => (
                  <tr key={p.sku}>
                    <td>
                      <Link
                        to={paths.adminProduct(p.sku)}
                        aria-label={t('list.edit', { sku: p.sku })}
                      >
                        {p.sku}
                      </Link>
                    </td>
                    <td>
                      {p.name_en}
                      {p.active ? null : <em> ({t('list.inactive')})</em>}
                    </td>
                    <td>{p.barcode}</td>
                    <td>{p.price_ca}</td>
                    <td>{p.stock_ca}</td>
                    <td>{p.price_us}</td>
                    <td>{p.stock_us}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="admin-products__pager" aria-label={t('list.title')}>
            <button type="button" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
              {t('list.previous')}
            </button>
            <span>{t('list.page', { page, last: data.last_page })}</span>
            <button
              type="button"
              disabled={page >= data.last_page}
              onClick={() => go({ page: page + 1 })}
            >
              {t('list.next')}
            </button>
          </nav>
        </>
      )}
    </StaffSection>
  );
}
