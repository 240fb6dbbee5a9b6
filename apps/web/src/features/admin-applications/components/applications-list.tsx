import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StaffFilters } from '@/components/ui/staff-filters';
import { StaffResults } from '@/components/ui/staff-results';
import { useUrlFilter } from '@/components/ui/use-url-filter';
import { paths } from '@/config/paths';
import { useApplications, type ApplicationsFilter } from '../api/get-applications';
import './admin-applications.css';
import { StaffSection } from '@/components/ui/staff-section';
import { useDates } from '@/lib/dates';

const STATUSES = ['pending', 'approved', 'rejected'] as const;

/** The list's filters as the URL carries them: pending applications first. */
const DEFAULT_FILTER: ApplicationsFilter = { status: 'pending', country: '', search: '', page: 1 };

/** /admin/applications: staff list of applications by status, country and search text. */
export function ApplicationsList() {
  const { t } = useTranslation('admin', { keyPrefix: 'applications' });
  const [filter, setFilter, pages] = useUrlFilter(DEFAULT_FILTER);
  const query = useApplications(filter);
  const dates = useDates();

  const statusOptions = [
    ...STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
    { value: 'all', label: t('all') },
  ];
  const countryOptions = [
    { value: '', label: t('all') },
    { value: 'ca', label: t('countries.ca') },
    { value: 'usa', label: t('countries.usa') },
  ];
  const placeholder = t('searchPlaceholder');

  return (
    <StaffSection id="applications" title={t('title')} className="admin-applications">
      <StaffFilters
        idPrefix="filter"
        text={t}
        filter={[filter, setFilter]}
        controls={[
          { name: 'status', label: t('status'), live: true, options: statusOptions },
          {
            name: 'country',
            label: t('country'),
            live: true,
            options: countryOptions,
          },
          { name: 'search', label: t('search'), type: 'search', placeholder },
        ]}
      />

      <StaffResults
        query={query}
        {...pages}
        loadFailed={t('loadFailed')}
        text={t}
        columns={[
          { id: 'id', cell: (a) => a.id },
          {
            id: 'company',
            cell: (a) => (
              <Link
                to={paths.adminApplication(a.id)}
                aria-label={t('open', { id: a.id, company: a.company_name })}
              >
                {a.company_name}
              </Link>
            ),
          },
          { id: 'owner', cell: (a) => a.owner_name },
          { id: 'email', cell: (a) => a.email },
          { id: 'country', cell: (a) => t(`countries.${a.country}`) },
          {
            id: 'status',
            cell: (a) => (
              <span className={`status-badge status-badge--${a.status}`}>
                {t(`statuses.${a.status}`)}
              </span>
            ),
          },
          { id: 'submitted', cell: (a) => dates.moment(a.created_at) },
        ]}
      />
    </StaffSection>
  );
}
