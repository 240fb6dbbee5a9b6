import { sql } from 'drizzle-orm';
import { DEFAULT_CREDIT_TERMS, OPEN_ORDER_STATUSES, type Country } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { executeNamed } from '../../db/prepared';

/**
 * Where a customer's account stands, in cents (docs/product/accounts-receivable.md "Balance"):
 * the balance is always derived from the documents, never stored:
 *   balance = invoices − received payments − credit notes + interest.
 * Open orders are what was ordered and not invoiced yet: each open order that is not on hold,
 * its estimated total (goods + taxes) less what its invoices already billed.
 */
export type AccountPosition = {
  balanceCents: number;
  uninvoicedOpenOrdersCents: number;
};

export async function accountPosition(tx: Tx, userId: number): Promise<AccountPosition> {
  const open = sql.join(
    OPEN_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  // NOTE: named (every value a parameter): every order runs it, planned once per connection.
  const result = await executeNamed<{ balance: string | number; open_orders: string | number }>(
    tx,
    sql`
    select
      (select coalesce(sum(total_cents), 0) from invoices where user_id = ${userId})
      - (select coalesce(sum(amount_cents), 0) from payments where user_id = ${userId} and bounced_at is null)
      - (select coalesce(sum(total_cents), 0) from credit_notes where user_id = ${userId})
      + (select coalesce(sum(amount_cents), 0) from interest_charges where user_id = ${userId})
        as balance,
      (select coalesce(sum(greatest(0, o.total_cents + o.tax_cents - coalesce(
                (select sum(i.total_cents) from invoices i where i.order_id = o.id), 0))), 0)
         from orders o
        where o.user_id = ${userId} and o.status in (${open}) and o.hold_reason is null)
        as open_orders`,
  );
  const row = result.rows[0];
  return {
    balanceCents: Number(row?.balance ?? 0),
    uninvoicedOpenOrdersCents: Number(row?.open_orders ?? 0),
  };
}

/**
 * The customer's credit account, locked FOR UPDATE: every order of one customer takes this lock in
 * its transaction, so two concurrent orders cannot both pass the credit check against the same
 * available credit. Created with the country's defaults when missing (an account made before
 * migration 0033, or by a path that did not open one).
 */
export async function lockCreditAccount(tx: Tx, userId: number, country: Country) {
  const locked = () =>
    executeNamed<{
      credit_limit_cents: number;
      net_days: number;
      opening_deposit_required: boolean;
      hold_reason: string | null;
      hold_note: string | null;
    }>(
      tx,
      sql`
    select credit_limit_cents, net_days, opening_deposit_required, hold_reason, hold_note
      from credit_accounts where user_id = ${userId} for update`,
    );
  // NOTE: the account exists for nearly every order: one round trip (the lock) then, and the
  // insert with the defaults only when it is missing (was: the insert on every order first).
  let result = await locked();
  if (!result.rows[0]) {
    const defaults = DEFAULT_CREDIT_TERMS[country];
    await executeNamed(
      tx,
      sql`
      insert into credit_accounts (user_id, credit_limit_cents, net_days, opening_deposit_required)
      values (${userId}, ${defaults.creditLimitCents}, ${defaults.netDays}, ${defaults.openingDepositRequired})
      on conflict (user_id) do nothing`,
    );
    result = await locked();
  }
  const row = result.rows[0];
  return {
    creditLimitCents: Number(row.credit_limit_cents),
    netDays: Number(row.net_days),
    openingDepositRequired: Boolean(row.opening_deposit_required),
    holdReason: row.hold_reason,
    holdNote: row.hold_note,
  };
}

/**
 * The next number of a document kind in a country, gapless (the row is locked until the
 * transaction ends; a rolled-back invoice gives its number back): invoice CA-000001, credit note
 * CN-CA-000001.
 */
export async function nextDocumentNumber(
  tx: Tx,
  kind: 'invoice' | 'credit_note',
  country: Country,
): Promise<string> {
  const result = await tx.execute<{ last_number: number }>(sql`
    insert into document_sequences (kind, country, last_number) values (${kind}, ${country}, 1)
    on conflict (kind, country) do update set last_number = document_sequences.last_number + 1
    returning last_number`);
  const n = String(result.rows[0].last_number).padStart(6, '0');
  const prefix = country.toUpperCase();
  return kind === 'invoice' ? `${prefix}-${n}` : `CN-${prefix}-${n}`;
}
