/**
 * A trade account's credit as staff manage it and as orders meet it (docs/product/accounts-receivable.md
 * "Credit at approval, deposits and holds"): the staff credit route's shapes, the order's credit
 * facts (deposit, hold) every order screen shows, and the pure rules the order's transaction runs.
 */
import { z } from 'zod';
import { dataResponse } from '../common';
import { MAX_DATABASE_INTEGER } from '../common/safe-input';
import {
  ACCOUNT_HOLD_REASONS,
  ORDER_HOLD_REASONS,
  PAYMENT_METHODS,
  availableCreditCents,
  openingDepositCents,
  type AccountHoldReason,
  type OrderHoldReason,
} from './terms';
import type { Country } from '../common';

// ----- Pure rules -----------------------------------------------------------------------------

/**
 * The deposit an order owes when it is written: only the account's first order, and only when the
 * account requires an opening deposit (the credit application's terms).
 */
export function orderDepositCents(
  subtotalCents: number,
  country: Country,
  firstOrder: boolean,
  openingDepositRequired: boolean,
): number {
  return firstOrder && openingDepositRequired ? openingDepositCents(subtotalCents, country) : 0;
}

/** What the credit check knows when an order is written (cents). */
export type CreditCheck = {
  creditLimitCents: number;
  balanceCents: number;
  uninvoicedOpenOrdersCents: number;
  accountHold: AccountHoldReason | null;
  /** The new order's total with its taxes. */
  orderTotalCents: number;
};

/**
 * Why a new order must wait for a person, or null: an account on hold holds every new order; an
 * order beyond the available credit is held (never refused). An order exactly at the available
 * credit passes.
 */
export function orderHoldReason(c: CreditCheck): OrderHoldReason | null {
  if (c.accountHold) return 'account_hold';
  const available = availableCreditCents(
    c.creditLimitCents,
    c.balanceCents,
    c.uninvoicedOpenOrdersCents,
  );
  return c.orderTotalCents > available ? 'credit_limit' : null;
}

/** What an order waits for before the warehouse may accept it, most pressing first. */
export const ORDER_WAITS = ['credit_review', 'deposit'] as const;
export type OrderWait = (typeof ORDER_WAITS)[number];

/** The waits of an order from its columns: a hold until released, a deposit until received. */
export function orderWaits(o: {
  holdReason: OrderHoldReason | null;
  depositCents: number;
  depositReceivedAt: unknown;
}): OrderWait[] {
  const waits: OrderWait[] = [];
  if (o.holdReason) waits.push('credit_review');
  if (o.depositCents > 0 && !o.depositReceivedAt) waits.push('deposit');
  return waits;
}

// ----- Wire shapes ----------------------------------------------------------------------------

/**
 * An order's credit facts, on the buyer's order pages and the staff desk alike: `hold_reason` while
 * it waits for credit review, the opening deposit it owes (dollars, 0 for none) and when it was
 * received. Optional on the wire so older clients and fixtures keep parsing.
 */
export const OrderCreditFacts = z.object({
  hold_reason: z.enum(ORDER_HOLD_REASONS).nullable().optional(),
  deposit: z.number().optional(),
  deposit_received_at: z.string().nullable().optional(),
});
export type OrderCreditFacts = z.infer<typeof OrderCreditFacts>;

/** The account's hold as staff see it. */
export const AccountHoldDto = z.object({
  reason: z.enum(ACCOUNT_HOLD_REASONS),
  note: z.string().nullable(),
  held_at: z.string().nullable(),
});

/**
 * Where an account stands against its limit (cents), as staff and the buyer read it alike: what it
 * owes, what its open orders hold, and the limit less both (`availableCreditCents`).
 */
export const creditStandingFields = {
  balance_cents: z.number().int(),
  open_orders_cents: z.number().int(),
  available_credit_cents: z.number().int(),
};

/** GET /api/admin/customers/:id/credit: the account's terms and where it stands (cents). */
export const AdminCreditAccount = z.object({
  customer_id: z.number().int(),
  currency: z.enum(['CAD', 'USD']),
  credit_limit_cents: z.number().int(),
  net_days: z.number().int(),
  opening_deposit_required: z.boolean(),
  hold: AccountHoldDto.nullable(),
  ...creditStandingFields,
});
export type AdminCreditAccount = z.infer<typeof AdminCreditAccount>;
export const AdminCreditAccountResponse = dataResponse(AdminCreditAccount);
export type AdminCreditAccountResponse = z.infer<typeof AdminCreditAccountResponse>;

