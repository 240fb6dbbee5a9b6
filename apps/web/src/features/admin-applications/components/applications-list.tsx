import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SearchInput, SelectField } from '@/components/ui/filter-fields';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { useLoadedPageInRange } from '@/components/ui/use-page-in-range';
import { paths } from '@/config/paths';
import { useApplications, type ApplicationsFilter } from '../api/get-applications';
import './admin-applications.css';

const STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Reads the list filters from the URL (so a filtered list can be bookmarked and shared among staff). */
function useFilter(): [
  ApplicationsFilter,
  (next: Partial<ApplicationsFilter>, options?: { replace: boolean }) => void,
] {
  const [params, setParams] = useSearchParams();
  const filter: ApplicationsFilter = {
    status: params.get('status') ?? 'pending',
    country: params.get('country') ?? '',
    search: params.get('search') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = (next: Partial<ApplicationsFilter>, options?: { replace: boolean }) => {
    const merged = { ...filter, page: 1, ...next };
    const out = new URLSearchParams();
    out.set('status', merged.status);
    if (merged.country) out.set('country', merged.country);
    if (merged.search) out.set('search', merged.search);
    if (merged.page > 1) out.set('page', String(merged.page));
    setParams(out, options);
  };
  return [filter, update];
}

/** /admin/applications: staff list of applications by status, country and search text. */
export function ApplicationsList() {
  const { t, i18n } = useTranslation('admin');
  const [filter, setFilter] = useFilter();
  const [search, setSearch] = useState(filter.search);
  useEffect(() => setSearch(filter.search), [filter.search]);
  const query = useApplications(filter);
  // Past the last page (an old link, a list that shrank): the last page, in place of this address.
  const data = useLoadedPageInRange(filter.page, query.data, (last) =>
    setFilter({ page: last }, { replace: true }),
  );
  const dateFormat = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ search: search.trim() });
  };

  return (
    <section className="admin-applications" aria-labelledby="applications-title">
      <h1 id="applications-title">{t('applications.title')}</h1>
      <form
        className="admin-filters"
        role="search"
        aria-label={t('applications.filters')}
        onSubmit={onSearch}
      >
        <SelectField
          id="filter-status"
          className="admin-filter"
          label={t('applications.status')}
          value={filter.status}
          onChange={(status) => setFilter({ status })}
          options={[
            ...STATUSES.map((s) => ({ value: s, label: t(`applications.statuses.${s}`) })),
            { value: 'all', label: t('applications.all') },
          ]}
        />
        <SelectField
          id="filter-country"
          className="admin-filter"
          label={t('applications.country')}
          value={filter.country}
          onChange={(country) => setFilter({ country })}
          options={[
            { value: '', label: t('applications.all') },
            { value: 'ca', label: t('applications.countries.ca') },
            { value: 'usa', label: t('applications.countries.usa') },
          ]}
        />
        <div className="admin-filter admin-filter--grow">
          <SearchInput
            id="filter-search"
            label={t('applications.search')}
            value={search}
            placeholder={t('applications.searchPlaceholder')}
            onChange={setSearch}
          />
        </div>
        <button type="submit" className="button">
          {t('applications.apply')}
        </button>
      </form>

      {!data && !query.isError && <LoadingOverlay />}
      {query.isError && (
        <p role="alert" className="admin-error">
          {t('applications.loadFailed')}
        </p>
      )}
      {data && (
        <>
          <p className="admin-count" aria-live="polite">
            {t('applications.count', { count: data.total })}
          </p>
          {data.data.length === 0 ? (
            <p>{t('applications.empty')}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t('applications.columns.id')}</th>
                    <th scope="col">{t('applications.columns.company')}</th>
                    <th scope="col">{t('applications.columns.owner')}</th>
                    <th scope="col">{t('applications.columns.email')}</th>
                    <th scope="col">{t('applications.columns.country')}</th>
                    <th scope="col">{t('applications.columns.status')}</th>
                    <th scope="col">{t('applications.columns.submitted')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((a) => (
                    <tr key={a.id}>
                      <td>{a.id}</td>
                      <td>
                        <Link
                          to={paths.adminApplication(a.id)}
                          aria-label={t('applications.open', { id: a.id, company: a.company_name })}
                        >
                          {a.company_name}
                        </Link>
                      </td>
                      <td>{a.owner_name}</td>
                      <td>{a.email}</td>
                      <td>{t(`applications.countries.${a.country}`)}</td>
                      <td>
                        <span className={`status-badge status-badge--${a.status}`}>
                          {t(`applications.statuses.${a.status}`)}
                        </span>
                      </td>
                      <td>{dateFormat.format(new Date(a.created_at))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {data.last_page > 1 && (
            <nav
              className="admin-pager"
              aria-label={t('applications.page', {
                page: data.current_page,
                last: data.last_page,
              })}
            >
              <button
                type="button"
                className="button button--secondary"
                disabled={data.current_page <= 1}
                onClick={() => setFilter({ page: data.current_page - 1 })}
              >
                {t('applications.previous')}
              </button>
              <span>
                {t('applications.page', {
                  page: data.current_page,
                  last: data.last_page,
                })}
              </span>
              <button
                type="button"
                className="button button--secondary"
                disabled={data.current_page >= data.last_page}
                onClick={() => setFilter({ page: data.current_page + 1 })}
              >
                {t('applications.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
