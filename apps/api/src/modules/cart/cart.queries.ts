import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Country } from '@wholesale/contract';
import type { Tx } from '../../db/client';
import { parseIntArrayText } from '../../db/array-params';
import { prepared } from '../../db/prepared';
import { cartLines } from '../../db/schema';
export type CartLineRow = typeof cartLines.$inferSelect;
export type CartViewRow = { id: number; productId: number; quantity: number; selected: boolean };

function buildCartView(tx: Tx) {
  return tx
    .select({
      id: cartLines.id,
      productId: cartLines.productId,
      quantity: cartLines.quantity,
      selected: cartLines.selected,
    })
    .from(cartLines)
    .where(
      and(
        eq(cartLines.userId, sql.placeholder('userId')),
        eq(cartLines.country, sql.placeholder('country')),
      ),
    )
    .orderBy(asc(cartLines.id));
}

// NOTE: the cart is the most read thing in the shop. Built once per database (or transaction) and
// named, so neither Drizzle nor PostgreSQL plans it again per request.
const cartView = prepared<CartViewRow, { userId: number; country: Country }>(
  'cart_view',
  buildCartView,
);

/** A customer's cart lines in one country, oldest first (the order they were added), in one round trip. */
export function selectCartView(
  tx: Tx,
  owner: { userId: number; country: Country },
): Promise<CartViewRow[]> {
  return cartView(tx, { userId: owner.userId, country: owner.country });
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

/**
 * The DELETE of some of a customer's lines, as a statement for the caller's own batch. The ids are
 * ONE array parameter, so the statement's text is the same whatever their number (the order's
 * write runs named).
 */
export function cartLinesDelete(tx: Tx, userId: number, lineIds: number[]): SQL {
  return tx
    .delete(cartLines)
    .where(
      and(
        eq(cartLines.userId, userId),
        sql`${cartLines.id} = any(${`{${lineIds.join(',')}}`}::int[])`,
      ),
    )
    .getSQL();
}

export async function deleteAllCartLines(tx: Tx, userId: number, country: Country): Promise<void> {
  await tx
    .delete(cartLines)
    .where(and(eq(cartLines.userId, userId), eq(cartLines.country, country)));
}

const p = {
  userId: sql.placeholder('userId'),
  country: sql.placeholder('country'),
  productId: sql.placeholder('productId'),
  item: sql.placeholder('item'),
  first: sql.placeholder('first'),
  cap: sql.placeholder('cap'),
};

// NOTE: every order locks its customer's lines with this: named, so PostgreSQL plans it once per
// connection (raw SQL: a builder's named statement would be built again in every transaction).
const cartLinesLocked = prepared<CartViewRow, { userId: number; country: Country }>(
  'cart_lines_locked',
  sql`
    select id, product_id as "productId", quantity, selected from cart_lines
    where user_id = ${p.userId}::int and country = ${p.country}::text
    order by id for update`,
);

/** The same lines as selectCartView, locked until the transaction ends (placing an order). */
export function selectCartLinesForUpdate(
  tx: Tx,
  userId: number,
  country: Country,
): Promise<CartViewRow[]> {
  return cartLinesLocked(tx, { userId, country });
}

// NOTE: the statement's read sees the cart as it was before its own write, so the written line is
// taken from the INSERT's RETURNING and every other line from the table. The other lines come back
// as three int[] texts in ONE row, not a row each: node-postgres's parsing of 50 rows (a string per
// value, an object per row) was about a tenth of an add's CPU in the API and most of its garbage.
const addAndReadCart = prepared<
  CartViewRow & {
    before: number | null;
    productIds: string | null;
    quantities: string | null;
    selectedFlags: string | null;
  },
  {
    userId: number;
    country: Country;
    productId: number;
    item: number;
    first: number;
    cap: number | null;
  }
>(
  'cart_add',
  sql`
    with durability as materialized (
      -- Decision 014: a cart change need not wait for its WAL flush (this statement only).
      select set_config('synchronous_commit', 'off', true)
    ), prev as (
      select quantity from cart_lines
      where user_id = ${p.userId}::int and country = ${p.country}::text and product_id = ${p.productId}::int
    ), up as (
      insert into cart_lines (user_id, country, product_id, quantity)
      values (${p.userId}::int, ${p.country}::text, ${p.productId}::int, ${p.first}::int)
      on conflict (user_id, country, product_id) do update
        set quantity = case when ${p.cap}::int is null then cart_lines.quantity + ${p.item}::int
                            else greatest(least(cart_lines.quantity + ${p.item}::int, ${p.cap}::int), 0) end,
            updated_at = now()
      returning id, product_id, quantity, selected
    )
    select up.id, up.product_id as "productId", up.quantity, up.selected,
           (select quantity from prev) as before,
           o.product_ids as "productIds", o.quantities, o.selected_flags as "selectedFlags"
    from durability, up, (
      select array_agg(product_id)::text as product_ids, array_agg(quantity)::text as quantities,
             array_agg(selected::int)::text as selected_flags
      from cart_lines
      where user_id = ${p.userId}::int and country = ${p.country}::text and product_id <> ${p.productId}::int
    ) o`,
);

/** A cart line as its total and count need it (no id: it is not answered). */
export type CartLineFigures = Omit<CartViewRow, 'id'>;

/**
 * Adds `item` packs to a product's line in ONE statement (no lost update when two adds race): the
 * new quantity is capped at `cap` (null: no cap, class N). Returns the quantity before, the written
 * line as it is after the add, and the cart's other lines, read in the same round trip.
 */
export async function addCartQuantity(
  tx: Tx,
  line: { userId: number; country: Country; productId: number; item: number; cap: number | null },
): Promise<{ before: number; written: CartViewRow; others: CartLineFigures[] }> {
  const first = line.cap === null ? line.item : Math.min(line.item, line.cap);
  const [row] = await addAndReadCart(tx, { ...line, first });
  if (!row) throw new Error('cart_add returned no written line');
  const productIds = parseIntArrayText(row.productIds);
  const quantities = parseIntArrayText(row.quantities);
  const selected = parseIntArrayText(row.selectedFlags);
  const others: CartLineFigures[] = new Array(productIds.length);
  for (let i = 0; i < productIds.length; i += 1)
    others[i] = { productId: productIds[i], quantity: quantities[i], selected: selected[i] === 1 };
  return {
    before: Number(row.before ?? 0),
    written: {
      id: row.id,
      productId: row.productId,
      quantity: row.quantity,
      selected: row.selected,
    },
    others,
  };
}