const CREDIT_LIMIT_MESSAGE = 'credit_limit_cents must be a whole number of cents, 0 or more';
const NET_DAYS_MESSAGE = 'net_days must be a whole number of days from 0 to 365';
const DEPOSIT_FLAG_MESSAGE = 'opening_deposit_required must be true or false';

/** A whole number in [min, max]; its refusal names the field and carries the reason the web translates. */
function wholeNumberField(
  field: string,
  min: number,
  max: number,
  message: string,
  reason: 'CREDIT_LIMIT_INVALID' | 'NET_DAYS_INVALID' | 'DEPOSIT_AMOUNT_INVALID',
) {
  return z.number({ error: message }).refine((v) => Number.isInteger(v) && v >= min && v <= max, {
    message,
    params: { reason, field },
  });
}

/** PATCH /api/admin/customers/:id/credit: any of the account's terms. */
export const AdminCreditPatchBody = z.object({
  credit_limit_cents: wholeNumberField(
    'credit_limit_cents',
    0,
    MAX_DATABASE_INTEGER,
    CREDIT_LIMIT_MESSAGE,
    'CREDIT_LIMIT_INVALID',
  ).optional(),
  net_days: wholeNumberField('net_days', 0, 365, NET_DAYS_MESSAGE, 'NET_DAYS_INVALID').optional(),
  opening_deposit_required: z.boolean({ error: DEPOSIT_FLAG_MESSAGE }).optional(),
});
export type AdminCreditPatchBody = z.infer<typeof AdminCreditPatchBody>;

const HOLD_REASON_MESSAGE = `reason must be one of ${ACCOUNT_HOLD_REASONS.join(', ')}, or null to lift the hold`;

/** PUT /api/admin/customers/:id/credit/hold: put the account on hold (a reason) or lift it (null). */
export const AdminAccountHoldBody = z.object({
  reason: z.enum(ACCOUNT_HOLD_REASONS, { error: HOLD_REASON_MESSAGE }).nullable(),
  note: z
    .string({ error: 'note must be a text' })
    .trim()
    .max(1000, { error: 'note is too long (1000 characters at most)' })
    .optional(),
});
export type AdminAccountHoldBody = z.infer<typeof AdminAccountHoldBody>;

const DEPOSIT_AMOUNT_MESSAGE = 'amount_cents must be a whole number of cents, more than 0';

/** POST /api/admin/orders/:id/deposit: the opening order's deposit, received. */
export const RecordDepositBody = z.object({
  amount_cents: wholeNumberField(
    'amount_cents',
    1,
    MAX_DATABASE_INTEGER,
    DEPOSIT_AMOUNT_MESSAGE,
    'DEPOSIT_AMOUNT_INVALID',
  ),
  method: z.enum(PAYMENT_METHODS, {
    error: `method must be one of ${PAYMENT_METHODS.join(', ')}`,
  }),
  reference: z
    .string({ error: 'reference must be a text' })
    .trim()
    .max(100, { error: 'reference is too long (100 characters at most)' })
    .optional(),
  /** YYYY-MM-DD; absent: the shop's today. */
  received_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'received_on must be a date written YYYY-MM-DD' })
    .optional(),
});
export type RecordDepositBody = z.infer<typeof RecordDepositBody>;

/** The checkout's credit facts (GET /api/checkout, added fields; amounts in dollars). */
export const CheckoutCreditFacts = z.object({
  /** Days from invoice to due date of the account ("Net 30"); null without a credit account. */
  net_days: z.number().int().nullable().optional(),
  /** The account's next order is its opening order and owes the opening deposit (openingDepositCents). */
  opening_deposit_required: z.boolean().optional(),
  /** What the selected cart would owe as the opening deposit; 0 for none. */
  deposit_due: z.number().optional(),
  /** Limit less balance and open orders, never below 0. */
  available_credit: z.number().nullable().optional(),
  /** The account's hold, when staff put it on hold: new orders wait for credit review. */
  account_hold: z.enum(ACCOUNT_HOLD_REASONS).nullable().optional(),
});
export type CheckoutCreditFacts = z.infer<typeof CheckoutCreditFacts>;
