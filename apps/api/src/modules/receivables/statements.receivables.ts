import { sql } from 'drizzle-orm';
import type { Country, ReceivableRowDto, AccountHoldReason } from '@wholesale/contract';
import type { Database } from '../../db/client';

type ReceivableRow = {
  id: number;
  company_name: string | null;
  owner_name: string;
  customer_code: string | null;
  country: Country;
  balance: string | number;
  overdue: string | number;
  current: string | number;
  days_1_30: string | number;
  days_31_60: string | number;
  days_61_90: string | number;
  over_90: string | number;
  hold_reason: AccountHoldReason | null;
  total: string | number;
};

/**
 * The staff receivables view (docs/product/accounts-receivable.md "Payments, statements, interest
 * and receivables"): every customer with an account history (an invoice, a payment, a credit note,
 * interest) or on hold, most overdue first, with the balance (the accountPosition rule), the
 * overdue amount and the open amounts per aging bucket on `asOf` (the buckets of agingBucket:
 * days past due ≤ 0, 1–30, 31–60, 61–90, over 90). `limit` null: every row (the CSV export).
 */
export async function listReceivables(
  db: Database,
  options: { asOf: string; country?: Country; page: number; perPage: number | null },
): Promise<{ rows: ReceivableRowDto[]; total: number }> {
  const limit = options.perPage ?? 1_000_000;
  const offset = options.perPage ? (options.page - 1) * options.perPage : 0;
  const asOf = options.asOf;
  const result = await db.execute<ReceivableRow>(sql`
    with open_invoices as (
      select i.user_id, (${asOf}::date - i.due_on) as late,
             i.total_cents - coalesce((select sum(s.amount_cents) from settlements s where s.invoice_id = i.id), 0) as open_cents
        from invoices i
    ),
    aging as (
      select user_id,
             sum(open_cents) filter (where late > 0) as overdue,
             sum(open_cents) filter (where late <= 0) as current,
             sum(open_cents) filter (where late between 1 and 30) as days_1_30,
             sum(open_cents) filter (where late between 31 and 60) as days_31_60,
             sum(open_cents) filter (where late between 61 and 90) as days_61_90,
             sum(open_cents) filter (where late > 90) as over_90
        from open_invoices where open_cents > 0 group by user_id
    ),
    customers as (
      select u.id, u.company_name, u.owner_name, u.customer_code, u.country, ca.hold_reason,
             (select coalesce(sum(total_cents), 0) from invoices where user_id = u.id)
             - (select coalesce(sum(amount_cents), 0) from payments where user_id = u.id and bounced_at is null)
             - (select coalesce(sum(total_cents), 0) from credit_notes where user_id = u.id)
             + (select coalesce(sum(amount_cents), 0) from interest_charges where user_id = u.id) as balance
        from users u left join credit_accounts ca on ca.user_id = u.id
       where u.role = 'customer'
         and (${options.country ?? null}::text is null or u.country = ${options.country ?? null}::text)
         and (ca.hold_reason is not null
              or exists (select 1 from invoices where user_id = u.id)
              or exists (select 1 from payments where user_id = u.id)
              or exists (select 1 from credit_notes where user_id = u.id))
    )
    select c.*, coalesce(a.overdue, 0) as overdue, coalesce(a.current, 0) as current,
           coalesce(a.days_1_30, 0) as days_1_30, coalesce(a.days_31_60, 0) as days_31_60,
           coalesce(a.days_61_90, 0) as days_61_90, coalesce(a.over_90, 0) as over_90,
           count(*) over () as total
      from customers c left join aging a on a.user_id = c.id
     order by coalesce(a.overdue, 0) desc, c.balance desc, c.id
     limit ${limit} offset ${offset}`);
  const total = Number(result.rows[0]?.total ?? 0);
  return {
    total,
    rows: result.rows.map((r) => ({
      customer_id: Number(r.id),
      company_name: r.company_name,
      name: r.owner_name,
      customer_code: r.customer_code,
      country: r.country,
      balance_cents: Number(r.balance),
      overdue_cents: Number(r.overdue),
      aging: {
        current: Number(r.current),
        days_1_30: Number(r.days_1_30),
        days_31_60: Number(r.days_31_60),
        days_61_90: Number(r.days_61_90),
        over_90: Number(r.over_90),
      },
      on_hold: r.hold_reason !== null,
      hold_reason: r.hold_reason,
    })),
  };
}

export const AGING_CSV_COLUMNS = [
  'customer_id',
  'customer_code',
  'company_name',
  'owner_name',
  'country',
  'balance',
  'overdue',
  'current',
  'days_1_30',
  'days_31_60',
  'days_61_90',
  'over_90',
  'on_hold',
  'hold_reason',
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** One row of the aging CSV: amounts in currency units with two decimals (a spreadsheet sums them). */
export function agingCsvRecord(r: ReceivableRowDto): (string | number)[] {
  return [
    r.customer_id,
    r.customer_code ?? '',
    r.company_name ?? '',
    r.name,
    r.country,
    dollars(r.balance_cents),
    dollars(r.overdue_cents),
    dollars(r.aging.current),
    dollars(r.aging.days_1_30),
    dollars(r.aging.days_31_60),
    dollars(r.aging.days_61_90),
    dollars(r.aging.over_90),
    r.on_hold ? 'yes' : 'no',
    r.hold_reason ?? '',
  ];
}
