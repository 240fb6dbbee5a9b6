import { z } from 'zod';
import { dataResponse, listResponse, okResponse } from '../common';
import { COUNTRIES } from '../common/values';
import { dateField } from '../common/dates';
import {
  idSchema,
  MAX_DATABASE_INTEGER,
  requiredText,
  safeText,
  staffPageFields,
} from '../common/safe-input';
import {
  ACCOUNT_HOLD_REASONS,
  AGING_BUCKETS,
  agingBucket,
  PAYMENT_METHODS,
  type AgingBucket,
} from './terms';
import { creditStandingFields } from './credit';

/*
 * Payments, statements, interest and receivables (docs/product/accounts-receivable.md
 * "Payments, statements, interest and receivables"): the pure rules (how a payment settles
 * invoices, a month's period, aging totals, a statement's running balance) and the wire schemas.
 */

// ---------------------------------------------------------------------------------------------
// Periods (calendar months, YYYY-MM)

export const PERIOD_PATTERN = /^(19|20)\d\d-(0[1-9]|1[0-2])$/;
export const PERIOD_MESSAGE = 'period must be a month written YYYY-MM';

/** The month (YYYY-MM) a day (YYYY-MM-DD) falls in. */
export const periodOf = (day: string): string => day.slice(0, 7);

/** The first day of a period. */
export const periodStart = (period: string): string => `${period}-01`;

