import { forgetCachedSessionsOfUser } from './session.service';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { loginAttempts, passwordTokens, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** E-mail addresses are unique case-insensitively (users_email_lower_uq). */
export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/**
 * Inserts a customer without a password (it is chosen later through a set-password link), then
 * gives it the customer code `codeFor` derives from the new id. Returns the id and the code.
 */
export async function insertCustomer(
  tx: Tx,
  customer: Pick<
    typeof users.$inferInsert,
    'email' | 'ownerName' | 'companyName' | 'country' | 'lang'
  >,
  codeFor: (userId: number) => string,
): Promise<{ userId: number; customerCode: string }> {
  const [created] = await tx
    .insert(users)
    .values({ ...customer, passwordHash: null, role: 'customer', isActive: true })
    .returning({ id: users.id });
  const customerCode = codeFor(created.id);
  await tx.update(users).set({ customerCode }).where(eq(users.id, created.id));
  return { userId: created.id, customerCode };
}

export async function findUserById(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function updatePasswordHash(
  tx: Tx,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

// ---------------------------------------------------------------- throttling

/** Failures of each key since `since`, and the oldest of them (for Retry-After). */
export async function countRecentFailures(
  tx: Tx,
  keys: string[],
  since: Date,
): Promise<{ key: string; failures: number; oldest: Date }[]> {
  const rows = await tx
    .select({
      key: loginAttempts.key,
      failures: sql<number>`count(*)::int`,
      oldest: sql<string>`min(${loginAttempts.attemptedAt})`,
    })
    .from(loginAttempts)
    .where(
      and(
        inArray(loginAttempts.key, keys),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.attemptedAt, since),
      ),
    )
    .groupBy(loginAttempts.key);
  return rows.map((r) => ({
    key: r.key,
    failures: Number(r.failures),
    oldest: new Date(r.oldest),
  }));
}

export async function recordFailures(tx: Tx, keys: string[]): Promise<void> {
  await tx.insert(loginAttempts).values(keys.map((key) => ({ key, succeeded: false })));
}

/** A success wipes the counters of its keys; old rows of those keys go too. */
export async function clearFailures(tx: Tx, keys: string[]): Promise<void> {
  await tx.delete(loginAttempts).where(inArray(loginAttempts.key, keys));
}

/** Rows older than `before` count for nothing: delete them (keeps the table small). */
export async function pruneAttempts(tx: Tx, keys: string[], before: Date): Promise<void> {
  await tx
    .delete(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys), lt(loginAttempts.attemptedAt, before)));
}

// ---------------------------------------------------------------- password tokens

export async function insertPasswordToken(
  tx: Tx,
  values: { tokenHash: string; userId: number; purpose: 'reset' | 'set'; expiresAt: Date },
): Promise<void> {
  await tx.insert(passwordTokens).values(values);
}

/** How many tokens of a purpose a user received since a moment (caps reset mails per hour). */
export async function countTokensSince(tx: Tx, userId: number, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordTokens)
    .where(and(eq(passwordTokens.userId, userId), gt(passwordTokens.createdAt, since)));
  return Number(row?.n ?? 0);
}

/**
 * Uses a token once: marks it used only if it is unused and unexpired, in one statement, so two
 * concurrent uses cannot both succeed. Returns its user id and purpose, or undefined.
 */
export async function consumePasswordToken(
  tx: Tx,
  tokenHash: string,
): Promise<{ userId: number; purpose: 'reset' | 'set' } | undefined> {
  const now = new Date();
  const [row] = await tx
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordTokens.userId, purpose: passwordTokens.purpose });
  return row;
}

/** Reads a token without using it (to check that it belongs to the e-mail given). */
export async function peekPasswordToken(
  tx: Tx,
  tokenHash: string,
): Promise<{ userId: number; usedAt: Date | null; expiresAt: Date } | undefined> {
  const [row] = await tx
    .select({
      userId: passwordTokens.userId,
      usedAt: passwordTokens.usedAt,
      expiresAt: passwordTokens.expiresAt,
    })
    .from(passwordTokens)
    .where(eq(passwordTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** After a successful reset every other outstanding link of the user stops working. */
export async function invalidateUserTokens(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

/** The caller's order-mail preference (users.order_status_mails). */
export async function selectOrderStatusMails(tx: Tx, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ on: users.orderStatusMails })
    .from(users)
    .where(eq(users.id, userId));
  return row?.on ?? true;
}

export async function updateOrderStatusMails(tx: Tx, userId: number, on: boolean): Promise<void> {
  await tx
    .update(users)
    .set({ orderStatusMails: on, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function updateUserLang(
  tx: Tx,
  userId: number,
  lang: 'en' | 'fr' | 'es',
): Promise<void> {
  await tx.update(users).set({ lang, updatedAt: new Date() }).where(eq(users.id, userId));
  forgetCachedSessionsOfUser(userId);
}

/** Remembers when a user last signed in (shown to staff on the customer page). */
export async function markSignedIn(tx: Tx, userId: number): Promise<void> {
  await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
}
