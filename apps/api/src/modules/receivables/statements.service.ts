import { sql } from 'drizzle-orm';
import {
  agingTotals,
  availableCreditCents,
  DEFAULT_CREDIT_TERMS,
  overdueCents,
  periodEnd,
  periodStart,
  statementLines,
  type AccountCreditDto,
  type AccountHoldReason,
  type AgingTotals,
  type PaymentMethod,
  type StatementEntry,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { accountPosition } from './account-position.queries';
import { openInvoices, selectCustomer, selectCustomerPayments } from './payments.queries';
import { openInvoiceDto } from './statements.dto';

/**
 * The buyer's own account (GET /api/account/credit): limit, balance, open orders, available
 * credit, overdue, hold, aging, open invoices, recent payments and interest lines, and the months
 * that have a statement. Everything is read by the signed-in customer's id: never another's.
 */
export async function accountCredit(
  db: Database,
  userId: number,
  asOf: string,
): Promise<AccountCreditDto> {
  const customer = await selectCustomer(db, userId);
  const country = customer?.country ?? 'ca';
  const account = await db.execute<{ credit_limit_cents: number; hold_reason: string | null }>(
    sql`select credit_limit_cents, hold_reason from credit_accounts where user_id = ${userId}`,
  );
  const limit = Number(
    account.rows[0]?.credit_limit_cents ?? DEFAULT_CREDIT_TERMS[country].creditLimitCents,
  );
  const holdReason = (account.rows[0]?.hold_reason ?? null) as AccountHoldReason | null;
  const [position, open, payments, interest, periods] = await Promise.all([
    accountPosition(db as Tx, userId),
    openInvoices(db, userId),
    selectCustomerPayments(db, userId, 10),
    db.execute<{ period: string; charged_on: string; overdue_cents: number; amount_cents: number }>(
      sql`select period, charged_on::text as charged_on, overdue_cents, amount_cents
            from interest_charges where user_id = ${userId} order by period desc limit 12`,
    ),
    statementPeriods(db, userId),
  ]);
  const dated = open.map((i) => ({ dueOn: i.dueOn, openCents: i.openCents }));
  return {
    country,
    as_of: asOf,
    credit_limit_cents: limit,
    balance_cents: position.balanceCents,
    open_orders_cents: position.uninvoicedOpenOrdersCents,
    available_credit_cents: availableCreditCents(
      limit,
      position.balanceCents,
      position.uninvoicedOpenOrdersCents,
    ),
    overdue_cents: overdueCents(dated, asOf),
    on_hold: holdReason !== null,
    hold_reason: holdReason,
    aging: agingTotals(dated, asOf),
    open_invoices: open.map((i) => openInvoiceDto(i, asOf)),
    payments: payments.map(({ external_ref: _ref, ...p }) => {
      const { requestHash: _hash, ...rest } = p;
      return rest;
    }),
    interest: interest.rows.map((r) => ({
      period: r.period,
      charged_on: r.charged_on,
      overdue_cents: Number(r.overdue_cents),
      amount_cents: Number(r.amount_cents),
    })),
    statement_periods: periods,
  };
}

/** The months (YYYY-MM) in which the customer's account had a document, newest first. */
export async function statementPeriods(db: Tx, userId: number): Promise<string[]> {
  const result = await db.execute<{ period: string }>(sql`
    select distinct period from (
      select to_char(issued_on, 'YYYY-MM') as period from invoices where user_id = ${userId}
      union select to_char(received_on, 'YYYY-MM') from payments where user_id = ${userId} and bounced_at is null
      union select to_char(issued_on, 'YYYY-MM') from credit_notes where user_id = ${userId}
      union select period from interest_charges where user_id = ${userId}
    ) p order by period desc`);
  return result.rows.map((r) => r.period);
}

export type Statement = {
  customer: NonNullable<Awaited<ReturnType<typeof selectCustomer>>>;
  period: string;
  from: string;
  to: string;
  openingCents: number;
  /** `method`: a payment's, which the PDF names in the customer's language; null otherwise. */
  lines: (StatementEntry & { balanceCents: number; method: PaymentMethod | null })[];
  closingCents: number;
  aging: AgingTotals;
  overdueCents: number;
};

/**
 * A month's statement: the balance before its first day, each invoice, payment (bounced ones do
 * not count), credit note and interest line of the month with the running balance, the closing
 * balance (the balance at the month's end: the same rule as accountPosition), and the aging of
 * what was open on the month's last day.
 */
export async function monthlyStatement(
  db: Database,
  userId: number,
  period: string,
): Promise<Statement> {
  const customer = await selectCustomer(db, userId);
  if (!customer) throw new AppError('NOT_FOUND', 'No such customer');
  const from = periodStart(period);
  const to = periodEnd(period);
  const opening = await db.execute<{ balance: string | number }>(sql`
    select
      (select coalesce(sum(total_cents), 0) from invoices where user_id = ${userId} and issued_on < ${from}::date)
      - (select coalesce(sum(amount_cents), 0) from payments where user_id = ${userId} and bounced_at is null and received_on < ${from}::date)
      - (select coalesce(sum(total_cents), 0) from credit_notes where user_id = ${userId} and issued_on < ${from}::date)
      + (select coalesce(sum(amount_cents), 0) from interest_charges where user_id = ${userId} and charged_on < ${from}::date)
      as balance`);
  const entries = await db.execute<{
    kind: StatementEntry['kind'];
    date: string;
    reference: string | null;
    amount_cents: number;
    id: number;
    method: PaymentMethod | null;
  }>(sql`
    select 'invoice' as kind, issued_on::text as date, number as reference, total_cents as amount_cents, id, null as method
      from invoices where user_id = ${userId} and issued_on between ${from}::date and ${to}::date
    union all
    select 'payment', received_on::text, reference, amount_cents, id, method
      from payments where user_id = ${userId} and bounced_at is null and received_on between ${from}::date and ${to}::date
    union all
    select 'credit_note', issued_on::text, number, total_cents, id, null
      from credit_notes where user_id = ${userId} and issued_on between ${from}::date and ${to}::date
    union all
    select 'interest', charged_on::text, period, amount_cents, id, null
      from interest_charges where user_id = ${userId} and charged_on between ${from}::date and ${to}::date`);
  const openingCents = Number(opening.rows[0]?.balance ?? 0);
  const { lines, closingCents } = statementLines(
    openingCents,
    entries.rows.map((e) => ({
      kind: e.kind,
      date: e.date,
      reference: e.reference ?? '',
      amountCents: Number(e.amount_cents),
      id: Number(e.id),
      method: e.method,
    })),
  );
  const open = (await openInvoices(db, userId, to)).map((i) => ({
    dueOn: i.dueOn,
    openCents: i.openCents,
  }));
  return {
    customer,
    period,
    from,
    to,
    openingCents,
    lines,
    closingCents,
    aging: agingTotals(open, to),
    overdueCents: overdueCents(open, to),
  };
}
