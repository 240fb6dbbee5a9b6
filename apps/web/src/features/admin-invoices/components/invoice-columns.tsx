import type { AdminInvoiceRow } from '@wholesale/contract';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TableColumn } from '@/components/ui/labelled-table';
import { StaffOrderLink } from '@/components/ui/staff-order-link';
import { paths } from '@/config/paths';
import { useInvoiceFormat } from '@/lib/invoice-format';
import { adminInvoicePdfUrl } from '../api/get-admin-invoices';
import './admin-invoices.css';

type InvoiceColumn =
  'number' | 'customer' | 'order' | 'date' | 'due' | 'total' | 'open' | 'status' | 'source' | 'pdf';

/**
 * The columns of a staff invoice list (all invoices, one customer's): number, customer, order,
 * days, amounts in the invoice's currency, status, source and the PDF, with the function naming
 * them.
 */
export function useInvoiceColumns(): {
  columns: TableColumn<AdminInvoiceRow, InvoiceColumn>[];
  label: (column: InvoiceColumn) => string;
} {
  const { t } = useTranslation('admin-invoices');
  const { money } = useInvoiceFormat();
  return {
    label: (column) => t(`columns.${column}`),
    columns: [
      { id: 'number', cell: (i) => i.number },
      {
        id: 'customer',
        cell: (i) => (
          <Link to={paths.adminCustomer(i.customer_id)}>{i.company_name ?? i.customer_name}</Link>
        ),
      },
      {
        id: 'order',
        cell: (i) => (i.order_id !== null ? <StaffOrderLink id={i.order_id} /> : '—'),
      },
      { id: 'date', cell: (i) => i.issued_on },
      { id: 'due', cell: (i) => i.due_on },
      { id: 'total', cell: (i) => money(i.total_cents, i.currency) },
      { id: 'open', cell: (i) => money(i.open_cents, i.currency) },
      {
        id: 'status',
        cell: (i) => (
          <span className={`admin-invoice-status admin-invoice-status--${i.status}`}>
            {t(`status.${i.status}`)}
          </span>
        ),
      },
      { id: 'source', cell: (i) => t(`source.${i.source}`) },
      {
        id: 'pdf',
        cell: (i) => (
          <a
            href={adminInvoicePdfUrl(i.id)}
            download
            aria-label={t('downloadNamed', { number: i.number })}
          >
            <Download size={14} aria-hidden="true" /> {t('download')}
          </a>
        ),
      },
    ],
  };
}
