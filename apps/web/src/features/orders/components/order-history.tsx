import { ORDER_STATUSES, type OrderStatus } from '@wholesale/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { SelectField } from '@/components/ui/filter-fields';
import { ListStatus } from '@/components/ui/list-status';
import { usePageInRange } from '@/components/ui/use-page-in-range';
import { useMoney } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { useOrderHistory } from '../api/get-order-history';
import { OrderStatusBadge, OrderStatusSince } from './order-status';
import { OrderCreditBadge } from './order-credit-notice';
import { PrevNextPager } from './prev-next-pager';
import { ReorderButton } from './reorder-button';
import './orders.css';
import { TableHead } from '@/components/ui/table-head';
import { SecondaryButton } from '@/components/ui/buttons';
import '@/components/ui/stacked-table.css';
import { useDates } from '@/lib/dates';

/** /order: the customer's orders, newest first, filtered by date range and status, 25 per page. */
export function OrderHistory() {
  const { t } = useTranslation('orders');
  const [search, setSearch] = useSearchParams();
  const money = useMoney();
  const formatDate = useDates().day;
  const filterId = useId();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const status = (search.get('status') ?? '') as OrderStatus | '';
  const history = useOrderHistory({ page, from, to, status });

  usePageTitle(t('history.title'));

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in changes)) next.delete('page');
    setSearch(next);
  };

  // Past the last page (an old link): the last page, in place of this address.
  const inRange = usePageInRange(page, history.data?.last_page, (last) => {
    const next = new URLSearchParams(search);
    if (last > 1) next.set('page', String(last));
    else next.delete('page');
    setSearch(next, { replace: true });
  });
  const data = inRange ? history.data : undefined;
  // The date range: neither end may cross the other.
  const dateBounds = [
    { name: 'from', value: from, max: to || undefined },
    { name: 'to', value: to, min: from || undefined },
  ] as const;
  return (
    <section className="page container orders-page" aria-labelledby="orders-title">
      <h1 id="orders-title">{t('history.title')}</h1>
      <form
        className="orders-filters"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('history.filters')}
      >
        {dateBounds.map(({ name, ...bounds }) => (
          <div key={name}>
            <label htmlFor={`${filterId}-${name}`}>{t(`history.${name}`)}</label>
            <input
              id={`${filterId}-${name}`}
              type="date"
              {...bounds}
              onChange={(e) => update({ [name]: e.target.value })}
            />
          </div>
        ))}
        <SelectField
          id={`${filterId}-status`}
          label={t('history.status')}
          value={status}
          onChange={(next) => update({ status: next })}
          options={[
            { value: '', label: t('history.allStatuses') },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
        {from || to || status ? (
          <SecondaryButton onClick={() => setSearch(new URLSearchParams())}>
            {t('history.clear')}
          </SecondaryButton>
        ) : null}
      </form>

      <ListStatus
        query={history}
        loading={history.isPending || !inRange}
        empty={data?.data.length === 0}
      >
        {from || to || status ? t('history.noMatch') : t('history.none')}{' '}
        <Link to={paths.home()}>{t('history.shop')}</Link>
      </ListStatus>
      {data && data.data.length > 0 ? (
        <>
          <p className="orders-count" aria-live="polite">
            {t('history.count', { shown: data.data.length, total: data.total })}
          </p>
          <table className="data-table orders-table stacked-table">
            <TableHead
              caption={t('history.caption')}
              columns={['order', 'date', 'po', 'status', 'lines', 'total', 'actions']}
              label={(c) => t(`columns.${c}`)}
              hidden={['actions']}
            />
            <tbody>
              {data.data.map((o) => (
                <tr key={o.order_id} data-testid={`order-row-${o.order_id}`}>
                  <td data-label={t('columns.order')}>
                    <Link to={paths.orderDetails(o.order_id)}>#{o.order_id}</Link>
                  </td>
                  <td data-label={t('columns.date')}>{formatDate(o.date)}</td>
                  <td data-label={t('columns.po')}>{o.po_number ?? '—'}</td>
                  <td data-label={t('columns.status')}>
                    <OrderStatusBadge status={o.status} />
                    <OrderCreditBadge order={o} />
                    {o.status !== 'placed' ? <OrderStatusSince at={o.status_at} /> : null}
                    {o.placed_by ? (
                      <span className="order-placed-by">
                        {' '}
                        {t('followUp.placedBy', { name: o.placed_by })}
                      </span>
                    ) : null}
                  </td>
                  <td data-label={t('columns.lines')}>{o.lines}</td>
                  <td data-label={t('columns.total')}>{money(o.total)}</td>
                  <td>
                    <ReorderButton orderId={o.order_id} compact />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.last_page > 1 ? (
            <PrevNextPager
              className="orders-pager"
              label={t('history.pages')}
              page={page}
              lastPage={data.last_page}
              onPage={(next) => update({ page: String(next) })}
              previous={t('history.previous')}
              position={t('history.page', { page: data.current_page, last: data.last_page })}
              next={t('history.next')}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