/** The last day of a period (28 to 31). */
export function periodEnd(period: string): string {
  const [y, m] = period.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${period}-${String(last).padStart(2, '0')}`;
}

/** The period before `period`. */
export function previousPeriod(period: string): string {
  const [y, m] = period.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The last whole month that has ended on `asOf` (the day before its first day is its end). */
export const lastEndedPeriod = (asOf: string): string => previousPeriod(periodOf(asOf));

// ---------------------------------------------------------------------------------------------
// How a payment settles invoices

export type OpenInvoice = { id: number; dueOn: string; issuedOn: string; openCents: number };
export type Allocation = { invoiceId: number; amountCents: number };

/**
 * How a payment of `amountCents` settles the customer's open invoices when staff do not say:
 * oldest due first (then oldest issued, then lowest id), each invoice at most its open amount,
 * never more than the payment in all. What is left stays a credit on the account.
 */
export function allocateOldestFirst(
  amountCents: number,
  invoices: readonly OpenInvoice[],
): { allocations: Allocation[]; unappliedCents: number } {
  const ordered = [...invoices].sort(
    (a, b) => a.dueOn.localeCompare(b.dueOn) || a.issuedOn.localeCompare(b.issuedOn) || a.id - b.id,
  );
  let left = Math.max(0, amountCents);
  const allocations: Allocation[] = [];
  for (const invoice of ordered) {
    if (left <= 0) break;
    const amount = Math.min(left, invoice.openCents);
    if (amount <= 0) continue;
    allocations.push({ invoiceId: invoice.id, amountCents: amount });
    left -= amount;
  }
  return { allocations, unappliedCents: left };
}

/** Why an explicit allocation is refused, by field (`allocations.N.invoice_id`…). */
export type AllocationProblem = {
  field: string;
  reason:
    | 'PAYMENT_INVOICE_UNKNOWN'
    | 'PAYMENT_OVER_OPEN'
    | 'PAYMENT_OVER_AMOUNT'
    | 'PAYMENT_INVOICE_TWICE';
  params?: Record<string, string | number>;
};

/**
 * Checks the allocation staff or the ERP gave: each invoice the customer's and open, at most its
 * open amount, each invoice once, in all at most the payment. The first problem, or null.
 */
export function allocationProblem(
  amountCents: number,
  allocations: readonly Allocation[],
  open: ReadonlyMap<number, { openCents: number; number: string }>,
): AllocationProblem | null {
  const seen = new Set<number>();
  let sum = 0;
  for (const [i, a] of allocations.entries()) {
    if (seen.has(a.invoiceId))
      return { field: `allocations.${i}.invoice_id`, reason: 'PAYMENT_INVOICE_TWICE' };
    seen.add(a.invoiceId);
    const invoice = open.get(a.invoiceId);
    if (!invoice)
      return { field: `allocations.${i}.invoice_id`, reason: 'PAYMENT_INVOICE_UNKNOWN' };
    if (a.amountCents > invoice.openCents)
      return {
        field: `allocations.${i}.amount_cents`,
        reason: 'PAYMENT_OVER_OPEN',
        params: { number: invoice.number, openCents: invoice.openCents },
      };
    sum += a.amountCents;
  }
  if (sum > amountCents)
    return { field: 'allocations', reason: 'PAYMENT_OVER_AMOUNT', params: { amountCents } };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Aging and statements

export type AgingTotals = Record<AgingBucket, number>;

export const emptyAging = (): AgingTotals => ({
  current: 0,
  days_1_30: 0,
  days_31_60: 0,
  days_61_90: 0,
  over_90: 0,
});

/** Open amounts summed per aging bucket on `asOf` (agingBucket). */
export function agingTotals(
  invoices: readonly { dueOn: string; openCents: number }[],
  asOf: string,
): AgingTotals {
  const totals = emptyAging();
  for (const i of invoices) totals[agingBucket(i.dueOn, asOf)] += i.openCents;
  return totals;
}

/** What is overdue on `asOf`: open amounts due before it. */
export const overdueCents = (
  invoices: readonly { dueOn: string; openCents: number }[],
  asOf: string,
): number => invoices.filter((i) => i.dueOn < asOf).reduce((s, i) => s + i.openCents, 0);

export const STATEMENT_LINE_KINDS = ['invoice', 'payment', 'credit_note', 'interest'] as const;
export type StatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];

/** One document of a statement: invoices and interest add, payments and credit notes take off. */
export type StatementEntry = {
  kind: StatementLineKind;
  date: string;
  reference: string;
  amountCents: number;
  /** Tie-break within a day. */
  id: number;
};

const KIND_ORDER: Record<StatementLineKind, number> = {
  invoice: 0,
  interest: 1,
  credit_note: 2,
  payment: 3,
};

/** The signed effect of a statement entry on the balance. */
export const signedCents = (e: Pick<StatementEntry, 'kind' | 'amountCents'>): number =>
  e.kind === 'invoice' || e.kind === 'interest' ? e.amountCents : -e.amountCents;

/**
 * A month's statement: the entries by date (invoices, interest, credit notes, payments within a
 * day), each with the running balance from `openingCents`; the closing balance is the last one.
 */
export function statementLines<E extends StatementEntry>(
  openingCents: number,
  entries: readonly E[],
): { lines: (E & { balanceCents: number })[]; closingCents: number } {
  const ordered = [...entries].sort(
    (a, b) =>
      a.date.localeCompare(b.date) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.id - b.id,
  );
  let balance = openingCents;
  const lines = ordered.map((e) => {
    balance += signedCents(e);
    return { ...e, balanceCents: balance };
  });
  return { lines, closingCents: balance };
}

// ---------------------------------------------------------------------------------------------
// Wire schemas

const amountField = z
  .number({ message: 'amount_cents must be a whole number of cents' })
  .int({ message: 'amount_cents must be a whole number of cents' })
  .min(1, { message: 'amount_cents must be at least 1 cent' })
  .max(MAX_DATABASE_INTEGER, { message: 'amount_cents is too large' });

export const PaymentAllocationBody = z.object({
  invoice_id: idSchema('invoice_id'),
  amount_cents: amountField,
});

const paymentFields = {
  amount_cents: amountField,
  method: z.enum(PAYMENT_METHODS, { message: 'method must be cheque, transfer or card_on_file' }),
  reference: safeText(100, 'reference').trim().optional(),
  received_on: dateField('received_on'),
  /** Omitted: the payment settles open invoices oldest due first. */
  allocations: z
    .array(PaymentAllocationBody, { message: 'allocations must be a list' })
    .max(200, { message: 'allocations may name at most 200 invoices' })
    .optional(),
};

/** POST /api/admin/customers/:id/payments. */
export const AdminRecordPaymentBody = z.object(paymentFields);
export type AdminRecordPaymentBody = z.infer<typeof AdminRecordPaymentBody>;

/** POST /api/integrations/payments: the ERP names the customer and its own key (idempotent). */
export const IntegrationPaymentBody = z.object({
  customer_id: idSchema('customer_id'),
  external_ref: requiredText(
    100,
    'external_ref is required',
    'external_ref must be at most 100 characters',
  ),
  ...paymentFields,
});
export type IntegrationPaymentBody = z.infer<typeof IntegrationPaymentBody>;

export const AdminBouncePaymentBody = z.object({
  reason: requiredText(500, 'reason is required', 'reason must be at most 500 characters'),
  hold_account: z.boolean({ message: 'hold_account must be true or false' }).default(false),
});
export type AdminBouncePaymentBody = z.infer<typeof AdminBouncePaymentBody>;

export const PaymentIdParams = z.object({ id: idSchema('id') });

export const PeriodField = z
  .string({ message: PERIOD_MESSAGE })
  .regex(PERIOD_PATTERN, { message: PERIOD_MESSAGE });

export const StatementPeriodParams = z.object({ period: PeriodField });

export const AdminInterestBody = z.object({ period: PeriodField });
export type AdminInterestBody = z.infer<typeof AdminInterestBody>;

export const PaymentSettlementDto = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  amount_cents: z.number().int(),
});

export const PaymentDto = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  amount_cents: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  received_on: z.string(),
  source: z.enum(['staff', 'erp']),
  external_ref: z.string().nullable(),
  bounced_at: z.string().nullable(),
  bounce_reason: z.string().nullable(),
  settlements: z.array(PaymentSettlementDto),
  /** What stays a credit on the account (the payment less its settlements; 0 once bounced). */
  unapplied_cents: z.number().int(),
});
export type PaymentDto = z.infer<typeof PaymentDto>;

export const PaymentResponse = dataResponse(PaymentDto);

export const AgingDto = z.object(
  Object.fromEntries(AGING_BUCKETS.map((b) => [b, z.number().int()])) as Record<
    AgingBucket,
    z.ZodNumber
  >,
);

export const OpenInvoiceDto = z.object({
  id: z.number().int(),
  number: z.string(),
  issued_on: z.string(),
  due_on: z.string(),
  total_cents: z.number().int(),
  open_cents: z.number().int(),
  bucket: z.enum(AGING_BUCKETS),
});
export type OpenInvoiceDto = z.infer<typeof OpenInvoiceDto>;

export const InterestLineDto = z.object({
  period: z.string(),
  charged_on: z.string(),
  overdue_cents: z.number().int(),
  amount_cents: z.number().int(),
});

/** A customer's payments on the staff customer screen, with its open invoices to settle. */
export const AdminCustomerPaymentsResponse = dataResponse(
  z.object({
    country: z.enum(COUNTRIES),
    balance_cents: z.number().int(),
    payments: z.array(PaymentDto),
    open_invoices: z.array(OpenInvoiceDto),
  }),
);
export type AdminCustomerPaymentsResponse = z.infer<typeof AdminCustomerPaymentsResponse>;

/** GET /api/account/credit: the buyer's own account. */
export const AccountCreditDto = z.object({
  country: z.enum(COUNTRIES),
  as_of: z.string(),
  credit_limit_cents: z.number().int(),
  ...creditStandingFields,
  overdue_cents: z.number().int(),
  on_hold: z.boolean(),
  hold_reason: z.enum(ACCOUNT_HOLD_REASONS).nullable(),
  aging: AgingDto,
  open_invoices: z.array(OpenInvoiceDto),
  payments: z.array(PaymentDto.omit({ external_ref: true })),
  interest: z.array(InterestLineDto),
  /** Months with activity, newest first: each has a statement PDF. */
  statement_periods: z.array(z.string()),
});
export type AccountCreditDto = z.infer<typeof AccountCreditDto>;
export const AccountCreditResponse = dataResponse(AccountCreditDto);

export const AdminReceivablesQuery = z.object({
  ...staffPageFields(25),
  country: z.enum(COUNTRIES, { message: 'country must be ca or us' }).optional(),
});
export type AdminReceivablesQuery = z.infer<typeof AdminReceivablesQuery>;

export const ReceivableRowDto = z.object({
  customer_id: z.number().int(),
  company_name: z.string().nullable(),
  name: z.string(),
  customer_code: z.string().nullable(),
  country: z.enum(COUNTRIES),
  balance_cents: z.number().int(),
  overdue_cents: z.number().int(),
  aging: AgingDto,
  on_hold: z.boolean(),
  hold_reason: z.enum(ACCOUNT_HOLD_REASONS).nullable(),
});
export type ReceivableRowDto = z.infer<typeof ReceivableRowDto>;

export const AdminReceivablesResponse = listResponse(ReceivableRowDto).extend({
  as_of: z.string(),
});
export type AdminReceivablesResponse = z.infer<typeof AdminReceivablesResponse>;

export const AdminInterestResponse = okResponse({
  period: z.string(),
  charged: z.array(
    z.object({
      customer_id: z.number().int(),
      overdue_cents: z.number().int(),
      amount_cents: z.number().int(),
    }),
  ),
});
export type AdminInterestResponse = z.infer<typeof AdminInterestResponse>;
