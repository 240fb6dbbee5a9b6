import { sql } from 'drizzle-orm';
import type { AccountHoldReason } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { recordAuditBy } from '../audit';
import { enqueueWebhookEvent } from '../webhooks';

export type AccountHoldChange = {
  userId: number;
  /** null lifts the hold. */
  reason: AccountHoldReason | null;
  note?: string | null;
  actor: { id: number | null; email?: string | null };
};

/**
 * Puts a customer's account on hold (overdue, bounced payment, other) or lifts it, in the caller's
 * transaction: the change, its audit row and the ERP's `credit.hold_changed` event together. A
 * held account's new orders wait for a person (docs/product/accounts-receivable.md "Credit hold").
 * Returns false when nothing changed (already in that state).
 */
export async function setAccountHold(tx: Tx, change: AccountHoldChange): Promise<boolean> {
  const note = change.reason ? (change.note?.trim() ?? '') || null : null;
  const before = await tx.execute<{ hold_reason: string | null; hold_note: string | null }>(sql`
    select hold_reason, hold_note from credit_accounts where user_id = ${change.userId} for update`);
  const was = before.rows[0];
  if (!was) throw new Error(`customer ${change.userId} has no credit account`);
  if (was.hold_reason === change.reason && (was.hold_note ?? null) === note) return false;
  await tx.execute(sql`
    update credit_accounts
       set hold_reason = ${change.reason}, hold_note = ${note},
           held_at = ${change.reason ? sql`now()` : sql`null`},
           held_by_user_id = ${change.reason ? change.actor.id : null},
           updated_at = now()
     where user_id = ${change.userId}`);
  await recordAuditBy(tx, change.actor, {
    action: change.reason ? 'credit_account.hold' : 'credit_account.release',
    entity: 'credit_account',
    entityId: change.userId,
    before: { hold_reason: was.hold_reason, hold_note: was.hold_note },
    after: { hold_reason: change.reason, hold_note: note },
  });
  await enqueueWebhookEvent(tx, 'credit.hold_changed', {
    customer_id: change.userId,
    on_hold: change.reason !== null,
    reason: change.reason,
    note,
  });
  return true;
}
