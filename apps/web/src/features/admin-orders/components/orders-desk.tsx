import {
  ORDER_STATUSES,
  formatMoney,
  toCents,
  type AdminOrderRow,
  type OrderStatus,
} from '@wholesale/contract';
import { Download, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StaffFilters } from '@/components/ui/staff-filters';
import { StaffResults } from '@/components/ui/staff-results';
import { useUrlFilter } from '@/components/ui/use-url-filter';
import { StaffOrderLink } from '@/components/ui/staff-order-link';
import { paths } from '@/config/paths';
import { deskCsvUrl, useDeskOrders, type DeskFilter } from '../api/get-orders';
import { DeskCreditBadge } from './desk-credit';
import './admin-orders.css';
import { StaffSection } from '@/components/ui/staff-section';
import { useDates } from '@/lib/dates';

const SORTS = [
  'created_desc',
  'created_asc',
  'total_desc',
  'total_asc',
  'ship_date_asc',
  'ship_date_desc',
] as const;

/** The desk's filters as the URL carries them (a filtered desk can be bookmarked and shared). */
const DEFAULT_FILTER: DeskFilter = {
  status: '',
  country: '',
  q: '',
  from: '',
  to: '',
  ship_date_from: '',
  ship_date_to: '',
  waiting: '',
  sort: 'created_desc',
  page: 1,
};

/** /admin/orders: the staff order desk (docs/product/back-office-orders.md). */
export function OrdersDesk() {
  const { t, i18n } = useTranslation(['admin-orders', 'orders']);
  const { t: tc } = useTranslation('admin-credit');
  const [filter, setFilter, pages] = useUrlFilter(DEFAULT_FILTER);
  const query = useDeskOrders(filter);
  const dates = useDates();
  const statusName = (s: OrderStatus) => t(`orders:status.${s}`);

  const statusOptions = [
    { value: '', label: t('allStatuses') },
    ...ORDER_STATUSES.map((s) => ({ value: s, label: statusName(s) })),
  ];
  const countryOptions = [
    { value: '', label: t('allCountries') },
    { value: 'ca', label: t('countries.ca') },
    { value: 'us', label: t('countries.us') },
  ];
  const sortOptions = SORTS.map((s) => ({ value: s, label: t(`sorts.${s}`) }));
  const counts = query.data?.counts;
  const money = (o: AdminOrderRow, dollars: number) =>
    formatMoney(i18n.language, o.country)(toCents(dollars));
  // Waiting for credit, an order shows what the customer owes, taxes included, as Receivables'
  // list of the same orders does; elsewhere the goods total the total sorts order by.
  const totalColumn =
    filter.waiting === 'credit'
      ? { id: 'totalWithTax' as const, cell: (o: AdminOrderRow) => money(o, o.total_with_tax) }
      : { id: 'total' as const, cell: (o: AdminOrderRow) => money(o, o.total) };

  return (
    <StaffSection id="desk" title={t('title')} className="admin-orders">
      <p>
        <Link className="button button--secondary" to={paths.adminPhoneOrders()}>
          <Phone size={16} aria-hidden="true" /> {t('phone.start')}
        </Link>
      </p>
      {counts ? (
        <nav aria-label={t('counts')} className="desk-counts">
          <button
            type="button"
            className={`desk-count${filter.status === '' ? ' desk-count--active' : ''}`}
            aria-pressed={filter.status === ''}
            onClick={() => setFilter({ status: '' })}
          >
            {t('allStatuses')} ({Object.values(counts).reduce((a, b) => a + b, 0)})
          </button>
          {ORDER_STATUSES.map((s) => (
            <button
              type="button"
              key={s}
              className={`desk-count${filter.status === s ? ' desk-count--active' : ''}`}
              aria-pressed={filter.status === s}
              onClick={() => setFilter({ status: s })}
            >
              {statusName(s)} ({counts[s] ?? 0})
            </button>
          ))}
          <button
            type="button"
            className={`desk-count${filter.waiting === 'credit' ? ' desk-count--active' : ''}`}
            aria-pressed={filter.waiting === 'credit'}
            onClick={() => setFilter({ waiting: filter.waiting === 'credit' ? '' : 'credit' })}
          >
            {tc('desk.filter')}
          </button>
        </nav>
      ) : null}
      <StaffFilters
        idPrefix="desk"
        text={t}
        filter={[filter, setFilter]}
        controls={[
          { name: 'q', label: t('search'), type: 'search' },
          { name: 'status', label: t('status'), live: true, options: statusOptions },
          { name: 'country', label: t('country'), live: true, options: countryOptions },
          { name: 'from', label: t('from'), type: 'date' },
          { name: 'to', label: t('to'), type: 'date' },
          { name: 'ship_date_from', label: t('shipDateFrom'), type: 'date' },
          { name: 'ship_date_to', label: t('shipDateTo'), type: 'date' },
          { name: 'sort', label: t('sort'), live: true, options: sortOptions },
        ]}
      >
        <a className="button button--secondary" href={deskCsvUrl(filter)} download>
          <Download size={16} aria-hidden="true" /> {t('export')}
        </a>
      </StaffFilters>

      <StaffResults
        query={query}
        {...pages}
        loadFailed={t('loadFailed')}
        count={(count) => t('count', { count })}
        empty={t('empty')}
        caption={t('caption')}
        label={(c) => t(`columns.${c}`)}
        rowKey={(o) => o.order_id}
        rowTestId={(o) => `desk-row-${o.order_id}`}
        tableClassName="stacked-table"
        columns={[
          {
            id: 'order',
            cell: (o) => <StaffOrderLink id={o.order_id} />,
          },
          { id: 'date', cell: (o) => dates.tableDay(o.date) },
          {
            id: 'shipDate',
            cell: (o) =>
              o.requested_ship_date ? (
                <time dateTime={o.requested_ship_date}>
                  {dates.tableCalendarDay(o.requested_ship_date)}
                </time>
              ) : (
                t('asap')
              ),
          },
          {
            id: 'customer',
            cell: (o) => (
              <>
                {o.company_name ? `${o.company_name} — ` : ''}
                {o.customer_name}
              </>
            ),
          },
          { id: 'po', cell: (o) => o.po_number ?? '—' },
          { id: 'country', cell: (o) => t(`countries.${o.country}`) },
          {
            id: 'status',
            cell: (o) => (
              <>
                <span className={`order-status order-status--${o.status}`}>
                  {statusName(o.status)}
                </span>
                <DeskCreditBadge order={o} />
              </>
            ),
          },
          totalColumn,
        ]}
      />
    </StaffSection>
  );
}
