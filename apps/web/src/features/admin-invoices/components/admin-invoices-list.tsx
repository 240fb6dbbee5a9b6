import { INVOICE_STATUSES } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { StaffFilters } from '@/components/ui/staff-filters';
import { StaffResults } from '@/components/ui/staff-results';
import { StaffSection } from '@/components/ui/staff-section';
import { useUrlFilter } from '@/components/ui/use-url-filter';
import {
  useAdminInvoices,
  useInvoiceCustomer,
  type AdminInvoiceFilter,
} from '../api/get-admin-invoices';
import { useInvoiceColumns } from './invoice-columns';
import { usePageTitle } from '@/lib/page-title';

const DEFAULT_FILTER: AdminInvoiceFilter = {
  customer_id: '',
  status: '',
  from: '',
  to: '',
  page: 1,
};

/** /admin/invoices (credit, orders): every invoice, filtered by customer, status and issue days. */
export function AdminInvoicesList() {
  const { t } = useTranslation('admin-invoices');
  const [filter, setFilter, pages] = useUrlFilter(DEFAULT_FILTER);
  usePageTitle(t('title'));
  // Staff know a customer by its code (CA100001); the list filters by the customer's number.
  const customer = useInvoiceCustomer(filter.customer_id);
  const query = useAdminInvoices({ ...filter, customer_id: customer.id });
  const invoiceColumns = useInvoiceColumns();
  const statusOptions = [
    { value: '', label: t('allStatuses') },
    ...INVOICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
  ];
  return (
    <StaffSection id="admin-invoices" title={t('title')} className="admin-people admin-invoices">
      <p>{t('lead')}</p>
      <StaffFilters
        idPrefix="invoices"
        text={t}
        filter={[filter, setFilter]}
        controls={[
          { name: 'customer_id', label: t('customer'), type: 'search', maxLength: 20 },
          { name: 'status', label: t('statusFilter'), live: true, options: statusOptions },
          { name: 'from', label: t('from'), type: 'date' },
          { name: 'to', label: t('to'), type: 'date' },
        ]}
      />
      {customer.unknown ? (
        <p role="status">{t('unknownCustomer', { code: filter.customer_id.trim() })}</p>
      ) : customer.pending ? null : (
        <StaffResults
          query={query}
          {...pages}
          loadFailed={t('loadFailed')}
          text={t}
          columns={invoiceColumns.columns}
        />
      )}
    </StaffSection>
  );
}
