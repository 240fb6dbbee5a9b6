import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StaffResults } from '@/components/ui/staff-results';
import { StaffSearchForm } from '@/components/ui/filter-fields';
import { useUrlFilter } from '@/components/ui/use-url-filter';
import { paths } from '@/config/paths';
import { useCustomers } from '../api/get-customers';
import { StaffSection } from '@/components/ui/staff-section';
import { usePageTitle } from '@/lib/page-title';
import { useDates } from '@/lib/dates';

const DEFAULT_FILTER = { q: '', page: 1 };

/** /admin/customers: search by name, e-mail, customer code or company (the search is in the URL). */
export function CustomersList() {
  const { t } = useTranslation(['admin-people', 'common']);
  const dates = useDates();
  const [{ q }, go, pages] = useUrlFilter(DEFAULT_FILTER);
  usePageTitle(t('customers.title'));
  const query = useCustomers({ q, page: pages.page });

  return (
    <StaffSection id="customers" title={t('customers.title')} className="admin-people">
      <StaffSearchForm
        id="customers-q"
        label={t('customers.search')}
        placeholder={t('customers.searchPlaceholder')}
        submitLabel={t('customers.apply')}
        current={q}
        onSearch={(text) => go({ q: text })}
      />
      <StaffResults
        query={query}
        {...pages}
        count={(count) => t('customers.count', { count })}
        empty={t('customers.empty')}
        caption={t('customers.title')}
        label={(c) => t(`customers.${c}`)}
        columns={[
          {
            id: 'company',
            cell: (c) => <Link to={paths.adminCustomer(c.id)}>{c.company_name ?? c.name}</Link>,
          },
          { id: 'owner', cell: (c) => c.name },
          { id: 'email', cell: (c) => c.email },
          { id: 'code', cell: (c) => c.customer_code ?? '—' },
          { id: 'country', cell: (c) => t(`customers.countries.${c.country}`) },
          {
            id: 'state',
            cell: (c) => (c.active ? t('customers.active') : t('customers.inactive')),
          },
          {
            id: 'lastSignIn',
            cell: (c) => (c.last_sign_in_at ? dates.moment(c.last_sign_in_at) : '—'),
          },
        ]}
      />
    </StaffSection>
  );
}
