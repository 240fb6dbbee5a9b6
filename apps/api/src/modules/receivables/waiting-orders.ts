import { sql } from 'drizzle-orm';
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

/** The customer code and the estimated tax of each listed order (the desk's rows lack both). */
async function codesAndTaxes(tx: Tx, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, { code: string | null; tax: number }>();
  const result = await tx.execute<{ id: number; customer_code: string | null; tax_cents: number }>(
    sql`select o.id, u.customer_code, o.tax_cents
          from orders o join users u on u.id = o.user_id
         where o.id = any(${`{${orderIds.join(',')}}`}::int[])`,
  );
  return new Map(
    result.rows.map((r) => [Number(r.id), { code: r.customer_code, tax: Number(r.tax_cents) }]),
  );
}

/**
 * GET /api/admin/receivables/waiting-orders: the orders waiting on credit staff, oldest first, a
 * page of them and how many there are, each with what it waits for (docs/product/accounts-receivable.md
 * "Orders waiting for credit"). The list and its count are the order desk's queries with its filter.
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
  const more = await codesAndTaxes(
    tx,
    rows.map((r) => r.id),
  );
  const data = rows.map((r): WaitingOrderDto => {
    const extra = more.get(r.id);
    const owesDeposit = r.depositCents > 0 && !r.depositReceivedAt;
    return {
      order_id: r.id,
      placed_at: r.createdAt.toISOString(),
      customer_id: r.customerId,
      customer_code: extra?.code ?? null,
      customer_name: r.customerName,
      company_name: r.companyName,
      country: r.country,
      currency: currencyOf(r.country),
      total_cents: r.totalCents + (extra?.tax ?? 0),
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
