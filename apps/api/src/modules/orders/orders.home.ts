import { asc, eq, inArray, sql } from 'drizzle-orm';
import { HOME_ORDER_STATUSES, type OrderStatus } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { orders, users } from '../../db/schema';

export type OpenOrdersSummary = {
  toAccept: number;
  toShip: number;
  next: Array<{
    id: number;
    status: OrderStatus;
    customer: string;
    requestedShipDate: string | null;
    createdAt: Date;
  }>;
};

/**
 * The back-office home's orders part: how many orders wait to be accepted (placed) and to be
 * shipped (accepted, picking, partly shipped), and the first `limit` of them by requested ship
 * date (none given: last), then oldest first. NOTE: the list reads orders_open_ship_date_idx
 * (migration 0032), a partial index of the open orders in exactly this order, so it stops after
 * `limit` rows whatever the number of orders; it carries the status, so the counts are an index-only
 * scan of it too.
 */
export async function openOrdersSummary(tx: Tx, limit: number): Promise<OpenOrdersSummary> {
  const open = inArray(orders.status, [...HOME_ORDER_STATUSES]);
  const [counts, next] = await Promise.all([
    tx
      .select({ status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(open)
      .groupBy(orders.status),
    tx
      .select({
        id: orders.id,
        status: orders.status,
        customer: sql<string>`coalesce(${users.companyName}, ${users.ownerName})`,
        requestedShipDate: orders.requestedShipDate,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(open)
      .orderBy(
        sql`${orders.requestedShipDate} asc nulls last`,
        asc(orders.createdAt),
        asc(orders.id),
      )
      .limit(limit),
  ]);
  const count = (status: OrderStatus) => Number(counts.find((c) => c.status === status)?.n ?? 0);
  return {
    toAccept: count('placed'),
    toShip: count('accepted') + count('picking') + count('partially_shipped'),
    next,
  };
}
