import {
  formatMoney,
  PAYMENT_METHODS,
  type Country,
  type OpenInvoiceDto,
  type PaymentDto,
  type PaymentMethod,
} from '@wholesale/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  FieldError,
  StaffCheckboxField,
  StaffSelectField,
  StaffTextField,
  StaffTextFields,
  useTextFields,
} from '@/components/ui/form-field';
import { StaffForm } from '@/components/ui/staff-form';
import { LabelledTable } from '@/components/ui/labelled-table';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { useSaveFailed } from '@/lib/refused-fields';
import { dollarsToCents } from '@/lib/typed-dollars';
import { useCustomerPayments, useCustomerPaymentWrites } from '../api/customer-payments';
import { CustomerSection, type CustomerSectionProps } from './customer-section';
import { CustomerStatement } from './customer-statement';
import { SecondaryButton } from '@/components/ui/buttons';

const FIELDS = ['amount_cents', 'method', 'reference', 'received_on', 'allocations'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The customer screen's payments section (credit, admin; docs/product/accounts-receivable.md
 * "Payments, statements, interest and receivables"): the balance, open invoices and payments with
 * what each settled; record a payment (settles open invoices oldest due first); mark one bounced
 * (its invoices reopen; optionally the account goes on hold). The API audits every change.
 */
export function CustomerPayments({ customerId, country }: Omit<CustomerSectionProps, 'canEdit'>) {
  const { t, i18n } = useTranslation('admin-receivables');
  const query = useCustomerPayments(customerId);
  const [bouncing, setBouncing] = useState<PaymentDto | null>(null);
  const money = formatMoney(i18n.language, country);
  // NOTE: `?? []` / `?? 0`: an answer without these (an older API) shows an empty section.
  const data = query.data?.data;
  const payments = data?.payments ?? [];
  const openInvoices = data?.open_invoices ?? [];

  return (
    <CustomerSection
      name="customer-payments"
      title={t('payments.title')}
      query={query}
      country={country}
    >
      {() => (
        <>
          <p data-testid="customer-balance">
            {t('payments.balance', { amount: money(data?.balance_cents ?? 0) })}
          </p>
          <h3>{t('payments.openInvoices')}</h3>
          <LabelledTable
            caption={t('payments.invoiceCaption')}
            label={(c) => t(`payments.invoiceColumns.${c}`)}
            rows={openInvoices}
            empty={t('payments.noOpenInvoices')}
            columns={[
              { id: 'number', cell: (i) => i.number },
              { id: 'due', cell: (i) => i.due_on },
              { id: 'total', cell: (i) => money(i.total_cents) },
              { id: 'open', cell: (i) => money(i.open_cents) },
            ]}
          />
          <h3>{t('payments.title')}</h3>
          <LabelledTable
            caption={t('payments.caption')}
            label={(c) => t(`payments.columns.${c}`)}
            rows={payments}
            empty={t('payments.empty')}
            hidden={['actions']}
            columns={[
              { id: 'received', cell: (p) => p.received_on },
              { id: 'amount', cell: (p) => money(p.amount_cents) },
              { id: 'method', cell: (p) => t(`payments.methods.${p.method}`) },
              { id: 'reference', cell: (p) => p.reference ?? '—' },
              {
                id: 'settled',
                cell: (p) => (
                  <>
                    {p.settlements
                      .map((s) => `${s.invoice_number} ${money(s.amount_cents)}`)
                      .join(', ') || '—'}
                    {p.unapplied_cents > 0
                      ? ` · ${t('payments.onAccount', { amount: money(p.unapplied_cents) })}`
                      : null}
                  </>
                ),
              },
              {
                id: 'state',
                cell: (p) =>
                  p.bounced_at
                    ? t('payments.bouncedOn', { reason: p.bounce_reason ?? '' })
                    : t('payments.received'),
              },
              {
                id: 'actions',
                cell: (p) =>
                  p.bounced_at ? null : (
                    <SecondaryButton onClick={() => setBouncing(p)}>
                      {t('payments.bounce')}
                    </SecondaryButton>
                  ),
              },
            ]}
          />
          {bouncing ? (
            <BounceForm
              key={bouncing.id}
              customerId={customerId}
              country={country}
              payment={bouncing}
              onDone={() => setBouncing(null)}
            />
          ) : null}
          <RecordPaymentForm
            customerId={customerId}
            country={country}
            openInvoices={openInvoices}
          />
          <CustomerStatement customerId={customerId} />
        </>
      )}
    </CustomerSection>
  );
}

const BOUNCE_REASON_FIELD = [
  { name: 'reason', label: 'bounceReason', rows: 2, maxLength: 500 },
] as const;
const AMOUNT_FIELD = [
  { name: 'amount_cents', label: 'amount', inputMode: 'decimal', maxLength: 14 },
] as const;
const REFERENCE_AND_DATE_FIELDS = [
  { name: 'reference', label: 'reference', maxLength: 100 },
  { name: 'received_on', label: 'receivedOn', type: 'date' },
] as const;

