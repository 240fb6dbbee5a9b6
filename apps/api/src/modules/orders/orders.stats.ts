import { sql } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES, type Country } from '@wholesale/contract';
import type { Tx } from '../../db/client';

/**
 * Product ids (products.id) ordered by the quantity ordered in one country since a date, most first.
 * Cancelled orders do not count. The catalogue's best sellers read orders only through this function.
 */
export async function topProductIdsByQuantity(
  tx: Tx,
  country: Country,
  since: Date,
  limit: number,
): Promise<number[]> {
  const result = await tx.execute<{ product_id: number }>(sql`
    select ol.product_id, sum(ol.quantity * greatest(ol.ship_pack, 1)) as units
      from orders o
      join order_lines ol on ol.order_id = o.id
     where o.country = ${country} and o.created_at >= ${since.toISOString()}::timestamptz and o.status <> 'cancelled'
     group by ol.product_id
     order by units desc, ol.product_id
     limit ${Math.max(1, Math.trunc(limit))}`);
  return result.rows.map((r) => Number(r.product_id));
}

/** A customer's number of orders and the latest few, newest first (the customer screen shows them). */
export async function customerOrderSummary(
  tx: Tx,
  userId: number,
  latest = 5,
): Promise<{
  count: number;
  latest: { id: number; status: string; totalCents: number; createdAt: Date }[];
}> {
  const [counted, rows] = await Promise.all([
    tx.execute<{ n: number | string }>(
      sql`select count(*) as n from orders where user_id = ${userId}`,
    ),
    tx.execute<{ id: number; status: string; total_cents: number; created_at: string | Date }>(sql`
      select id, status, total_cents, created_at from orders
       where user_id = ${userId}
       order by created_at desc, id desc
       limit ${Math.max(1, Math.trunc(latest))}`),
  ]);
  return {
    count: Number(counted.rows[0]?.n ?? 0),
    latest: rows.rows.map((r) => ({
      id: Number(r.id),
      status: r.status,
      totalCents: Number(r.total_cents),
      createdAt: new Date(r.created_at),
    })),
  };
}

/**
 * How many open orders (OPEN_ORDER_STATUSES) ship to each of a customer's addresses, by address id
 * (addresses no open order ships to are absent). The address book reads orders only through this.
 */
export async function openOrdersByShipToAddress(
  tx: Tx,
  userId: number,
): Promise<Map<number, number>> {
  const open = sql.join(
    OPEN_ORDER_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await tx.execute<{ address_id: number; n: number | string }>(sql`
    select ship_to_address_id as address_id, count(*) as n from orders
     where user_id = ${userId} and ship_to_address_id is not null and status in (${open})
     group by ship_to_address_id`);
  return new Map(result.rows.map((r) => [Number(r.address_id), Number(r.n)]));
}
