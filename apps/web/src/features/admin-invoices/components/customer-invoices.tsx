import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StaffResults } from '@/components/ui/staff-results';
import { paths } from '@/config/paths';
import { useAdminInvoices } from '../api/get-admin-invoices';
import { useInvoiceColumns } from './invoice-columns';

/** The customer screen's invoices: the newest ten, and a link to all of them on the invoices screen. */
export function CustomerInvoices({ customerId }: { customerId: number }) {
  const { t } = useTranslation('admin-invoices');
  const query = useAdminInvoices(
    { customer_id: String(customerId), status: '', from: '', to: '', page: 1 },
    10,
  );
  const invoiceColumns = useInvoiceColumns();
  return (
    <section
      className="admin-people customer-invoices"
      aria-labelledby={`customer-invoices-${customerId}`}
    >
      <h2 id={`customer-invoices-${customerId}`}>{t('customerTitle')}</h2>
      <StaffResults
        query={query}
        page={1}
        onPage={() => undefined}
        goToLastPage={() => undefined}
        loadFailed={t('loadFailed')}
        count={(count) => t('count', { count })}
        empty={t('customerEmpty')}
        caption={t('customerTitle')}
        {...invoiceColumns}
      />
      <p>
        <Link to={`${paths.adminInvoices()}?customer_id=${customerId}`}>{t('all')}</Link>
      </p>
    </section>
  );
}
