import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ListStatus } from '@/components/ui/list-status';
import { ResultPagination } from '@/components/ui/pagination';
import { usePageInRange } from '@/components/ui/use-page-in-range';
import { paths } from '@/config/paths';
import { useInvoices } from '../api/get-invoices';
import { useInvoiceFormat } from '@/lib/invoice-format';
import { usePageTitle } from '@/lib/page-title';
import { InvoicePdfLinks } from './invoice-pdf-links';
import { InvoiceStatusBadge } from './invoice-status';
import './invoices.css';
import { ScrollTable } from '@/components/ui/labelled-table';
import '@/components/ui/stacked-table.css';

const COLUMNS = ['number', 'date', 'due', 'order', 'total', 'open', 'status', 'pdf'] as const;

/** /invoices: the buyer's invoices, newest first, with what is still open on each and the PDF. */
export function InvoiceList() {
  const { t } = useTranslation('invoices');
  const { money, day } = useInvoiceFormat();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const invoices = useInvoices({ page });

  usePageTitle(t('title'));

  const goTo = (next: number, replace = false) => {
    const params = new URLSearchParams(search);
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    setSearch(params, { replace });
  };
  const inRange = usePageInRange(page, invoices.data?.last_page, (last) => goTo(last, true));
  const data = inRange ? invoices.data : undefined;

  return (
    <section className="page container invoices-page" aria-labelledby="invoices-title">
      <h1 id="invoices-title">{t('title')}</h1>
      <p>{t('lead')}</p>
      <ListStatus
        query={invoices}
        loading={invoices.isPending || !inRange}
        failed={t('loadFailed')}
        empty={data?.data.length === 0}
      >
        {t('empty')}
      </ListStatus>
      {data && data.data.length > 0 ? (
        <>
          <p className="orders-count" aria-live="polite">
            {t('count', { count: data.total })}
          </p>
          <ScrollTable
            caption={t('title')}
            className="data-table stacked-table invoices-table"
            columns={COLUMNS}
            label={(c) => t(`columns.${c}`)}
            hidden={['pdf']}
          >
            {data.data.map((i) => (
              <tr key={i.id} data-testid={`invoice-row-${i.id}`}>
                <td data-label={t('columns.number')}>{i.number}</td>
                <td data-label={t('columns.date')}>{day(i.issued_on)}</td>
                <td data-label={t('columns.due')}>{day(i.due_on)}</td>
                <td data-label={t('columns.order')}>
                  {i.order_id !== null ? (
                    <Link to={paths.orderDetails(i.order_id)}>#{i.order_id}</Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td data-label={t('columns.total')}>{money(i.total_cents, i.currency)}</td>
                <td data-label={t('columns.open')}>{money(i.open_cents, i.currency)}</td>
                <td data-label={t('columns.status')}>
                  <InvoiceStatusBadge status={i.status} />
                </td>
                <td>
                  <InvoicePdfLinks id={i.id} number={i.number} />
                </td>
              </tr>
            ))}
          </ScrollTable>
          <ResultPagination data={data} page={page} onPage={(p) => goTo(p)} />
        </>
      ) : null}
    </section>
  );
}
