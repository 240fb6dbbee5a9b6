import { sql } from 'drizzle-orm';
import {
  RETURN_WINDOW_DAYS,
  addDays,
  lineReturnable,
  returnablePacks,
  shopToday,
  type Country,
  type ReturnRequest,
  type ReturnableLine,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError, reasonError } from '../../lib/app-error';
import { returnRows, toDto, withLines, type OrderLineColumns } from './returns.queries';

/**
 * A buyer asks lines of a shipped order back within RETURN_WINDOW_DAYS of their shipment
 * (docs/product/accounts-receivable.md "Returns and credit notes").
 */

type OrderLineState = OrderLineColumns & {
  id: number;
  shipped_on: string | null;
  asked: number;
};

/** Each line of an order: what shipped and when (the shop's calendar day), what returns already ask. */
async function orderLineStates(tx: Tx, orderId: number): Promise<OrderLineState[]> {
  const result = await tx.execute<OrderLineState>(sql`
    select ol.id, ol.product_code, ol.name, ol.quantity, ol.ship_pack, ol.unit_price_cents,
           ol.shipment_id,
           ((s.shipped_at at time zone 'America/Toronto')::date)::text as shipped_on,
           coalesce((select sum(rl.quantity) from return_lines rl
                       join return_requests rr on rr.id = rl.return_id
                      where rl.order_line_id = ol.id and rr.status <> 'refused'), 0)::int as asked
      from order_lines ol left join shipments s on s.id = ol.shipment_id
     where ol.order_id = ${orderId}
     order by ol.id`);
  return result.rows;
}

/**
 * The lines of a buyer's own order as the return form offers them: shipped packs, what may still
 * be asked back, and whether the 60 days since shipment have passed (404 for another's order).
 */
export async function returnableLines(
  db: Database,
  userId: number,
  orderId: number,
  now: Date,
): Promise<ReturnableLine[]> {
  const order = await db.execute<{ id: number }>(
    sql`select id from orders where id = ${orderId} and user_id = ${userId}`,
  );
  if (!order.rows[0]) throw new AppError('NOT_FOUND', 'No such order');
  const today = shopToday(now);
  return (await orderLineStates(db, orderId)).map((l) => {
    const shipped = l.shipment_id === null || !l.shipped_on ? 0 : Number(l.quantity);
    return {
      order_line_id: Number(l.id),
      product_code: l.product_code.trim(),
      name: l.name,
      ship_pack: Number(l.ship_pack),
      unit_price_cents: Number(l.unit_price_cents),
      shipped,
      shipped_on: l.shipped_on,
      last_day: l.shipped_on ? addDays(l.shipped_on, RETURN_WINDOW_DAYS) : null,
      within_window: l.shipped_on ? lineReturnable(l.shipped_on, today) : false,
      available: returnablePacks(shipped, Number(l.asked)),
    };
  });
}

/**
 * A buyer asks lines of their own order back (POST /api/orders/:id/returns). Every line must have
 * shipped, within RETURN_WINDOW_DAYS of `now` in the shop's calendar, and ask no more packs than
 * shipped less what other returns (not refused) already ask. The order row is locked so two
 * requests of one order cannot together ask more than shipped. Another customer's order is a 404.
 */
export async function requestReturn(
  db: Database,
  input: {
    userId: number;
    orderId: number;
    lines: Array<{ order_line_id: number; quantity: number }>;
    reason: string;
    now: Date;
  },
): Promise<ReturnRequest> {
  const reason = input.reason.trim();
  const id = await db.transaction(async (tx) => {
    const order = await tx.execute<{ id: number; country: Country }>(sql`
      select id, country from orders where id = ${input.orderId} and user_id = ${input.userId}
      for update`);
    if (!order.rows[0]) throw new AppError('NOT_FOUND', 'No such order');
    const country = order.rows[0].country;
    if (!reason)
      throw reasonError('VALIDATION_FAILED', 'FIELD_REQUIRED', { field: 'reason' }, 'reason');
    const state = await orderLineStates(tx, input.orderId);
    const lines = new Map(state.map((l) => [Number(l.id), l]));
    const today = shopToday(input.now);
    const seen = new Set<number>();
    input.lines.forEach((asked, i) => {
      const field = `lines.${i}`;
      const line = lines.get(asked.order_line_id);
      const refuse = (
        key: Parameters<typeof reasonError>[1],
        params?: Record<string, string | number>,
      ) => reasonError('VALIDATION_FAILED', key, params, field, country);
      if (!line) throw refuse('RETURN_LINE_UNKNOWN');
      if (seen.has(asked.order_line_id)) throw refuse('RETURN_LINE_TWICE');
      seen.add(asked.order_line_id);
      const product = line.product_code.trim();
      if (line.shipment_id === null || !line.shipped_on)
        throw refuse('RETURN_LINE_NOT_SHIPPED', { product });
      if (!lineReturnable(line.shipped_on, today))
        throw refuse('RETURN_WINDOW_PASSED', { days: RETURN_WINDOW_DAYS, date: line.shipped_on });
      const available = returnablePacks(Number(line.quantity), Number(line.asked));
      if (asked.quantity > available) throw refuse('RETURN_TOO_MANY', { available, product });
    });
    const created = await tx.execute<{ id: number }>(sql`
      insert into return_requests (user_id, order_id, reason)
      values (${input.userId}, ${input.orderId}, ${reason}) returning id`);
    const returnId = Number(created.rows[0].id);
    const ids = input.lines.map((l) => l.order_line_id);
    const quantities = input.lines.map((l) => l.quantity);
    await tx.execute(sql`
      insert into return_lines (return_id, order_line_id, quantity)
      select ${returnId}, u.line_id, u.quantity
        from unnest(${`{${ids.join(',')}}`}::int[], ${`{${quantities.join(',')}}`}::int[])
             with ordinality as u(line_id, quantity, n)
       order by u.n`);
    return returnId;
  });
  const [row] = await returnRows(db, sql`r.id = ${id}`);
  const [dto] = await withLines(db, [row], toDto);
  return dto;
}
