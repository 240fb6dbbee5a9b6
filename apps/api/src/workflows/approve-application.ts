import { formatCustomerCode } from '@wholesale/contract';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import {
  createCustomer,
  createPasswordToken,
  insertApplicationAddresses,
  sendPasswordLink,
  SET_TOKEN_TTL_MS,
  type SessionUser,
} from '../modules/accounts';
import { recordAuditBy } from '../modules/audit';
import {
  applicationAnswers,
  lockPendingApplication,
  markReviewed,
  type ApplicationRow,
} from '../modules/applications';
import { openCreditAccount } from '../modules/receivables';
import { enqueueWebhookEvent } from '../modules/webhooks';

/**
 * Approving a credit application (docs/product/back-office-staff-and-customers.md) as named steps inside ONE transaction
 * (docs/conventions.md #5): if any step fails, the transaction rolls every earlier step back, so there
 * is never a customer without an approved application, an approved application without a
 * customer, or a set-password mail for an account that does not exist (the mail is in the outbox
 * table, written by the same transaction).
 */

/**
 * Step 2: the customer account, without a password (it is chosen through the set-password link).
 * Country ca/us, language, company and owner come from the application.
 */
export function createCustomerAccount(
  tx: Tx,
  app: ApplicationRow,
): Promise<{ userId: number; customerCode: string }> {
  const country = app.country === 'ca' ? 'ca' : 'us';
  return createCustomer(
    tx,
    {
      email: app.email.trim(),
      ownerName: app.ownerName,
      companyName: app.companyName,
      country,
      lang: app.lang,
    },
    (userId) => formatCustomerCode(country, userId),
    `An account with the e-mail ${app.email} already exists; the application cannot create another one.`,
  );
}

/**
 * Step 2b: the new account's address book from the application (docs/product/accounts.md
 * "Addresses"): the billing address (flagged) and the shipping address as the default ship-to, or
 * the billing address as both when the shipping section is empty or repeats it. The checkout then
 * has a ship-to address and estimates the province's or state's taxes from the first order on.
 */
export function createAccountAddresses(
  tx: Tx,
  config: Config,
  app: ApplicationRow,
  userId: number,
): Promise<void> {
  return insertApplicationAddresses(tx, userId, applicationAnswers(config, app), {
    country: app.country === 'ca' ? 'ca' : 'us',
    lang: app.lang,
    companyName: app.companyName,
  });
}

/** Step 4: a single-use 'set' password token and the mail carrying `${publicUrl}/reset-password?token=…`. */
export async function sendSetPasswordLink(tx: Tx, config: Config, userId: number): Promise<void> {
  const token = await createPasswordToken(tx, userId, 'set', SET_TOKEN_TTL_MS);
  await sendPasswordLink(tx, { userId, token, purpose: 'set', publicUrl: config.publicUrl });
}

/** Approves a pending application: customer account, its addresses and credit account, approval record, set-password mail, audit entry. */
export async function approveApplication(
  db: Database,
  config: Config,
  staff: SessionUser,
  applicationId: number,
): Promise<{ userId: number; customerCode: string }> {
  return db.transaction(async (tx) => {
    const app = await lockPendingApplication(tx, applicationId);
    const account = await createCustomerAccount(tx, app);
    await createAccountAddresses(tx, config, app, account.userId);
    // Step 2c: the trade account the application opens: the country's credit limit, net days and
    // opening-deposit rule (DEFAULT_CREDIT_TERMS), which credit staff change later.
    await openCreditAccount(tx, account.userId, app.country === 'ca' ? 'ca' : 'us');
    // Step 3: mark approved, linked to the new customer.
    await markReviewed(tx, applicationId, {
      status: 'approved',
      reviewerId: staff.id,
      reviewerEmail: staff.email,
      customerUserId: account.userId,
      customerCode: account.customerCode,
    });
    await sendSetPasswordLink(tx, config, account.userId);
    // Step 5: who approved, when, and which account it created.
    await recordAuditBy(tx, staff, {
      action: 'application.approved',
      entity: 'application',
      entityId: applicationId,
      before: { status: 'pending' },
      after: {
        status: 'approved',
        customer_user_id: account.userId,
        customer_code: account.customerCode,
      },
    });
    // Step 6: the ERP learns of the new customer (webhook outbox, same transaction).
    await enqueueWebhookEvent(tx, 'customer.created', {
      customer_id: account.userId,
      customer_code: account.customerCode,
      email: app.email.trim(),
      company_name: app.companyName,
      owner_name: app.ownerName,
      country: app.country === 'ca' ? 'ca' : 'us',
      lang: app.lang,
    });
    return account;
  });
}
