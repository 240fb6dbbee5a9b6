import { sql } from 'drizzle-orm';
import {
  DEFAULT_CREDIT_TERMS,
  availableCreditCents,
  currencyOf,
  type AccountHoldReason,
  type AdminAccountHoldBody,
  type AdminCreditAccount,
  type AdminCreditPatchBody,
  type Country,
  type PaymentMethod,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { requireCustomerAccount, type SessionUser } from '../accounts';
import { recordAuditBy } from '../audit';
import { enqueueWebhookEvent } from '../webhooks';
import { accountPosition, lockCreditAccount } from './account-position.queries';
import { setAccountHold } from './account-hold';

/**
 * The trade account's credit as staff manage it (docs/product/accounts-receivable.md "Credit at
 * approval, deposits and holds"): opened at approval with the country's defaults, read and changed
 * on the customer's page, put on hold and lifted. Every change is audit-logged (entity
 * credit_account) in the transaction that makes it.
 */

/**
 * Opens the credit account of a new customer with the country's defaults (DEFAULT_CREDIT_TERMS), in
 * the caller's transaction (the approval's). Does nothing when the account exists.
 */
export async function openCreditAccount(tx: Tx, userId: number, country: Country): Promise<void> {
  const d = DEFAULT_CREDIT_TERMS[country];
  await tx.execute(sql`
    insert into credit_accounts (user_id, credit_limit_cents, net_days, opening_deposit_required)
    values (${userId}, ${d.creditLimitCents}, ${d.netDays}, ${d.openingDepositRequired})
    on conflict (user_id) do nothing`);
}

/** The customer `id` (404 for none or a staff account): whose credit it is and in what currency. */
async function creditCustomer(tx: Tx, id: number): Promise<{ id: number; country: Country }> {
  const row = await requireCustomerAccount(tx, id);
  return { id: row.id, country: row.country === 'us' ? 'us' : 'ca' };
}

type AccountRow = Awaited<ReturnType<typeof lockCreditAccount>> & { heldAt: Date | null };

async function readAccount(tx: Tx, userId: number, country: Country): Promise<AccountRow> {
  const account = await lockCreditAccount(tx, userId, country);
  const held = await tx.execute<{ held_at: string | Date | null }>(
    sql`select held_at from credit_accounts where user_id = ${userId}`,
  );
  const at = held.rows[0]?.held_at;
  return { ...account, heldAt: at ? new Date(at) : null };
}

async function creditDto(
  tx: Tx,
  userId: number,
  country: Country,
  account: AccountRow,
): Promise<AdminCreditAccount> {
  const position = await accountPosition(tx, userId);
  return {
    customer_id: userId,
    currency: currencyOf(country),
    credit_limit_cents: account.creditLimitCents,
    net_days: account.netDays,
    opening_deposit_required: account.openingDepositRequired,
    hold: account.holdReason
      ? {
          reason: account.holdReason as AccountHoldReason,
          note: account.holdNote,
          held_at: account.heldAt?.toISOString() ?? null,
        }
      : null,
    balance_cents: position.balanceCents,
    open_orders_cents: position.uninvoicedOpenOrdersCents,
    available_credit_cents: availableCreditCents(
      account.creditLimitCents,
      position.balanceCents,
      position.uninvoicedOpenOrdersCents,
    ),
  };
}

/**
 * A staff call on the customer `id`'s credit account, in one transaction: `act` reads or changes
 * the account and gives it as it stands after; the answer is the staff view of that.
 */
function onCreditAccount(
  db: Database,
  id: number,
  act: (tx: Tx, customer: { id: number; country: Country }) => Promise<AccountRow>,
): Promise<AdminCreditAccount> {
  return db.transaction(async (tx) => {
    const customer = await creditCustomer(tx, id);
    return creditDto(tx, customer.id, customer.country, await act(tx, customer));
  });
}

/**
 * GET /api/admin/customers/:id/credit: limit, net days, deposit flag, hold, balance, open orders
 * and available credit. An account approved before trade credit existed is opened with the
 * defaults on first read (as the first order would).
 */
export function getCreditAccount(db: Database, id: number): Promise<AdminCreditAccount> {
  return onCreditAccount(db, id, (tx, customer) => readAccount(tx, customer.id, customer.country));
}

/** PATCH /api/admin/customers/:id/credit: the limit, net days or opening-deposit flag, audited. */
export function patchCreditAccount(
  db: Database,
  staff: SessionUser,
  id: number,
  body: AdminCreditPatchBody,
): Promise<AdminCreditAccount> {
  return onCreditAccount(db, id, async (tx, customer) => {
    const before = await readAccount(tx, customer.id, customer.country);
    const after = {
      creditLimitCents: body.credit_limit_cents ?? before.creditLimitCents,
      netDays: body.net_days ?? before.netDays,
      openingDepositRequired: body.opening_deposit_required ?? before.openingDepositRequired,
    };
    await tx.execute(sql`
      update credit_accounts
         set credit_limit_cents = ${after.creditLimitCents}, net_days = ${after.netDays},
             opening_deposit_required = ${after.openingDepositRequired}, updated_at = now()
       where user_id = ${customer.id}`);
    const wire = (a: typeof after) => ({
      credit_limit_cents: a.creditLimitCents,
      net_days: a.netDays,
      opening_deposit_required: a.openingDepositRequired,
    });
    await recordAuditBy(tx, staff, {
      action: 'credit_account.update',
      entity: 'credit_account',
      entityId: customer.id,
      before: wire(before),
      after: wire(after),
    });
    return { ...before, ...after };
  });
}

/**
 * PUT /api/admin/customers/:id/credit/hold: puts the account on hold with a reason and note
 * (overdue, bounced payment, other), or lifts it (reason null). setAccountHold audits it and tells
 * the ERP (`credit.hold_changed`).
 */
export function changeAccountHold(
  db: Database,
  staff: SessionUser,
  id: number,
  body: AdminAccountHoldBody,
): Promise<AdminCreditAccount> {
  return onCreditAccount(db, id, async (tx, customer) => {
    await lockCreditAccount(tx, customer.id, customer.country);
    await setAccountHold(tx, {
      userId: customer.id,
      reason: body.reason,
      note: body.note ?? null,
      actor: { id: staff.id, email: staff.email },
    });
    return readAccount(tx, customer.id, customer.country);
  });
}

/** An opening order's deposit, received (the order desk records it). */
export type OrderDeposit = {
  userId: number;
  orderId: number;
  amountCents: number;
  method: PaymentMethod;
  reference: string | null;
  receivedOn: string;
  actor: { id: number; email: string | null };
};

/**
 * Writes the deposit as a payment against its order (deposit_for_order_id), in the caller's
 * transaction (which also marks the order), with its audit row (entity payment) and the ERP's
 * `payment.recorded` event. Returns the payment's id.
 */
export async function recordDepositPayment(tx: Tx, d: OrderDeposit): Promise<number> {
  const inserted = await tx.execute<{ id: number }>(sql`
    insert into payments (user_id, amount_cents, method, reference, received_on, deposit_for_order_id,
                          source, recorded_by_user_id)
    values (${d.userId}, ${d.amountCents}, ${d.method}, ${d.reference}, ${d.receivedOn}::date,
            ${d.orderId}, 'staff', ${d.actor.id})
    returning id`);
  const paymentId = Number(inserted.rows[0].id);
  const payload = {
    payment_id: paymentId,
    customer_id: d.userId,
    amount_cents: d.amountCents,
    method: d.method,
    reference: d.reference,
    received_on: d.receivedOn,
    // A deposit pays no invoice yet (the order is not invoiced): no settlements, the order named.
    settlements: [],
    deposit_for_order_id: d.orderId,
  };
  await recordAuditBy(tx, d.actor, {
    action: 'payment.deposit',
    entity: 'payment',
    entityId: paymentId,
    after: payload,
  });
  await enqueueWebhookEvent(tx, 'payment.recorded', payload);
  return paymentId;
}

/** What the checkout tells the buyer of their credit (no lock: a read). */
export type CheckoutCredit = {
  netDays: number;
  openingDepositRequired: boolean;
  accountHold: AccountHoldReason | null;
  availableCreditCents: number;
};

/**
 * The account's terms and available credit for the checkout; null for an account without a credit
 * account yet (its first order opens one with the defaults).
 */
export async function checkoutCredit(tx: Tx, userId: number): Promise<CheckoutCredit | null> {
  const result = await tx.execute<{
    credit_limit_cents: number;
    net_days: number;
    opening_deposit_required: boolean;
    hold_reason: AccountHoldReason | null;
  }>(sql`
    select credit_limit_cents, net_days, opening_deposit_required, hold_reason
      from credit_accounts where user_id = ${userId}`);
  const row = result.rows[0];
  if (!row) return null;
  const position = await accountPosition(tx, userId);
  return {
    netDays: Number(row.net_days),
    openingDepositRequired: Boolean(row.opening_deposit_required),
    accountHold: row.hold_reason,
    availableCreditCents: availableCreditCents(
      Number(row.credit_limit_cents),
      position.balanceCents,
      position.uninvoicedOpenOrdersCents,
    ),
  };
}
