import { orderWaits, toCents, type OrderCreditFacts } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '@/lib/money';

/** The order's credit facts in the buyer's words: what it waits for (deposit, credit review). */
function waitsOf(o: OrderCreditFacts) {
  return orderWaits({
    holdReason: o.hold_reason ?? null,
    depositCents: toCents(o.deposit ?? 0),
    depositReceivedAt: o.deposit_received_at ?? null,
  });
}

/** A short badge beside the status in the order history: "Waiting for deposit", "…credit review". */
export function OrderCreditBadge({ order }: { order: OrderCreditFacts }) {
  const { t } = useTranslation('credit');
  return (
    <>
      {waitsOf(order).map((wait) => (
        <span key={wait} className="order-status order-status--waiting">
          {' '}
          {wait === 'deposit' ? t('waitingDeposit') : t('waitingReview')}
        </span>
      ))}
    </>
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
