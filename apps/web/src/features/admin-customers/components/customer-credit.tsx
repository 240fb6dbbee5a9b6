import {
  ACCOUNT_HOLD_REASONS,
  formatMoney,
  type AccountHoldReason,
  type AdminCreditAccount,
  type Country,
} from '@wholesale/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  DOLLARS_INPUT,
  StaffCheckboxField,
  StaffSelectField,
  StaffTextFields,
  useTextFields,
} from '@/components/ui/form-field';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { StaffAlert } from '@/components/ui/staff-alert';
import { StaffForm } from '@/components/ui/staff-form';
import { useErrorMessage } from '@/lib/error-message';
import { typedCents } from '@/lib/typed-dollars';
import { useSaveFailed } from '@/lib/refused-fields';
import { useChangeCustomerCredit, useCustomerCredit } from '../api/customer-credit';
import type { CustomerSectionProps } from './customer-section';
import { SecondaryButton } from '@/components/ui/buttons';

const TERMS_FIELDS = ['credit_limit_cents', 'net_days'] as const;
type TermsField = (typeof TERMS_FIELDS)[number];
const TERMS_TEXT_FIELDS = [
  { name: 'credit_limit_cents', label: 'limitLabel', ...DOLLARS_INPUT, min: '0' },
  {
    name: 'net_days',
    label: 'netDaysLabel',
    type: 'number',
    inputMode: 'numeric',
    min: '0',
    max: '365',
    step: '1',
  },
] as const;
const HOLD_NOTE_FIELD = [
  { name: 'note', label: 'holdNoteLabel', rows: 2, maxLength: 1000 },
] as const;

/** The limit, net days and opening-deposit rule, saved together (credit staff only). */
function CreditTermsForm({ account, country }: { account: AdminCreditAccount; country: Country }) {
  const { t } = useTranslation('admin-credit');
  const change = useChangeCustomerCredit(account.customer_id);
  const form = useTextFields({
    credit_limit_cents: (account.credit_limit_cents / 100).toFixed(2),
    net_days: String(account.net_days),
  });
  const { setErrors } = form;
  const [deposit, setDeposit] = useState(account.opening_deposit_required);
  const saveFailed = useSaveFailed(TERMS_FIELDS, setErrors, { country });

  const submit = () => {
    setErrors({});
    const { credit_limit_cents: limit, net_days: netDays } = form.values;
    const cents = typedCents(limit);
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
        onError: saveFailed,
      },
    );
  };

  return (
    <StaffForm
      id={form.base}
      title={t('termsTitle')}
      heading="h3"
      onSubmit={submit}
      pending={change.isPending}
      submitLabel={change.isPending ? t('saving') : t('save')}
    >
      <StaffTextFields
        form={form}
        fields={TERMS_TEXT_FIELDS}
        text={(key) => t(key, { currency: account.currency })}
      />
      <StaffCheckboxField label={t('depositLabel')} checked={deposit} onChange={setDeposit} />
    </StaffForm>
  );
}

/** Put the account on hold with a reason and note, or lift the hold (credit staff only). */
function AccountHoldForm({ account, country }: { account: AdminCreditAccount; country: Country }) {
  const { t } = useTranslation('admin-credit');
  const change = useChangeCustomerCredit(account.customer_id);
  const errorMessage = useErrorMessage(country);
  const [reason, setReason] = useState<AccountHoldReason>('overdue');
  const form = useTextFields({ note: '' });
  const send = (body: { reason: AccountHoldReason | null; note?: string }, done: string) =>
    change.mutate(
      { kind: 'hold', body },
      {
        onSuccess: () => {
          form.reset();
          toast.success(done);
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  if (account.hold)
    return (
      <div className="admin-people__form">
        <SecondaryButton
          disabled={change.isPending}
          onClick={() => send({ reason: null }, t('holdLifted'))}
        >
          {t('liftHold')}
        </SecondaryButton>
      </div>
    );
  return (
    <StaffForm
      id={form.base}
      title={t('holdTitle')}
      heading="h3"
      onSubmit={() => send({ reason, note: form.values.note }, t('holdSet'))}
      pending={change.isPending}
      submitLabel={t('putOnHold')}
    >
      <StaffSelectField
        id={`${form.base}-reason`}
        label={t('holdReasonLabel')}
        value={reason}
        options={ACCOUNT_HOLD_REASONS}
        optionLabel={(r) => t(`holdReasons.${r}`)}
        onChange={setReason}
      />
      <StaffTextFields form={form} fields={HOLD_NOTE_FIELD} text={t} />
    </StaffForm>
  );
}

/**
 * The customer's trade credit on the staff customer screen (docs/product/accounts-receivable.md):
 * terms ("Net 30"), balance, open orders, available credit and hold; credit staff change the terms
 * and put the account on hold or lift it; orders staff read it.
 */
export function CustomerCredit({ customerId, country, canEdit }: CustomerSectionProps) {
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
