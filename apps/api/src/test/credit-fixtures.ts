import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Gives a test customer a trade account (docs/product/accounts-receivable.md): by default a limit no
 * test order reaches and no opening deposit, for tests about something else than credit that
 * accept the orders they place.
 */
export async function openTradeAccount(
  db: Database,
  userId: number,
  terms: { creditLimitCents?: number; openingDepositRequired?: boolean; netDays?: number } = {},
): Promise<void> {
  const limit = terms.creditLimitCents ?? 2_000_000_000;
  const deposit = terms.openingDepositRequired ?? false;
  const netDays = terms.netDays ?? 30;
  await db.execute(sql`
    insert into credit_accounts (user_id, credit_limit_cents, net_days, opening_deposit_required)
    values (${userId}, ${limit}, ${netDays}, ${deposit})
    on conflict (user_id) do update set credit_limit_cents = excluded.credit_limit_cents,
      net_days = excluded.net_days, opening_deposit_required = excluded.opening_deposit_required`);
}
