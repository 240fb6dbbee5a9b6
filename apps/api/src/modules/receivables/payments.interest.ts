import { sql } from 'drizzle-orm';
import {
  lastEndedPeriod,
  MONTHLY_INTEREST_BASIS_POINTS,
  monthlyInterestCents,
  periodEnd,
} from '@wholesale/contract';
import type { Database } from '../../db/client';
import { reasonError } from '../../lib/app-error';

export type InterestCharged = { customer_id: number; overdue_cents: number; amount_cents: number };

/**
 * Charges a month's interest on overdue accounts (docs/product/accounts-receivable.md "Interest"):
 * for each customer with open amounts due before the month's last day (as they stood that day:
 * later payments and credit notes do not count), one `interest_charges` row for the period at
 * `monthlyInterestCents` of that amount, dated the month's last day. At most one per customer and
 * month (unique user + period), so running it again, or daily, charges nothing twice. A system
 * action: no audit row, the charge is its own line on the account. `period` defaults to the last
 * month that ended on `asOf`; a month not ended yet is refused (400 naming `period`).
 * Answers the charges it wrote.
 */
export async function chargeMonthlyInterest(
  db: Database,
  options: { asOf: string; period?: string },
): Promise<{ period: string; charged: InterestCharged[] }> {
  const period = options.period ?? lastEndedPeriod(options.asOf);
  const monthEnd = periodEnd(period);
  if (monthEnd >= options.asOf)
    throw reasonError('VALIDATION_FAILED', 'PERIOD_NOT_ENDED', { period }, 'period');
  return db.transaction(async (tx) => {
    const overdue = await tx.execute<{ user_id: number; overdue: string | number }>(sql`
      select o.user_id, sum(o.open_cents) as overdue from (
        select i.user_id,
               i.total_cents - coalesce((
                 select sum(s.amount_cents) from settlements s
                   left join payments p on p.id = s.payment_id
                   left join credit_notes c on c.id = s.credit_note_id
                  where s.invoice_id = i.id
                    and coalesce(p.received_on, c.issued_on) <= ${monthEnd}::date
               ), 0) as open_cents
          from invoices i
         where i.due_on < ${monthEnd}::date and i.issued_on <= ${monthEnd}::date
           and not exists (select 1 from interest_charges x
                            where x.user_id = i.user_id and x.period = ${period})
      ) o
      where o.open_cents > 0
      group by o.user_id
      order by o.user_id`);
    const charged: InterestCharged[] = [];
    for (const row of overdue.rows) {
      const overdueCents = Number(row.overdue);
      const amount = monthlyInterestCents(overdueCents);
      if (amount <= 0) continue;
      const inserted = await tx.execute<{ id: number }>(sql`
        insert into interest_charges (user_id, period, charged_on, overdue_cents, basis_points, amount_cents)
        values (${row.user_id}, ${period}, ${monthEnd}, ${overdueCents}, ${MONTHLY_INTEREST_BASIS_POINTS}, ${amount})
        on conflict (user_id, period) do nothing
        returning id`);
      if (inserted.rows.length)
        charged.push({
          customer_id: Number(row.user_id),
          overdue_cents: overdueCents,
          amount_cents: amount,
        });
    }
    return { period, charged };
  });
}
