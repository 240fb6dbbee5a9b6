/**
 * The credit terms a trade account runs on (docs/product/accounts-receivable.md). Pure rules shared
 * by the API and the web: no clock, no I/O. Money in integer cents, dates as YYYY-MM-DD strings.
 */
import type { Country } from '../common';

/** What staff may set on an account; defaults come from the account's country. */
export type CreditTerms = {
  creditLimitCents: number;
  /** Days from the invoice date to its due date (net 30). */
  netDays: number;
  /** The opening order pays a deposit before it is accepted (the credit application's terms). */
  openingDepositRequired: boolean;
};

/** Defaults set at approval; staff change them on the customer's page. */
export const DEFAULT_CREDIT_TERMS: Record<Country, CreditTerms> = {
  ca: { creditLimitCents: 500_000, netDays: 30, openingDepositRequired: true },
  us: { creditLimitCents: 300_000, netDays: 30, openingDepositRequired: true },
};

/** Interest on overdue amounts: 1.5 % a month, in basis points. */
export const MONTHLY_INTEREST_BASIS_POINTS = 150;

/** No return is accepted beyond this many days from shipment. */
export const RETURN_WINDOW_DAYS = 60;

/** Why an order waits for a person before the warehouse may accept it. */
export const ORDER_HOLD_REASONS = ['credit_limit', 'account_hold'] as const;
export type OrderHoldReason = (typeof ORDER_HOLD_REASONS)[number];

/** Why staff put a whole account on hold. */
export const ACCOUNT_HOLD_REASONS = ['overdue', 'bounced_payment', 'other'] as const;
export type AccountHoldReason = (typeof ACCOUNT_HOLD_REASONS)[number];

export const PAYMENT_METHODS = ['cheque', 'transfer', 'card_on_file'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const RETURN_STATUSES = ['requested', 'authorised', 'refused', 'received'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Aging buckets of an open amount by days past its due date. */
export const AGING_BUCKETS = [
  'current',
  'days_1_30',
  'days_31_60',
  'days_61_90',
  'over_90',
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

const DAY_MS = 86_400_000;
const dayNumber = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** `date` plus `days` calendar days, YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The due date of an invoice issued on `issuedOn` under net `netDays` terms. */
export const invoiceDueDate = (issuedOn: string, netDays: number): string =>
  addDays(issuedOn, netDays);

/**
 * The deposit the opening order owes before it is accepted, on its pre-tax subtotal (the terms of
 * the credit application): Canada 65 % above $800 (none at or below); USA 65 % over $500 and the
 * whole order at or under $500. Later orders owe none.
 */
export function openingDepositCents(subtotalCents: number, country: Country): number {
  if (subtotalCents <= 0) return 0;
  const sixtyFivePercent = Math.ceil((subtotalCents * 65) / 100);
  if (country === 'ca') return subtotalCents > 80_000 ? sixtyFivePercent : 0;
  return subtotalCents > 50_000 ? sixtyFivePercent : subtotalCents;
}

/** Credit still available: the limit less what the account owes and what it ordered, never below 0. */
export function availableCreditCents(
  creditLimitCents: number,
  balanceCents: number,
  uninvoicedOpenOrdersCents: number,
): number {
  return Math.max(0, creditLimitCents - balanceCents - uninvoicedOpenOrdersCents);
}

/** The aging bucket of an amount due on `dueOn`, seen on `asOf`. */
export function agingBucket(dueOn: string, asOf: string): AgingBucket {
  const late = daysBetween(dueOn, asOf);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days_1_30';
  if (late <= 60) return 'days_31_60';
  if (late <= 90) return 'days_61_90';
  return 'over_90';
}

/** One month's interest on an overdue amount, rounded half up to the cent (never negative). */
export function monthlyInterestCents(
  overdueCents: number,
  basisPoints = MONTHLY_INTEREST_BASIS_POINTS,
): number {
  if (overdueCents <= 0) return 0;
  return Math.round((overdueCents * basisPoints) / 10_000);
}

/** Whether a line shipped on `shippedOn` may still be asked back on `asOf` (60 days, inclusive). */
export const withinReturnWindow = (shippedOn: string, asOf: string): boolean =>
  daysBetween(shippedOn, asOf) <= RETURN_WINDOW_DAYS;

/** The currency an account's country is invoiced in. */
export const currencyOf = (country: Country): 'CAD' | 'USD' => (country === 'ca' ? 'CAD' : 'USD');
