import type { Database, Tx } from '../../db/client';
import {
  createPasswordToken,
  invalidateUserTokens,
  passwordLink,
  sendPasswordLink,
  SET_TOKEN_TTL_MS,
  type SessionUser,
  type UserRow,
} from '../accounts';
import { recordAuditBy } from '../audit';
import { activeCustomer } from './customers.service';

/**
 * Onboarding without database access (docs/product/back-office-staff-and-customers.md
 * "Customers"): staff who look after customers (credit, admin) send the set-password mail again, or
 * take a fresh set-password link to pass on themselves (a store without SMTP sends no mail). Either
 * way the customer's earlier links stop working, so only the newest one is live; each is audited
 * (never the link itself).
 */

/** A new 'set' token for the customer, the earlier ones retired, and the audit row. */
async function freshSetToken(
  tx: Tx,
  staff: SessionUser,
  customer: UserRow,
  action: string,
  after: Record<string, unknown>,
): Promise<string> {
  await invalidateUserTokens(tx, customer.id);
  const token = await createPasswordToken(tx, customer.id, 'set');
  await recordAuditBy(tx, staff, {
    action,
    entity: 'customer',
    entityId: customer.id,
    after,
  });
  return token;
}

/** POST /api/admin/customers/:id/set-password-mail: the set-password mail again (7-day link). */
export async function resendSetPasswordMail(
  db: Database,
  publicUrl: string,
  staff: SessionUser,
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const customer = await activeCustomer(tx, id);
    const token = await freshSetToken(tx, staff, customer, 'customer.set_password_mail', {
      mail_to: customer.email,
    });
    await sendPasswordLink(tx, { userId: id, token, purpose: 'set', publicUrl });
  });
}

/**
 * POST /api/admin/customers/:id/set-password-link: a fresh set-password link for staff to copy
 * (the customer chooses a password on it, no e-mail asked), valid SET_TOKEN_TTL_MS.
 */
export async function issueSetPasswordLink(
  db: Database,
  publicUrl: string,
  staff: SessionUser,
  id: number,
): Promise<{ link: string; expires_at: string }> {
  return db.transaction(async (tx) => {
    const customer = await activeCustomer(tx, id);
    const expiresAt = new Date(Date.now() + SET_TOKEN_TTL_MS).toISOString();
    const token = await freshSetToken(tx, staff, customer, 'customer.set_password_link', {
      link_expires_at: expiresAt,
    });
    return { link: passwordLink(publicUrl, token, 'set'), expires_at: expiresAt };
  });
}
