import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findUserByEmail, findUserById, type UserRow } from './accounts.queries';
import { revokeUserSessions, type SessionCache } from './session.service';

/**
 * What the staff and customer administration (docs/product/back-office-staff-and-customers.md)
 * may read and change of an account. The accounts module owns the users table, so those modules
 * come here instead of writing it themselves.
 */
export type { UserRow };
export { findUserByEmail, findUserById };

/** An active staff member holding the admin role. */
const activeAdmin = () =>
  and(eq(users.role, 'staff'), eq(users.isActive, true), sql`'admin' = any(${users.staffRoles})`);

/** Every staff account, by e-mail. */
export async function selectStaff(tx: Tx): Promise<UserRow[]> {
  return tx.select().from(users).where(eq(users.role, 'staff')).orderBy(asc(users.email));
}

/**
 * Locks every active admin's row and answers their ids, so two admins demoting each other at once
 * cannot both pass the "another admin remains" check.
 */
export async function lockActiveAdminIds(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(activeAdmin())
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** The number of active admins (the production start warns when there is none). */
export async function countActiveAdmins(tx: Tx): Promise<number> {
  const [row] = await tx.select({ total: count() }).from(users).where(activeAdmin());
  return row?.total ?? 0;
}

/** Locks one account's row for a change; undefined when there is none. */
export async function lockUser(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

/**
 * The customer account `id` for a staff screen or a workflow about it (locked with `lock`): a 404
 * when there is none or the id is a staff member's.
 */
export async function requireCustomerAccount(
  tx: Tx,
  id: number,
  options: { lock?: boolean } = {},
): Promise<UserRow> {
  const row = options.lock ? await lockUser(tx, id) : await findUserById(tx, id);
  if (!row || row.role !== 'customer') throw new AppError('NOT_FOUND', 'No such customer');
  return row;
}

/** Creates a staff account without a password (chosen through a set-password link). */
export async function insertStaffUser(
  tx: Tx,
  staff: { email: string; name: string; roles: StaffRole[]; lang: UserRow['lang'] },
): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({
      email: staff.email,
      ownerName: staff.name,
      role: 'staff',
      staffRoles: staff.roles,
      lang: staff.lang,
      passwordHash: null,
      isActive: true,
    })
    .returning();
  return row;
}

/**
 * What changes an account: the database and the app's session cache, which forgets the user's
 * sessions at once (none in the staff:create command, a process that caches no session).
 */
export type UserWriter = { db: Database; sessions?: SessionCache };

export type UserChange = Partial<
  Pick<UserRow, 'role' | 'staffRoles' | 'country' | 'customerCode' | 'staffNote' | 'isActive'>
>;

/**
 * Changes an account. The users change feed tells every API process to forget the user's cached
 * sessions; this process forgets them at once too, so its next request reads the new roles,
 * country or activity. Deactivating also revokes every session: a deactivated user's next request
 * is signed out.
 */
export async function updateUser(
  tx: Tx,
  sessions: SessionCache | undefined,
  id: number,
  change: UserChange,
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (change.isActive === false) await revokeUserSessions(tx, sessions, id);
  sessions?.forgetUser(id);
  return row;
}

/**
 * One page of customers whose name, e-mail, customer code or company contains `q`
 * (case-insensitive; the expression of the users_search_trgm index), by company then name.
 */
export async function searchCustomers(
  tx: Tx,
  q: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const escaped = q?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    eq(users.role, 'customer'),
    escaped
      ? sql`lower(${users.ownerName} || ' ' || ${users.email} || ' ' || coalesce(${users.customerCode}, '') || ' ' || coalesce(${users.companyName}, '')) like ${`%${escaped}%`}`
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    tx
      .select()
      .from(users)
      .where(where)
      .orderBy(
        sql`lower(coalesce(${users.companyName}, ${users.ownerName}))`,
        asc(users.ownerName),
        asc(users.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}
