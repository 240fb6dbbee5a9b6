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

/**
 * The token each mail carries, with its audit row: a reset link leaves the earlier links as they
 * are (the customer may still use one they asked for), a set-password link retires them.
 */
const MAILED_TOKEN: Record<
  'reset' | 'set',
  (tx: Tx, staff: SessionUser, customer: UserRow) => Promise<string>
> = {
  reset: async (tx, staff, customer) => {
    const token = await createPasswordToken(tx, customer.id, 'reset');
    await recordAuditBy(tx, staff, {
      action: 'customer.password_reset',
      entity: 'customer',
      entityId: customer.id,
      after: { reset_mail_to: customer.email },
    });
    return token;
  },
  set: (tx, staff, customer) =>
    freshSetToken(tx, staff, customer, 'customer.set_password_mail', { mail_to: customer.email }),
};

/**
 * A staff call that mails an active customer a password link of the purpose, in their language:
 * 'reset' (POST /api/admin/customers/:id/password-reset, a one-hour link) or 'set'
 * (POST /api/admin/customers/:id/set-password-mail, the set-password mail again, a 7-day link).
 * An inactive account gets none (409): it could not sign in with it anyway.
 */
function passwordMail(purpose: 'reset' | 'set') {
  return async (db: Database, publicUrl: string, staff: SessionUser, id: number): Promise<void> => {
    await db.transaction(async (tx) => {
      const customer = await activeCustomer(tx, id);
      const token = await MAILED_TOKEN[purpose](tx, staff, customer);
      await sendPasswordLink(tx, { userId: id, token, purpose, publicUrl });
    });
  };
}

export const sendCustomerPasswordReset = passwordMail('reset');
export const resendSetPasswordMail = passwordMail('set');

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
