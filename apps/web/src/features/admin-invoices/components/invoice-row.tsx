import { formatMoney, type AdminInvoiceRow } from '@wholesale/contract';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { adminInvoicePdfUrl } from '../api/get-admin-invoices';
import './admin-invoices.css';

export const INVOICE_COLUMNS = [
  'number',
  'customer',
  'order',
  'date',
  'due',
  'total',
  'open',
  'status',
  'source',
  'pdf',
] as const;

/** One invoice of a staff list: number, customer, order, days, amounts, status, source, PDF. */
export function AdminInvoiceTableRow({ invoice: i }: { invoice: AdminInvoiceRow }) {
  const { t, i18n } = useTranslation('admin-invoices');
  const money = formatMoney(i18n.language, i.currency === 'USD' ? 'us' : 'ca');
  return (
    <tr>
      <td data-label={t('columns.number')}>{i.number}</td>
      <td data-label={t('columns.customer')}>
        <Link to={paths.adminCustomer(i.customer_id)}>{i.company_name ?? i.customer_name}</Link>
      </td>
      <td data-label={t('columns.order')}>
        {i.order_id !== null ? <Link to={paths.adminOrder(i.order_id)}>#{i.order_id}</Link> : '—'}
      </td>
      <td data-label={t('columns.date')}>{i.issued_on}</td>
      <td data-label={t('columns.due')}>{i.due_on}</td>
      <td data-label={t('columns.total')}>{money(i.total_cents)}</td>
      <td data-label={t('columns.open')}>{money(i.open_cents)}</td>
      <td data-label={t('columns.status')}>
        <span className={`admin-invoice-status admin-invoice-status--${i.status}`}>
          {t(`status.${i.status}`)}
        </span>
      </td>
      <td data-label={t('columns.source')}>{t(`source.${i.source}`)}</td>
      <td data-label={t('columns.pdf')}>
        <a
          href={adminInvoicePdfUrl(i.id)}
          download
          aria-label={t('downloadNamed', { number: i.number })}
        >
          <Download size={14} aria-hidden="true" /> {t('download')}
        </a>
      </td>
    </tr>
  );
}
