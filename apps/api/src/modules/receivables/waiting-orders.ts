import {
  currencyOf,
  orderWaits,
  toPage,
  type AdminWaitingOrdersResponse,
  type WaitingOrderDto,
} from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { countDeskByStatus, selectDeskPage } from '../orders';

/**
 * The desk's own "waiting for credit" filter (its `waiting=credit`: a placed order owing a deposit
 * not yet received, or on credit hold; read by orders_waiting_idx). Only placed orders wait, so
 * `status` adds nothing to the rows: it names the one status the count falls under.
 */
const WAITING = { waiting: 'credit', status: 'placed' } as const;

/**
 * GET /api/admin/receivables/waiting-orders: the orders waiting on credit staff, oldest first, a
 * page of them and how many there are, each with what it waits for (docs/product/accounts-receivable.md
 * "Orders waiting for credit"). The list and its count are the order desk's queries with its filter:
 * its rows carry the customer's code and the order's taxes, so a page is one query and the count.
 */
export async function listWaitingOrders(
  tx: Tx,
  page: { page: number; perPage: number },
): Promise<Omit<AdminWaitingOrdersResponse, 'status'>> {
  const offset = (page.page - 1) * page.perPage;
  const [rows, counts] = await Promise.all([
    selectDeskPage(tx, WAITING, 'created_asc', page.perPage, offset),
    countDeskByStatus(tx, WAITING),
  ]);
  const data = rows.map((r): WaitingOrderDto => {
    const owesDeposit = r.depositCents > 0 && !r.depositReceivedAt;
    return {
      order_id: r.id,
      placed_at: r.createdAt.toISOString(),
      customer_id: r.customerId,
      customer_code: r.customerCode,
      customer_name: r.customerName,
      company_name: r.companyName,
      country: r.country,
      currency: currencyOf(r.country),
      total_cents: r.totalCents + r.taxCents,
      waits: orderWaits(r),
      hold_reason: r.holdReason,
      deposit_due_cents: owesDeposit ? r.depositCents : 0,
    };
  });
  return toPage(data, counts[WAITING.status] ?? 0, page.page, page.perPage);
}

/** How many orders wait for credit (the back-office home's count for credit staff). */
export async function countWaitingOrders(tx: Tx): Promise<number> {
  const counts = await countDeskByStatus(tx, WAITING);
  return counts[WAITING.status] ?? 0;
}
