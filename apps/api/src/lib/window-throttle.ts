import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { throttleCounters } from '../db/schema';

/**
 * Claims one slot of `key`'s fixed window in a single statement (the row lock serialises
 * parallel claims): allowed while fewer than `ceiling` slots were claimed in the last
 * `windowSeconds`. Inside a transaction the slot is only kept if the transaction commits, so a
 * caller counts only what it accepted. Returns null when allowed, else the end of the window.
 */
export async function claimWindowSlot(
  tx: Tx,
  key: string,
  now: Date,
  ceiling: number,
  windowSeconds: number,
): Promise<Date | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`t.window_start <= ${at} - make_interval(secs => ${windowSeconds}::int)`;
  const claimed = await tx.execute<{ key: string }>(sql`
    insert into throttle_counters as t (key, failures, window_start)
    values (${key}, 1, ${at})
    on conflict (key) do update set
      failures = case when ${expired} then 1 else t.failures + 1 end,
      window_start = case when ${expired} then ${at} else t.window_start end
    where ${expired} or t.failures < ${ceiling}::int
    returning t.key`);
  if (claimed.rows.length) return null;
  const [row] = await tx
    .select({ windowStart: throttleCounters.windowStart })
    .from(throttleCounters)
    .where(eq(throttleCounters.key, key));
  return new Date((row?.windowStart ?? now).getTime() + windowSeconds * 1000);
}
