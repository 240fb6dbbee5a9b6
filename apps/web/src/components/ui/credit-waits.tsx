import { orderWaits, toCents, type OrderCreditFacts, type OrderWait } from '@wholesale/contract';

/** What an order waits for before it goes ahead (credit review, the opening deposit), from its credit facts. */
export const creditWaits = (order: OrderCreditFacts): OrderWait[] =>
  orderWaits({
    holdReason: order.hold_reason ?? null,
    depositCents: toCents(order.deposit ?? 0),
    depositReceivedAt: order.deposit_received_at ?? null,
  });

/**
 * Beside an order's status, a badge for each thing it waits for, in the reader's words (`label`):
 * "Waiting for deposit", "Waiting for credit review" for the buyer, the hold's reason for staff.
 */
export function CreditWaitBadges({
  order,
  label,
  testId,
}: {
  order: OrderCreditFacts;
  label: (wait: OrderWait) => string;
  testId?: string;
}) {
  return (
    <>
      {creditWaits(order).map((wait) => (
        <span key={wait} className="order-status order-status--waiting" data-testid={testId}>
          {' '}
          {label(wait)}
        </span>
      ))}
    </>
  );
}
