import {
  AGING_BUCKETS,
  COUNTRIES,
  formatMoney,
  type Country,
  type ReceivableRowDto,
} from '@wholesale/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/filter-fields';
import { StaffTextFields, useTextFields } from '@/components/ui/form-field';
import { StaffForm } from '@/components/ui/staff-form';
import { StaffResults } from '@/components/ui/staff-results';
import { StaffSection } from '@/components/ui/staff-section';
import { useUrlFilter } from '@/components/ui/use-url-filter';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/page-title';
import { useChargeInterest } from '../api/charge-interest';
import { agingCsvUrl, useReceivables } from '../api/get-receivables';
import { WaitingOrders } from './waiting-orders';

const DEFAULT_FILTER = { country: '', page: 1 };

/**
 * /admin/receivables (credit, admin): the orders waiting for credit first (what credit staff act
 * on), then customers by amount overdue with their balance, aging and
 * hold, filtered by country, the aging CSV export, and a month's interest charged on demand
 * (docs/product/accounts-receivable.md "Payments, statements, interest and receivables").
 */
export function ReceivablesPage() {
  const { t, i18n } = useTranslation('admin-receivables');
  const [{ country }, go, pages] = useUrlFilter(DEFAULT_FILTER);
  const query = useReceivables({ country, page: pages.page });
  usePageTitle(t('title'));
  const id = useId();
  const money = (c: Country, cents: number) => formatMoney(i18n.language, c)(cents);

  return (
    <StaffSection id="receivables" title={t('title')} className="admin-people">
      <WaitingOrders />
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
        text={t}
        rowKey={(r) => r.customer_id}
        columns={[
          {
            id: 'customer',
            cell: (r) => (
              <>
                <Link to={paths.adminCustomer(r.customer_id)}>{r.company_name ?? r.name}</Link>
                {r.customer_code ? ` (${r.customer_code})` : null}
              </>
            ),
          },
          { id: 'country', cell: (r) => t(`countries.${r.country}`) },
          { id: 'balance', cell: (r) => money(r.country, r.balance_cents) },
          { id: 'overdue', cell: (r) => money(r.country, r.overdue_cents) },
          ...AGING_BUCKETS.map((b) => ({
            id: b,
            cell: (r: ReceivableRowDto) => money(r.country, r.aging[b]),
          })),
          {
            id: 'hold',
            cell: (r) =>
              r.hold_reason ? t('onHold', { reason: t(`holdReasons.${r.hold_reason}`) }) : '—',
          },
        ]}
      />
      <InterestForm />
    </StaffSection>
  );
}

const PERIOD_FIELD = [
  { name: 'period', label: 'period', placeholder: '2026-10', maxLength: 7, inputMode: 'numeric' },
] as const;

/** The month's interest on demand: a period (YYYY-MM), then how many customers were charged. */
function InterestForm() {
  const { t } = useTranslation('admin-receivables');
  const errorMessage = useErrorMessage();
  const charge = useChargeInterest();
  const [confirm, confirmDialog] = useConfirm();
  const form = useTextFields({ period: '' });
  const { setErrors } = form;
  const submit = async () => {
    const period = form.values.period.trim();
    setErrors({});
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) {
      setErrors({ period: t('interest.error') });
      return;
    }
    // Interest charges are documents on every overdue account and cannot be taken back: asked first.
    const asked = t('interest.confirm', { period });
    if (!(await confirm(asked, { confirmLabel: t('interest.run') }))) return;
    charge.mutate(period, {
      onSuccess: (answer) =>
        toast.success(t('interest.done', { count: answer.charged.length, period: answer.period })),
      onError: (e) => {
        if (e instanceof ApiError && e.fields?.period) setErrors({ period: errorMessage(e) });
        toast.error(errorMessage(e));
      },
    });
  };
  return (
    <StaffForm
      id={form.base}
      title={t('interest.title')}
      onSubmit={submit}
      pending={charge.isPending}
      submitLabel={charge.isPending ? t('interest.running') : t('interest.run')}
    >
      <p>{t('interest.lead')}</p>
      <StaffTextFields form={form} fields={PERIOD_FIELD} text={(key) => t(`interest.${key}`)} />
      {confirmDialog}
    </StaffForm>
  );
}
