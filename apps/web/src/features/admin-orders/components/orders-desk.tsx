import { ORDER_STATUSES, formatMoney, toCents, type OrderStatus } from '@wholesale/contract';
import { Download, Phone } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateRangeFields, SearchInput, SelectField } from '@/components/ui/filter-fields';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { useLoadedPageInRange } from '@/components/ui/use-page-in-range';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { deskCsvUrl, useDeskOrders, type DeskFilter } from '../api/get-orders';
import './admin-orders.css';

const SORTS = ['created_desc', 'created_asc', 'total_desc', 'total_asc'] as const;

/** The filters live in the URL, so a filtered desk can be bookmarked and shared among staff. */
function useFilter(): [
  DeskFilter,
  (next: Partial<DeskFilter>, options?: { replace: boolean }) => void,
] {
  const [params, setParams] = useSearchParams();
  const filter: DeskFilter = {
    status: params.get('status') ?? '',
    country: params.get('country') ?? '',
    q: params.get('q') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    sort: params.get('sort') ?? 'created_desc',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = (next: Partial<DeskFilter>, options?: { replace: boolean }) => {
    const merged = { ...filter, page: 1, ...next };
    const out = new URLSearchParams();
    for (const [k, v] of Object.entries(merged)) {
      if (k === 'page' ? v !== 1 : k === 'sort' ? v !== 'created_desc' : v) out.set(k, String(v));
    }
    setParams(out, options);
  };
  return [filter, update];
}

/** /admin/orders: the staff order desk (docs/product/back-office-orders.md). */
export function OrdersDesk() {
  const { t, i18n } = useTranslation(['admin-orders', 'orders']);
  const [filter, setFilter] = useFilter();
  const [text, setText] = useState(filter.q);
  useEffect(() => setText(filter.q), [filter.q]);
  const query = useDeskOrders(filter);
  const errorMessage = useErrorMessage();
  const dateFormat = new Intl.DateTimeFormat(`${i18n.language}-CA`, { dateStyle: 'medium' });
  const statusName = (s: OrderStatus) => t(`orders:status.${s}`);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setFilter({
      q: text.trim(),
      from: String(form.get('from') ?? ''),
      to: String(form.get('to') ?? ''),
    });
  };
  // Past the last page (an old link, a list that shrank): the last page, in place of this address.
  const data = useLoadedPageInRange(filter.page, query.data, (last) =>
    setFilter({ page: last }, { replace: true }),
  );

  return (
    <section className="admin-orders" aria-labelledby="desk-title">
      <h1 id="desk-title">{t('title')}</h1>
      <p>
        <Link className="button button--secondary" to={paths.adminPhoneOrders()}>
          <Phone size={16} aria-hidden="true" /> {t('phone.start')}
        </Link>
      </p>
      {data ? (
        <nav aria-label={t('counts')} className="desk-counts">
          <button
            type="button"
            className={`desk-count${filter.status === '' ? ' desk-count--active' : ''}`}
            aria-pressed={filter.status === ''}
            onClick={() => setFilter({ status: '' })}
          >
            {t('allStatuses')} ({Object.values(data.counts).reduce((a, b) => a + b, 0)})
          </button>
          {ORDER_STATUSES.map((s) => (
            <button
              type="button"
              key={s}
              className={`desk-count${filter.status === s ? ' desk-count--active' : ''}`}
              aria-pressed={filter.status === s}
              onClick={() => setFilter({ status: s })}
            >
              {statusName(s)} ({data.counts[s] ?? 0})
            </button>
          ))}
        </nav>
      ) : null}
      <form className="admin-filters" role="search" aria-label={t('filters')} onSubmit={onSubmit}>
        <div className="admin-filter admin-filter--grow">
          <SearchInput id="desk-q" label={t('search')} value={text} onChange={setText} />
        </div>
        <SelectField
          id="desk-status"
          className="admin-filter"
          label={t('status')}
          value={filter.status}
          onChange={(status) => setFilter({ status })}
          options={[
            { value: '', label: t('allStatuses') },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: statusName(s) })),
          ]}
        />
        <SelectField
          id="desk-country"
          className="admin-filter"
          label={t('country')}
          value={filter.country}
          onChange={(country) => setFilter({ country })}
          options={[
            { value: '', label: t('allCountries') },
            { value: 'ca', label: t('countries.ca') },
            { value: 'us', label: t('countries.us') },
          ]}
        />
        <DateRangeFields
          idPrefix="desk"
          className="admin-filter"
          fromLabel={t('from')}
          toLabel={t('to')}
          from={filter.from}
          to={filter.to}
        />
        <SelectField
          id="desk-sort"
          className="admin-filter"
          label={t('sort')}
          value={filter.sort}
          onChange={(sort) => setFilter({ sort })}
          options={SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }))}
        />
        <button type="submit" className="button">
          {t('apply')}
        </button>
        <a className="button button--secondary" href={deskCsvUrl(filter)} download>
          <Download size={16} aria-hidden="true" /> {t('export')}
        </a>
      </form>

      {!data && !query.isError ? <LoadingOverlay /> : null}
      {query.isError ? (
        <p role="alert" className="admin-error">
          {t('loadFailed')} {errorMessage(query.error)}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="admin-count" aria-live="polite">
            {t('count', { count: data.total })}
          </p>
          {data.data.length === 0 ? (
            <p>{t('empty')}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">{t('caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.order')}</th>
                    <th scope="col">{t('columns.date')}</th>
                    <th scope="col">{t('columns.customer')}</th>
                    <th scope="col">{t('columns.po')}</th>
                    <th scope="col">{t('columns.country')}</th>
                    <th scope="col">{t('columns.status')}</th>
                    <th scope="col">{t('columns.total')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((o) => (
                    <tr key={o.order_id} data-testid={`desk-row-${o.order_id}`}>
                      <td data-label={t('columns.order')}>
                        <Link
                          to={paths.adminOrder(o.order_id)}
                          aria-label={t('open', { id: o.order_id })}
                        >
                          #{o.order_id}
                        </Link>
                      </td>
                      <td data-label={t('columns.date')}>{dateFormat.format(new Date(o.date))}</td>
                      <td data-label={t('columns.customer')}>
                        {o.company_name ? `${o.company_name} — ` : ''}
                        {o.customer_name}
                      </td>
                      <td data-label={t('columns.po')}>{o.po_number ?? '—'}</td>
                      <td data-label={t('columns.country')}>{t(`countries.${o.country}`)}</td>
                      <td data-label={t('columns.status')}>
                        <span className={`order-status order-status--${o.status}`}>
                          {statusName(o.status)}
                        </span>
                      </td>
                      <td data-label={t('columns.total')}>
                        {formatMoney(i18n.language, o.country)(toCents(o.total))}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {data.last_page > 1 ? (
            <nav aria-label={t('pages')} className="desk-pages">
              <button
                type="button"
                className="button button--secondary"
                disabled={data.current_page <= 1}
                onClick={() => setFilter({ page: data.current_page - 1 })}
              >
                {t('previous')}
              </button>
              <span>{t('page', { page: data.current_page, last: data.last_page })}</span>
              <button
                type="button"
                className="button button--secondary"
                disabled={data.current_page >= data.last_page}
                onClick={() => setFilter({ page: data.current_page + 1 })}
              >
                {t('next')}
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
