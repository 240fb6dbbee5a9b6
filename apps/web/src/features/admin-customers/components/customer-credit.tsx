import {
  ACCOUNT_HOLD_REASONS,
  formatMoney,
  type AccountHoldReason,
  type AdminCreditAccount,
  type Country,
} from '@wholesale/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorAria, FormField } from '@/components/ui/form-field';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { StaffAlert } from '@/components/ui/staff-alert';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { useChangeCustomerCredit, useCustomerCredit } from '../api/customer-credit';

type TermsField = 'credit_limit_cents' | 'net_days';

/** The limit, net days and opening-deposit rule, saved together (credit staff only). */
function CreditTermsForm({ account, country }: { account: AdminCreditAccount; country: Country }) {
  const { t } = useTranslation('admin-credit');
  const change = useChangeCustomerCredit(account.customer_id);
  const errorMessage = useErrorMessage(country);
  const [limit, setLimit] = useState((account.credit_limit_cents / 100).toFixed(2));
  const [netDays, setNetDays] = useState(String(account.net_days));
  const [deposit, setDeposit] = useState(account.opening_deposit_required);
  const [errors, setErrors] = useState<Partial<Record<TermsField, string>>>({});
  const base = `credit-${account.customer_id}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const cents = Math.round(Number(limit.replace(',', '.')) * 100);
    const days = Number(netDays);
    const local: Partial<Record<TermsField, string>> = {};
    if (limit.trim() === '' || !Number.isFinite(cents) || cents < 0)
      local.credit_limit_cents = t('errors.limit');
    if (netDays.trim() === '' || !Number.isInteger(days) || days < 0 || days > 365)
      local.net_days = t('errors.netDays');
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    change.mutate(
      {
        kind: 'terms',
        body: { credit_limit_cents: cents, net_days: days, opening_deposit_required: deposit },
      },
      {
        onSuccess: () => toast.success(t('saved')),
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            const next: Partial<Record<TermsField, string>> = {};
            for (const field of ['credit_limit_cents', 'net_days'] as const)
              if (error.fields[field]) next[field] = errorMessage(error);
            setErrors(next);
          }
          toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="admin-people__form" aria-labelledby={`${base}-t`}>
      <h3 id={`${base}-t`}>{t('termsTitle')}</h3>
      <FormField
        id={`${base}-limit`}
        label={t('limitLabel', { currency: account.currency })}
        error={errors.credit_limit_cents}
        className="admin-people__field"
      >
        <input
          id={`${base}-limit`}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          value={limit}
          onChange={(e) => setLimit(e.target.value)}
          {...errorAria(`${base}-limit`, errors.credit_limit_cents)}
        />
      </FormField>
      <FormField
        id={`${base}-net`}
        label={t('netDaysLabel')}
        error={errors.net_days}
        className="admin-people__field"
      >
        <input
          id={`${base}-net`}
          type="number"
          inputMode="numeric"
          min="0"
          max="365"
          step="1"
          value={netDays}
          onChange={(e) => setNetDays(e.target.value)}
          {...errorAria(`${base}-net`, errors.net_days)}
        />
      </FormField>
      <div className="admin-people__field">
        <label>
          <input type="checkbox" checked={deposit} onChange={(e) => setDeposit(e.target.checked)} />{' '}
          {t('depositLabel')}
        </label>
      </div>
      <button type="submit" className="button" disabled={change.isPending}>
        {change.isPending ? t('saving') : t('save')}
      </button>
    </form>
  );
}

/** Put the account on hold with a reason and note, or lift the hold (credit staff only). */
function AccountHoldForm({ account, country }: { account: AdminCreditAccount; country: Country }) {
  const { t } = useTranslation('admin-credit');
  const change = useChangeCustomerCredit(account.customer_id);
  const errorMessage = useErrorMessage(country);
  const [reason, setReason] = useState<AccountHoldReason>('overdue');
  const [note, setNote] = useState('');
  const base = `hold-${account.customer_id}`;
  const send = (body: { reason: AccountHoldReason | null; note?: string }, done: string) =>
    change.mutate(
      { kind: 'hold', body },
      {
        onSuccess: () => {
          setNote('');
          toast.success(done);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  if (account.hold)
    return (
      <div className="admin-people__form">
        <button
          type="button"
          className="button button--secondary"
          disabled={change.isPending}
          onClick={() => send({ reason: null }, t('holdLifted'))}
        >
          {t('liftHold')}
        </button>
      </div>
    );
  return (
    <form
      className="admin-people__form"
      aria-labelledby={`${base}-t`}
      onSubmit={(e) => {
        e.preventDefault();
        send({ reason, note }, t('holdSet'));
      }}
    >
      <h3 id={`${base}-t`}>{t('holdTitle')}</h3>
      <FormField id={`${base}-reason`} label={t('holdReasonLabel')} className="admin-people__field">
        <select
          id={`${base}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value as AccountHoldReason)}
        >
          {ACCOUNT_HOLD_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`holdReasons.${r}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={`${base}-note`} label={t('holdNoteLabel')} className="admin-people__field">
        <textarea
          id={`${base}-note`}
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </FormField>
      <button type="submit" className="button" disabled={change.isPending}>
        {t('putOnHold')}
      </button>
    </form>
  );
}

/**
 * The customer's trade credit on the staff customer screen (docs/product/accounts-receivable.md):
 * terms ("Net 30"), balance, open orders, available credit and hold; credit staff change the terms
 * and put the account on hold or lift it; orders staff read it.
 */
export function CustomerCredit({
  customerId,
  country,
  canEdit,
}: {
  customerId: number;
  country: Country;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation('admin-credit');
  const query = useCustomerCredit(customerId);
  const errorMessage = useErrorMessage(country);
  const account = query.data?.data;
  const money = formatMoney(i18n.language, country);

  return (
    <section className="admin-people__credit" aria-labelledby={`credit-${customerId}-title`}>
      <h2 id={`credit-${customerId}-title`}>{t('title')}</h2>
      {query.isPending ? <LoadingOverlay /> : null}
      {query.isError ? <StaffAlert>{errorMessage(query.error)}</StaffAlert> : null}
      {account ? (
        <>
          <dl className="admin-people__facts" data-testid="credit-facts">
            <dt>{t('limit')}</dt>
            <dd>{money(account.credit_limit_cents)}</dd>
            <dt>{t('terms')}</dt>
            <dd>{t('netDays', { n: account.net_days })}</dd>
            <dt>{t('deposit')}</dt>
            <dd>{account.opening_deposit_required ? t('depositRequired') : t('depositNone')}</dd>
            <dt>{t('balance')}</dt>
            <dd>{money(account.balance_cents)}</dd>
            <dt>{t('openOrders')}</dt>
            <dd>{money(account.open_orders_cents)}</dd>
            <dt>{t('available')}</dt>
            <dd>{money(account.available_credit_cents)}</dd>
            <dt>{t('hold')}</dt>
            <dd data-testid="credit-hold">
              {account.hold
                ? t('onHold', {
                    reason: t(`holdReasons.${account.hold.reason}`),
                    note: account.hold.note ?? '—',
                  })
                : t('notOnHold')}
            </dd>
          </dl>
          {canEdit ? (
            <>
              <CreditTermsForm
                key={`${account.credit_limit_cents}-${account.net_days}-${account.opening_deposit_required}`}
                account={account}
                country={country}
              />
              <AccountHoldForm account={account} country={country} />
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
