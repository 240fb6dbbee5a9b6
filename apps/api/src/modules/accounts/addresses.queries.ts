import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { customerAddresses, users } from '../../db/schema';

export type AddressRow = typeof customerAddresses.$inferSelect;
export type NewAddressRow = typeof customerAddresses.$inferInsert;

/** The account's ship-to addresses, the default first, then in the order they were added. */
export function selectAddresses(tx: Tx, userId: number): Promise<AddressRow[]> {
  return tx
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.id));
}

/** How many addresses the account's book holds. */
export async function countAddresses(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId));
  return row?.n ?? 0;
}

export async function insertAddresses(tx: Tx, rows: NewAddressRow[]): Promise<void> {
  if (rows.length) await tx.insert(customerAddresses).values(rows);
}

/** The one address `where` finds, locked for the change that follows. */
async function lockOneAddress(tx: Tx, where: SQL | undefined): Promise<AddressRow | undefined> {
  const [row] = await tx.select().from(customerAddresses).where(where).for('update');
  return row;
}

/** One address of the account, locked for the change that follows; undefined when not its own. */
export function lockAddress(tx: Tx, userId: number, id: number): Promise<AddressRow | undefined> {
  return lockOneAddress(
    tx,
    and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)),
  );
}

/** The account's default address, locked (its flag moves when another becomes the default). */
export function lockDefaultAddress(tx: Tx, userId: number): Promise<AddressRow | undefined> {
  return lockOneAddress(
    tx,
    and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true)),
  );
}

export async function insertAddress(tx: Tx, row: NewAddressRow): Promise<AddressRow> {
  const [inserted] = await tx.insert(customerAddresses).values(row).returning();
  return inserted;
}

export async function updateAddress(
  tx: Tx,
  id: number,
  change: Partial<Omit<NewAddressRow, 'id' | 'userId' | 'createdAt'>>,
): Promise<AddressRow> {
  const [row] = await tx
    .update(customerAddresses)
    .set(change)
    .where(eq(customerAddresses.id, id))
    .returning();
  return row;
}

/**
 * Makes `id` the account's only default address. NOTE: the other default is cleared first, in its
 * own statement: the partial unique index allows one default per account at every moment.
 */
export async function setDefaultAddress(tx: Tx, userId: number, id: number): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(customerAddresses.userId, userId),
        eq(customerAddresses.isDefault, true),
        ne(customerAddresses.id, id),
      ),
    );
  await tx.update(customerAddresses).set({ isDefault: true }).where(eq(customerAddresses.id, id));
}

export async function deleteAddress(tx: Tx, id: number): Promise<void> {
  await tx.delete(customerAddresses).where(eq(customerAddresses.id, id));
}

export async function selectPaymentTerms(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ paymentTerms: users.paymentTerms })
    .from(users)
    .where(eq(users.id, userId));
  return row?.paymentTerms;
}

/**
 * In one round trip (it runs inside every order): the account's payment terms and the address an
 * order ships to — the one asked for when it is the account's own, else the default, else the first.
 */
export async function selectTermsAndShipTo(
  tx: Tx,
  userId: number,
  addressId: number | undefined,
): Promise<{
  paymentTerms: (typeof users.$inferSelect)['paymentTerms'];
  address: AddressRow | null;
}> {
  const [row] = await termsAndShipTo(tx, { userId, addressId: addressId ?? null });
  return { paymentTerms: row?.paymentTerms ?? 'net_30', address: row?.address ?? null };
}

// Named, as the order's other statements are: PostgreSQL plans it once per connection.
const termsAndShipTo = prepared('order_terms_and_ship_to', (tx) =>
  tx
    .select({ paymentTerms: users.paymentTerms, address: customerAddresses })
    .from(users)
    .leftJoin(
      customerAddresses,
      sql`${customerAddresses.id} = (
        select a.id from customer_addresses a
        where a.user_id = ${users.id}
          and (${sql.placeholder('addressId')}::int is null or a.id = ${sql.placeholder('addressId')}::int)
        order by a.is_default desc, a.id limit 1)`,
    )
    .where(eq(users.id, sql.placeholder('userId'))),
);
