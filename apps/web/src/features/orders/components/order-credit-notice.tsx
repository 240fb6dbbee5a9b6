import type { OrderCreditFacts } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { CreditWaitBadges } from '@/components/ui/credit-waits';
import { useMoney } from '@/lib/money';

/** A short badge beside the status in the order history: "Waiting for deposit", "…credit review". */
export function OrderCreditBadge({ order }: { order: OrderCreditFacts }) {
  const { t } = useTranslation('credit');
  return (
    <CreditWaitBadges
      order={order}
      label={(wait) => (wait === 'deposit' ? t('waitingDeposit') : t('waitingReview'))}
    />
  );
}

/**
 * On the order's page: why it waits (over the available credit, account on hold) and the opening
 * deposit it owes or that was received (docs/product/accounts-receivable.md).
 */
export function OrderCreditNotice({ order }: { order: OrderCreditFacts }) {
  const { t } = useTranslation('credit');
  const money = useMoney();
  const deposit = order.deposit ?? 0;
  if (!order.hold_reason && deposit <= 0) return null;
  return (
    <div className="order-credit-notice" role="status" data-testid="order-credit-notice">
      {order.hold_reason ? (
        <p>
          <strong>{t('waitingReview')}</strong> — {t(`why.${order.hold_reason}`)}
        </p>
      ) : null}
      {deposit > 0 ? (
        order.deposit_received_at ? (
          <p>{t('depositReceived', { amount: money(deposit) })}</p>
        ) : (
          <p>
            <strong>{t('waitingDeposit')}</strong> — {t('depositOwed', { amount: money(deposit) })}
          </p>
        )
      ) : null}
    </div>
  );
}
