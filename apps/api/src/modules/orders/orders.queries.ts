import { and, count, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Country, OrderStatus } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { orderLines, orders } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = typeof orderLines.$inferInsert;

/**
 * Creates the order row, claiming the Idempotency-Key if there is one. Returns null when another
 * request already holds that key: the insert waits on orders_user_idempotency_uq until that request
 * commits (then DO NOTHING) or rolls back (then this insert wins).
 */
export async function insertOrderClaimingKey(
  tx: Tx,
  order: { userId: number; country: Country; idempotencyKey: string | null; poNumber: string | null; comment: string | null },
): Promise<number | null> {
  const result = await tx.execute<{ id: number }>(sql`
    insert into orders (user_id, country, idempotency_key, po_number, comment, total_cents)
    values (${order.userId}, ${order.country}, ${order.idempotencyKey}, ${order.poNumber}, ${order.comment}, 0)
    on conflict (user_id, idempotency_key) where idempotency_key is not null do nothing
    returning id`);
  return result.rows[0] ? Number(result.rows[0].id) : null;
}

export async function selectOrderIdByKey(tx: Tx, userId: number, key: string): Promise<{ id: number; totalCents: number } | undefined> {
  const [row] = await tx
    .select({ id: orders.id, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

/** How many other orders (not cancelled) the customer has placed: 0 means this is the opening order. */
export async function countOtherOrders(tx: Tx, userId: number, exceptOrderId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.id, exceptOrderId), ne(orders.status, 'cancelled')));
  return Number(row?.n ?? 0);
}

export async function insertOrderLines(tx: Tx, lines: NewOrderLine[]): Promise<void> {
  if (lines.length) await tx.insert(orderLines).values(lines);
}

export async function setOrderTotal(tx: Tx, orderId: number, totalCents: number): Promise<void> {
  await tx.update(orders).set({ totalCents }).where(eq(orders.id, orderId));
}

export type HistoryFilter = { userId: number; orderId?: number; from?: string; to?: string; status?: OrderStatus };

function historyWhere(f: HistoryFilter): SQL | undefined {
  const parts: SQL[] = [eq(orders.userId, f.userId)];
  if (f.orderId) parts.push(eq(orders.id, f.orderId));
  if (f.status) parts.push(eq(orders.status, f.status));
  if (f.from) parts.push(gte(orders.createdAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to) parts.push(lt(orders.createdAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)));
  return and(...parts);
}

/** One page of a customer's orders, newest first, with their line counts and the total count. */
export async function selectOrderPage(
  tx: Tx,
  f: HistoryFilter,
  page: number,
  perPage: number,
): Promise<{ rows: Array<OrderRow & { lineCount: number }>; total: number }> {
  const where = historyWhere(f);
  const [rows, [{ n }]] = await Promise.all([
    tx
      .select({
        order: orders,
        lineCount: sql<number>`(select count(*) from order_lines ol where ol.order_id = "orders"."id")`.mapWith(Number),
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    tx.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.order, lineCount: r.lineCount })), total: Number(n) };
}

export async function selectOrder(tx: Tx, userId: number, orderId?: number): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(orderId ? and(eq(orders.userId, userId), eq(orders.id, orderId)) : eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}

export function selectOrderLines(tx: Tx, orderId: number): Promise<OrderLineRow[]> {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
}
