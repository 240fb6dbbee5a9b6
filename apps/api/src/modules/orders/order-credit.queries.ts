import { sql } from 'drizzle-orm';
import type { Country, OrderHoldReason, OrderStatus } from '@wholesale/contract';
import type { Tx } from '../../db/client';

/**
 * The order's credit columns (migration 0033) as the desk's deposit and release steps change them
 * (docs/product/accounts-receivable.md "Credit at approval, deposits and holds").
 */
export type OrderCreditState = {
  id: number;
  userId: number;
  country: Country;
  status: OrderStatus;
  holdReason: OrderHoldReason | null;
  depositCents: number;
  depositReceivedAt: Date | null;
};

/** The order's credit state, the row locked until the transaction ends. */
export async function lockOrderCredit(
  tx: Tx,
  orderId: number,
): Promise<OrderCreditState | undefined> {
  const result = await tx.execute<{
    id: number;
    user_id: number;
    country: Country;
    status: OrderStatus;
    hold_reason: OrderHoldReason | null;
    deposit_cents: number;
    deposit_received_at: string | Date | null;
  }>(sql`
    select id, user_id, country, status, hold_reason, deposit_cents, deposit_received_at
      from orders where id = ${orderId} for update`);
  const r = result.rows[0];
  return (
    r && {
      id: Number(r.id),
      userId: Number(r.user_id),
      country: r.country,
      status: r.status,
      holdReason: r.hold_reason,
      depositCents: Number(r.deposit_cents),
      depositReceivedAt: r.deposit_received_at ? new Date(r.deposit_received_at) : null,
    }
  );
}

/**
 * A credit step on the order: the change (`set`), a new version (desk clients holding the old one
 * reload), and a note in its status history (the status itself does not move).
 */
async function writeCreditStep(
  tx: Tx,
  order: OrderCreditState,
  set: ReturnType<typeof sql>,
  actorUserId: number,
  note: string,
): Promise<void> {
  await tx.execute(sql`
    update orders set ${set}, version = version + 1, updated_at = now() where id = ${order.id}`);
  await tx.execute(sql`
    insert into order_status_history (order_id, from_status, to_status, actor_user_id, note)
    values (${order.id}, ${order.status}, ${order.status}, ${actorUserId}, ${note})`);
}

/** Marks the opening deposit received (the payment row is written beside it). */
export function markDepositReceived(
  tx: Tx,
  order: OrderCreditState,
  actorUserId: number,
  note: string,
): Promise<void> {
  return writeCreditStep(tx, order, sql`deposit_received_at = now()`, actorUserId, note);
}

/** Releases the order's credit hold: who released it and when stay on the order. */
export function releaseOrderHold(
  tx: Tx,
  order: OrderCreditState,
  actorUserId: number,
  note: string,
): Promise<void> {
  return writeCreditStep(
    tx,
    order,
    sql`hold_reason = null, hold_released_by_user_id = ${actorUserId}, hold_released_at = now()`,
    actorUserId,
    note,
  );
}
