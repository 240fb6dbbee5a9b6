import { z } from 'zod';
import { listResponse } from '../common';
import { COUNTRIES } from '../common/values';
import { staffPageFields } from '../common/safe-input';
import { ORDER_HOLD_REASONS } from './terms';
import { ORDER_WAITS } from './credit';

/*
 * The orders waiting for credit, as credit staff find them on Receivables
 * (docs/product/accounts-receivable.md "Orders waiting for credit"): placed orders owing their
 * opening deposit or on credit hold, oldest first.
 */

/** How many waiting orders a page of the list holds unless `per_page` says otherwise. */
export const WAITING_ORDERS_PER_PAGE = 25;

export const AdminWaitingOrdersQuery = z.object({
  ...staffPageFields(WAITING_ORDERS_PER_PAGE),
});
export type AdminWaitingOrdersQuery = z.infer<typeof AdminWaitingOrdersQuery>;

export const WaitingOrderDto = z.object({
  order_id: z.number().int(),
  /** When the order was placed (ISO time). */
  placed_at: z.string(),
  customer_id: z.number().int(),
  customer_code: z.string().nullable(),
  customer_name: z.string(),
  company_name: z.string().nullable(),
  country: z.enum(COUNTRIES),
  currency: z.enum(['CAD', 'USD']),
  /** The order's total with taxes, in cents of its currency. */
  total_cents: z.number().int(),
  /** What it waits for, most pressing first (`orderWaits`): a credit review, the deposit. */
  waits: z.array(z.enum(ORDER_WAITS)),
  /** Why it is held (over the limit, the account on hold); null when it is not. */
  hold_reason: z.enum(ORDER_HOLD_REASONS).nullable(),
  /** The opening deposit it still owes, in cents (0: none owed, or already received). */
  deposit_due_cents: z.number().int(),
});
export type WaitingOrderDto = z.infer<typeof WaitingOrderDto>;

export const AdminWaitingOrdersResponse = listResponse(WaitingOrderDto);
export type AdminWaitingOrdersResponse = z.infer<typeof AdminWaitingOrdersResponse>;
