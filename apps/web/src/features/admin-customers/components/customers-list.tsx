import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StaffResults } from '@/components/ui/staff-results';
import { StaffSearchForm } from '@/components/ui/filter-fields';
import { useUrlFilter } from '@/components/ui/use-url-filter';
import { paths } from '@/config/paths';
import { useCustomers } from '../api/get-customers';
import { StaffSection } from '@/components/ui/staff-section';
import { useStoreName } from '@/lib/store-identity';

const COLUMNS = ['company', 'owner', 'email', 'code', 'country', 'state', 'lastSignIn'] as const;
const DEFAULT_FILTER = { q: '', page: 1 };

/** /admin/customers: search by name, e-mail, customer code or company (the search is in the URL). */
export function CustomersList() {
  const { t, i18n } = useTranslation(['admin-people', 'common']);
  const storeName = useStoreName();
  const [{ q }, go, pages] = useUrlFilter(DEFAULT_FILTER);
  useEffect(() => {
    document.title = `${t('customers.title')} | ${storeName}`;
  }, [t, storeName]);
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
        columns={COLUMNS.map((c) => t(`customers.${c}`))}
        row={(c) => (
          <tr key={c.id}>
            <td data-label={t('customers.company')}>
              <Link to={paths.adminCustomer(c.id)}>{c.company_name ?? c.name}</Link>
            </td>
            <td data-label={t('customers.owner')}>{c.name}</td>
            <td data-label={t('customers.email')}>{c.email}</td>
            <td data-label={t('customers.code')}>{c.customer_code ?? '—'}</td>
            <td data-label={t('customers.country')}>{t(`customers.countries.${c.country}`)}</td>
            <td data-label={t('customers.state')}>
              {c.active ? t('customers.active') : t('customers.inactive')}
            </td>
            <td data-label={t('customers.lastSignIn')}>
              {c.last_sign_in_at ? new Date(c.last_sign_in_at).toLocaleString(i18n.language) : '—'}
            </td>
          </tr>
        )}
      />
    </StaffSection>
  );
}
