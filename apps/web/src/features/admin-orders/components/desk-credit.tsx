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
import { StaffDollarsField, StaffSelectField, StaffTextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { typedCents } from '@/lib/typed-dollars';
import { useSession } from '@/lib/session';
import { useOrderCreditStep } from '../api/order-credit';

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
  const deposit = toCents(order.deposit ?? 0);
  const [amount, setAmount] = useState((deposit / 100).toFixed(2));
  const [method, setMethod] = useState<PaymentMethod>('cheque');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(today);
  const [amountError, setAmountError] = useState<string>();
  const waits = creditWaits(order);
  if (waits.length === 0 && deposit <= 0 && !order.hold_released_at) return null;
  const base = `desk-credit-${order.order_id}`;

  const recordDeposit = (event: FormEvent) => {
    event.preventDefault();
    setAmountError(undefined);
    const cents = typedCents(amount);
    if (!Number.isFinite(cents) || cents <= 0) {
      setAmountError(t('desk.amountError'));
      return;
    }
    step.mutate(
      {
        id: order.order_id,
        kind: 'deposit',
        body: {
          amount_cents: cents,
          method,
          reference: reference.trim() || undefined,
          received_on: receivedOn || undefined,
        },
      },
      {
        onSuccess: () => toast.success(t('desk.depositRecorded')),
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.amount_cents)
            setAmountError(errorMessage(error));
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
                when: new Date(order.deposit_received_at).toLocaleDateString(i18n.language),
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
          <StaffDollarsField
            id={`${base}-amount`}
            label={t('desk.amount')}
            error={amountError}
            value={amount}
            onChange={setAmount}
            min="0.01"
            className="form-field"
          />
          <StaffSelectField
            id={`${base}-method`}
            label={t('desk.method')}
            value={method}
            options={PAYMENT_METHODS}
            optionLabel={(m) => t(`desk.methods.${m}`)}
            onChange={setMethod}
            className="form-field"
          />
          <StaffTextField
            id={`${base}-reference`}
            label={t('desk.reference')}
            value={reference}
            onChange={setReference}
            maxLength={100}
            className="form-field"
          />
          <StaffTextField
            id={`${base}-date`}
            label={t('desk.receivedOn')}
            value={receivedOn}
            onChange={setReceivedOn}
            type="date"
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