function RecordPaymentForm({
  customerId,
  country,
  openInvoices,
}: {
  customerId: number;
  country: Country;
  openInvoices: OpenInvoiceDto[];
}) {
  const { t, i18n } = useTranslation('admin-receivables');
  const money = formatMoney(i18n.language, country);
  // Dollars typed per open invoice: any filled in make an explicit allocation.
  const [split, setSplit] = useState<Record<number, string>>({});
  const { record } = useCustomerPaymentWrites(customerId);
  const form = useTextFields({ amount_cents: '', reference: '', received_on: '' });
  const { base, values, errors, setErrors } = form;
  const [method, setMethod] = useState<PaymentMethod>('cheque');
  const saveFailed = useSaveFailed(FIELDS, setErrors, {
    country,
    fieldText: (field) => t(`payments.errors.${field}`),
  });
  const fieldText = (key: 'amount' | 'reference' | 'receivedOn') => t(`payments.${key}`);

  const submit = () => {
    const cents = dollarsToCents(values.amount_cents);
    const local: Partial<Record<Field, string>> = {};
    if (cents === null) local.amount_cents = t('payments.errors.amount_cents');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.received_on))
      local.received_on = t('payments.errors.received_on');
    const filledIn = openInvoices.filter((i) => (split[i.id] ?? '').trim() !== '');
    const allocations = filledIn.map((i) => ({
      invoice_id: i.id,
      amount_cents: dollarsToCents(split[i.id]),
    }));
    if (allocations.some((a) => a.amount_cents === null))
      local.allocations = t('payments.errors.allocations');
    setErrors(local);
    if (cents === null || Object.keys(local).length) return;
    const reference = values.reference.trim();
    record.mutate(
      {
        amount_cents: cents,
        method,
        received_on: values.received_on,
        ...(reference ? { reference } : {}),
        ...(allocations.length
          ? {
              allocations: allocations.map((a) => ({
                invoice_id: a.invoice_id,
                amount_cents: a.amount_cents ?? 0,
              })),
            }
          : {}),
      },
      {
        onSuccess: () => {
          toast.success(t('payments.recorded'));
          form.set('amount_cents', '');
          form.set('reference', '');
          setSplit({});
        },
        onError: saveFailed,
      },
    );
  };
  return (
    <StaffForm
      id={base}
      title={t('payments.record')}
      heading="h3"
      onSubmit={submit}
      pending={record.isPending}
      submitLabel={record.isPending ? t('payments.saving') : t('payments.save')}
    >
      <p>{t('payments.recordLead')}</p>
      <StaffTextFields form={form} fields={AMOUNT_FIELD} text={fieldText} />
      <StaffSelectField
        id={`${base}-method`}
        label={t('payments.method')}
        error={errors.method}
        value={method}
        options={PAYMENT_METHODS}
        optionLabel={(m) => t(`payments.methods.${m}`)}
        onChange={setMethod}
      />
      <StaffTextFields form={form} fields={REFERENCE_AND_DATE_FIELDS} text={fieldText} />
      {openInvoices.length ? (
        <fieldset
          className="admin-people__field"
          aria-describedby={errors.allocations ? `${base}-split-error` : undefined}
        >
          <legend>{t('payments.allocateTitle')}</legend>
          <p>{t('payments.allocateLead')}</p>
          {openInvoices.map((i) => (
            <StaffTextField
              key={i.id}
              id={`${base}-split-${i.id}`}
              label={t('payments.allocateTo', { number: i.number, open: money(i.open_cents) })}
              value={split[i.id] ?? ''}
              onChange={(value) => setSplit((now) => ({ ...now, [i.id]: value }))}
              inputMode="decimal"
              maxLength={14}
            />
          ))}
          <FieldError id={`${base}-split`} error={errors.allocations} />
        </fieldset>
      ) : null}
    </StaffForm>
  );
}

function BounceForm({
  customerId,
  country,
  payment,
  onDone,
}: {
  customerId: number;
  country: Country;
  payment: PaymentDto;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('admin-receivables');
  const errorMessage = useErrorMessage(country);
  const { bounce } = useCustomerPaymentWrites(customerId);
  const form = useTextFields({ reason: '' });
  const { base, setErrors } = form;
  const [hold, setHold] = useState(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reason = form.values.reason.trim();
    if (!reason) {
      setErrors({ reason: t('payments.errors.reason') });
      return;
    }
    setErrors({});
    bounce.mutate(
      { id: payment.id, body: { reason, hold_account: hold } },
      {
        onSuccess: () => {
          toast.success(t('payments.bounced'));
          onDone();
        },
        onError: (e) => {
          if (e instanceof ApiError && e.fields?.reason)
            setErrors({ reason: t('payments.errors.reason') });
          toast.error(errorMessage(e));
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="admin-people__form" aria-labelledby={`${base}-t`}>
      <h3 id={`${base}-t`}>
        {t('payments.bounceTitle', {
          amount: formatMoney(i18n.language, country)(payment.amount_cents),
        })}
      </h3>
      <StaffTextFields
        form={form}
        fields={BOUNCE_REASON_FIELD}
        text={(key) => t(`payments.${key}`)}
      />
      <StaffCheckboxField label={t('payments.holdAccount')} checked={hold} onChange={setHold} />
      <div className="admin-people__actions">
        <button type="submit" className="button" disabled={bounce.isPending}>
          {t('payments.confirmBounce')}
        </button>
        <SecondaryButton onClick={onDone}>{t('payments.cancel')}</SecondaryButton>
      </div>
    </form>
  );
}
