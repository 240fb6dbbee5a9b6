import { shopToday, type RecordDepositBody } from '@wholesale/contract';
import type { Database } from '../db/client';
import { AppError, reasonError } from '../lib/app-error';
import type { ChangeFeed } from '../plugins/change-feed';
import type { SessionUser } from '../modules/accounts';
import { recordAuditBy } from '../modules/audit';
import {
  ORDERS_CHANNEL,
  lockOrderCredit,
  markDepositReceived,
  releaseOrderHold,
} from '../modules/orders';
import { recordDepositPayment } from '../modules/receivables';
import { WEBHOOKS_CHANNEL } from '../modules/webhooks';

/**
 * The order desk's credit steps (docs/product/accounts-receivable.md "Credit at approval, deposits
 * and holds"): recording an opening order's deposit and releasing a credit hold. Each is ONE
 * transaction over the order (locked) and the receivables rows it writes; the change feed hears of
 * it after the commit.
 */

const orderNotFound = () => new AppError('NOT_FOUND', 'This order does not exist');

/**
 * POST /api/admin/orders/:id/deposit: the deposit, received, as a payment against the order
 * (deposit_for_order_id) and the order's deposit_received_at, with audit rows and the ERP's
 * `payment.recorded` event. 409 NO_DEPOSIT_OWED when the order owes none (or it came in already).
 */
export async function recordOrderDeposit(
  db: Database,
  staff: SessionUser,
  orderId: number,
  body: RecordDepositBody,
  feed: Pick<ChangeFeed, 'publish'>,
  now: Date = new Date(),
): Promise<{ paymentId: number }> {
  const paymentId = await db.transaction(async (tx) => {
    const order = await lockOrderCredit(tx, orderId);
    if (!order) throw orderNotFound();
    if (order.depositCents <= 0 || order.depositReceivedAt || order.status === 'cancelled')
      throw reasonError('CONFLICT', 'NO_DEPOSIT_OWED', undefined, 'amount_cents');
    const id = await recordDepositPayment(tx, {
      userId: order.userId,
      orderId: order.id,
      amountCents: body.amount_cents,
      method: body.method,
      reference: body.reference?.trim() || null,
      receivedOn: body.received_on ?? shopToday(now),
      actor: { id: staff.id, email: staff.email },
    });
    await markDepositReceived(tx, order, staff.id, 'Deposit received');
    await recordAuditBy(tx, staff, {
      action: 'order.deposit_received',
      entity: 'order',
      entityId: order.id,
      before: { deposit_received: false },
      after: { deposit_received: true, payment_id: id, amount_cents: body.amount_cents },
    });
    return id;
  });
  feed.publish(ORDERS_CHANNEL);
  feed.publish(WEBHOOKS_CHANNEL);
  return { paymentId };
}

/**
 * POST /api/admin/orders/:id/release-hold: a credit staff member releases the order's credit hold
 * (credit limit or account hold): hold_reason cleared, who and when kept, a note in its history,
 * audit-logged. 409 ORDER_NOT_ON_HOLD when it is not held. Cancelling a held order is the desk's
 * ordinary cancel (its stock goes back).
 */
export async function releaseOrderCreditHold(
  db: Database,
  staff: SessionUser,
  orderId: number,
  note: string | undefined,
  feed: Pick<ChangeFeed, 'publish'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrderCredit(tx, orderId);
    if (!order) throw orderNotFound();
    if (!order.holdReason || order.status === 'cancelled')
      throw reasonError('CONFLICT', 'ORDER_NOT_ON_HOLD');
    const text = note?.trim();
    await releaseOrderHold(
      tx,
      order,
      staff.id,
      text ? `Credit hold released: ${text}` : 'Credit hold released',
    );
    await recordAuditBy(tx, staff, {
      action: 'order.hold_released',
      entity: 'order',
      entityId: order.id,
      before: { hold_reason: order.holdReason },
      after: { hold_reason: null, ...(text ? { note: text } : {}) },
    });
  });
  feed.publish(ORDERS_CHANNEL);
}
