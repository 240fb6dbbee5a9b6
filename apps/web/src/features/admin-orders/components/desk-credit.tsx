import {
  PAYMENT_METHODS,
  formatMoney,
  hasStaffRole,
  toCents,
  type AdminOrderDetail,
  type OrderCreditFacts,
  type PaymentMethod,
} from '@wholesale/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CreditWaitBadges, creditWaits } from '@/components/ui/credit-waits';
import {
  DOLLARS_INPUT,
  StaffSelectField,
  StaffTextFields,
  useTextFields,
} from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { typedCents } from '@/lib/typed-dollars';
import { useSession } from '@/lib/session';
import { useOrderCreditStep } from '../api/order-credit';
import { useDates } from '@/lib/dates';
import '@/components/ui/form-field.css';

/** Beside the status on the desk: "Waiting for deposit", "Credit hold: over the limit"… */
export function DeskCreditBadge({ order }: { order: OrderCreditFacts }) {
  const { t } = useTranslation('admin-credit');
  return (
    <CreditWaitBadges
      order={order}
      testId="desk-wait"
      label={(wait) =>
        wait === 'deposit'
          ? t('desk.waitingDeposit')
          : t(`desk.hold.${order.hold_reason ?? 'credit_limit'}`)
      }
    />
  );
}

const AMOUNT_FIELD = [{ name: 'amount', label: 'amount', ...DOLLARS_INPUT, min: '0.01' }] as const;
const REFERENCE_AND_DATE_FIELDS = [
  { name: 'reference', label: 'reference', maxLength: 100 },
  { name: 'received_on', label: 'receivedOn', type: 'date' },
] as const;

/**
 * The order's credit on the desk's order page (docs/product/back-office-orders.md "Waiting for
 * credit"): what it waits for, and for credit staff the deposit form and the release button.
 * Cancelling a held order is the ordinary status change.
 */
export function DeskCreditPanel({ order, today }: { order: AdminOrderDetail; today: string }) {
  const { t, i18n } = useTranslation('admin-credit');
  const { staffRoles } = useSession();
  const canAct = hasStaffRole(staffRoles, ['credit']);
  const step = useOrderCreditStep();
  const errorMessage = useErrorMessage(order.country);
  const money = formatMoney(i18n.language, order.country);
  const dates = useDates();
  const deposit = toCents(order.deposit ?? 0);
  const form = useTextFields({
    amount: (deposit / 100).toFixed(2),
    reference: '',
    received_on: today,
  });
  const { values, setErrors } = form;
  const [method, setMethod] = useState<PaymentMethod>('cheque');
  const fieldText = (key: 'amount' | 'reference' | 'receivedOn') => t(`desk.${key}`);
  const waits = creditWaits(order);
  if (waits.length === 0 && deposit <= 0 && !order.hold_released_at) return null;
  const base = `desk-credit-${order.order_id}`;

  const recordDeposit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const cents = typedCents(values.amount);
    if (!Number.isFinite(cents) || cents <= 0) {
      setErrors({ amount: t('desk.amountError') });
      return;
    }
    step.mutate(
      {
        id: order.order_id,
        kind: 'deposit',
        body: {
          amount_cents: cents,
          method,
          reference: values.reference.trim() || undefined,
          received_on: values.received_on || undefined,
        },
      },
      {
        onSuccess: () => toast.success(t('desk.depositRecorded')),
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.amount_cents)
            setErrors({ amount: errorMessage(error) });
          toast.error(errorMessage(error));
        },
      },
    );
  };
  const release = () =>
    step.mutate(
      { id: order.order_id, kind: 'release-hold' },
      {
        onSuccess: () => toast.success(t('desk.released')),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <section className="desk-credit" aria-labelledby={`${base}-t`} data-testid="desk-credit">
      <h2 id={`${base}-t`}>{t('desk.title')}</h2>
      {order.hold_reason ? (
        <p role="status">
          <strong>{t(`desk.hold.${order.hold_reason}`)}</strong> — {t('desk.holdHelp')}
        </p>
      ) : null}
      {deposit > 0 ? (
        <p>
          {order.deposit_received_at
            ? t('desk.depositReceived', {
                amount: money(deposit),
                when: dates.day(order.deposit_received_at),
              })
            : t('desk.depositOwed', { amount: money(deposit) })}
        </p>
      ) : null}
      {canAct && order.hold_reason && order.status !== 'cancelled' ? (
        <button type="button" className="button" disabled={step.isPending} onClick={release}>
          {t('desk.release')}
        </button>
      ) : null}
      {canAct && deposit > 0 && !order.deposit_received_at && order.status !== 'cancelled' ? (
        <form onSubmit={recordDeposit} noValidate className="desk-credit__form">
          <h3>{t('desk.recordTitle')}</h3>
          <StaffTextFields
            form={form}
            fields={AMOUNT_FIELD}
            text={fieldText}
            className="form-field"
          />
          <StaffSelectField
            id={`${form.base}-method`}
            label={t('desk.method')}
            value={method}
            options={PAYMENT_METHODS}
            optionLabel={(m) => t(`desk.methods.${m}`)}
            onChange={setMethod}
            className="form-field"
          />
          <StaffTextFields
            form={form}
            fields={REFERENCE_AND_DATE_FIELDS}
            text={fieldText}
            className="form-field"
          />
          <button type="submit" className="button" disabled={step.isPending}>
            {t('desk.record')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
