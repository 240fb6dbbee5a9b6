import { COUNTRIES, formatMoney, type Country } from '@wholesale/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { SelectField } from '@/components/ui/filter-fields';
import { StaffTextField } from '@/components/ui/form-field';
import { StaffResults } from '@/components/ui/staff-results';
import { StaffSection } from '@/components/ui/staff-section';
import { useUrlFilter } from '@/components/ui/use-url-filter';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { useStoreName } from '@/lib/store-identity';
import { useChargeInterest } from '../api/charge-interest';
import { agingCsvUrl, useReceivables } from '../api/get-receivables';

const COLUMNS = [
  'customer',
  'country',
  'balance',
  'overdue',
  'current',
  'days_1_30',
  'days_31_60',
  'days_61_90',
  'over_90',
  'hold',
] as const;
const DEFAULT_FILTER = { country: '', page: 1 };

/**
 * /admin/receivables (credit, admin): customers by amount overdue with their balance, aging and
 * hold, filtered by country, the aging CSV export, and a month's interest charged on demand
 * (docs/product/accounts-receivable.md "Payments, statements, interest and receivables").
 */
export function ReceivablesPage() {
  const { t, i18n } = useTranslation('admin-receivables');
  const storeName = useStoreName();
  const [{ country }, go, pages] = useUrlFilter(DEFAULT_FILTER);
  const query = useReceivables({ country, page: pages.page });
  useEffect(() => {
    document.title = `${t('title')} | ${storeName}`;
  }, [t, storeName]);
  const id = useId();
  const money = (c: Country, cents: number) => formatMoney(i18n.language, c)(cents);

  return (
    <StaffSection id="receivables" title={t('title')} className="admin-people">
      {query.data ? <p>{t('lead', { date: query.data.as_of })}</p> : null}
      <div className="admin-people__actions">
        <SelectField
          id={`${id}-country`}
          label={t('country')}
          value={country}
          options={[
            { value: '', label: t('allCountries') },
            ...COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) })),
          ]}
          onChange={(value) => go({ country: value })}
          className="admin-people__field"
        />
        <a className="button button--secondary" href={agingCsvUrl(country)} download>
          {t('export')}
        </a>
      </div>
      <StaffResults
        query={query}
        {...pages}
        count={(count) => t('count', { count })}
        empty={t('empty')}
        caption={t('title')}
        columns={COLUMNS.map((c) => t(`columns.${c}`))}
        row={(r) => (
          <tr key={r.customer_id}>
            <td data-label={t('columns.customer')}>
              <Link to={paths.adminCustomer(r.customer_id)}>{r.company_name ?? r.name}</Link>
              {r.customer_code ? ` (${r.customer_code})` : null}
            </td>
            <td data-label={t('columns.country')}>{t(`countries.${r.country}`)}</td>
            <td data-label={t('columns.balance')}>{money(r.country, r.balance_cents)}</td>
            <td data-label={t('columns.overdue')}>{money(r.country, r.overdue_cents)}</td>
            <td data-label={t('columns.current')}>{money(r.country, r.aging.current)}</td>
            <td data-label={t('columns.days_1_30')}>{money(r.country, r.aging.days_1_30)}</td>
            <td data-label={t('columns.days_31_60')}>{money(r.country, r.aging.days_31_60)}</td>
            <td data-label={t('columns.days_61_90')}>{money(r.country, r.aging.days_61_90)}</td>
            <td data-label={t('columns.over_90')}>{money(r.country, r.aging.over_90)}</td>
            <td data-label={t('columns.hold')}>
              {r.hold_reason ? t('onHold', { reason: t(`holdReasons.${r.hold_reason}`) }) : '—'}
            </td>
          </tr>
        )}
      />
      <InterestForm />
    </StaffSection>
  );
}

/** The month's interest on demand: a period (YYYY-MM), then how many customers were charged. */
function InterestForm() {
  const { t } = useTranslation('admin-receivables');
  const errorMessage = useErrorMessage();
  const charge = useChargeInterest();
  const id = useId();
  const [period, setPeriod] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period.trim())) {
      setError(t('interest.error'));
      return;
    }
    charge.mutate(period.trim(), {
      onSuccess: (answer) =>
        toast.success(t('interest.done', { count: answer.charged.length, period: answer.period })),
      onError: (e) => {
        if (e instanceof ApiError && e.fields?.period) setError(errorMessage(e));
        toast.error(errorMessage(e));
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="admin-people__form" aria-labelledby={`${id}-t`}>
      <h2 id={`${id}-t`}>{t('interest.title')}</h2>
      <p>{t('interest.lead')}</p>
      <StaffTextField
        id={`${id}-period`}
        label={t('interest.period')}
        value={period}
        onChange={setPeriod}
        error={error}
        placeholder="2026-10"
        maxLength={7}
        inputMode="numeric"
      />
      <button type="submit" className="button" disabled={charge.isPending}>
        {charge.isPending ? t('interest.running') : t('interest.run')}
      </button>
    </form>
  );
}
