import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Country } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { cartLines } from '../../db/schema';
import { joinPrices, priceFields, type PriceRow } from '../catalogue/catalogue.pricing';

export type CartLineRow = typeof cartLines.$inferSelect;
export type CartViewRow = {
  line: { id: number; quantity: number; selected: boolean };
  price: PriceRow;
};

function buildCartView(tx: Tx) {
  const query = tx
    .select({
      line: { id: cartLines.id, quantity: cartLines.quantity, selected: cartLines.selected },
      price: priceFields,
    })
    .from(cartLines)
    .$dynamic();
  return joinPrices(query, cartLines.productId, sql.placeholder('country'))
    .where(
      and(
        eq(cartLines.userId, sql.placeholder('userId')),
        eq(cartLines.country, sql.placeholder('country')),
      ),
    )
    .orderBy(asc(cartLines.id))
    .prepare('cart_view');
}

// NOTE: the cart is the most read thing in the shop. Built once per database (or transaction) and
// named, so neither Drizzle nor PostgreSQL plans it again per request.
const cartViews = new WeakMap<Tx, ReturnType<typeof buildCartView>>();

/**
 * A customer's cart lines in one country with their product's price and stock there, oldest first,
 * in one round trip. Lines of products not sold in the country are left out.
 */
export function selectCartView(
  tx: Tx,
  owner: { userId: number; country: Country },
): Promise<CartViewRow[]> {
  let view = cartViews.get(tx);
  if (!view) cartViews.set(tx, (view = buildCartView(tx)));
  return view.execute({ userId: owner.userId, country: owner.country });
}

/** A customer's cart lines in one country, oldest first (the order they were added). */
export function selectCartLines(tx: Tx, userId: number, country: Country): Promise<CartLineRow[]> {
  return tx
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.country, country)))
    .orderBy(asc(cartLines.id));
}

/** The same lines, locked until the transaction ends (placing an order). */
export function selectCartLinesForUpdate(
  tx: Tx,
  userId: number,
  country: Country,
): Promise<CartLineRow[]> {
  return tx
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.country, country)))
    .orderBy(asc(cartLines.id))
    .for('update');
}

export async function selectCartLine(
  tx: Tx,
  userId: number,
  lineId: number,
): Promise<CartLineRow | undefined> {
  const [row] = await tx
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.userId, userId)))
    .for('update');
  return row;
}

/** Sets the quantities of several products in one statement, inserting missing lines. */
export async function upsertCartQuantities(
  tx: Tx,
  userId: number,
  country: Country,
  lines: Array<{ productId: number; quantity: number }>,
): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(cartLines)
    .values(lines.map((l) => ({ userId, country, productId: l.productId, quantity: l.quantity })))
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.country, cartLines.productId],
      set: { quantity: sql`excluded.quantity`, updatedAt: sql`now()` },
    });
}

export async function updateCartLine(
  tx: Tx,
  lineId: number,
  patch: { quantity?: number; selected?: boolean },
): Promise<void> {
  await tx
    .update(cartLines)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(cartLines.id, lineId));
}

export async function deleteCartLine(tx: Tx, userId: number, lineId: number): Promise<number> {
  const rows = await tx
    .delete(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.userId, userId)))
    .returning({ id: cartLines.id });
  return rows.length;
}

export async function deleteCartLines(tx: Tx, userId: number, lineIds: number[]): Promise<void> {
  if (lineIds.length === 0) return;
  await tx
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), inArray(cartLines.id, lineIds)));
}

export async function deleteAllCartLines(tx: Tx, userId: number, country: Country): Promise<void> {
  await tx
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.country, country)));
}

/**
 * Adds `item` packs to a product's line in ONE statement (no lost update when two adds race): the
 * new quantity is capped at `cap` (null: no cap, class N). Returns the quantity before and after.
 */
export async function addCartQuantity(
  tx: Tx,
  line: { userId: number; country: Country; productId: number; item: number; cap: number | null },
): Promise<{ before: number; after: number }> {
  const { userId, country, productId, item, cap } = line;
  const first = cap === null ? item : Math.min(item, cap);
  const result = await tx.execute<{ after: number; before: number | null }>(sql`
    with prev as (
      select quantity from cart_lines where user_id = ${userId} and country = ${country} and product_id = ${productId}
    )
    insert into cart_lines (user_id, country, product_id, quantity)
    values (${userId}, ${country}, ${productId}, ${first})
    on conflict (user_id, country, product_id) do update
      set quantity = case when ${cap}::int is null then cart_lines.quantity + ${item}::int
                          else greatest(least(cart_lines.quantity + ${item}::int, ${cap}::int), 0) end,
          updated_at = now()
    returning quantity as after, (select quantity from prev) as before`);
  const row = result.rows[0];
  return { before: Number(row?.before ?? 0), after: Number(row?.after ?? 0) };
}
