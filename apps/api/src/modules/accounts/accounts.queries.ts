import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { claimWindowSlot } from '../../lib/window-throttle';
import { knownDevices, passwordTokens, throttleCounters, users } from '../../db/schema';
import {
  ACCOUNT_MEMORY_SECONDS,
  FREE_FAILURES,
  IP_CEILING,
  IP_WINDOW_SECONDS,
  MAX_DELAY_SECONDS,
} from './sign-in-throttle';

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

/**
 * Claims one attempt under an account key in a single statement (the row lock serialises parallel
 * claims): allowed when the key's wait is over, and then counted at once as a failure with the
 * next wait set, before the password is even checked; a success clears the key afterwards.
 * Returns null when allowed, else the instant the key may try again.
 */
export async function claimAccountAttempt(tx: Tx, key: string, now: Date): Promise<Date | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // The failure count this attempt makes: the stored one plus one, or 1 once it is forgotten.
  const next = sql`(case when t.window_start < ${at} - make_interval(secs => ${ACCOUNT_MEMORY_SECONDS}::int)
    then 1 else t.failures + 1 end)`;
  const waitAfter = (
    n: SQL,
  ) => sql`make_interval(secs => case when ${n} < ${FREE_FAILURES}::int then 0
    else least(power(2::float8, ${n} - ${FREE_FAILURES}::int + 1), ${MAX_DELAY_SECONDS}::float8) end)`;
  const claimed = await tx.execute<{ key: string }>(sql`
    insert into throttle_counters as t (key, failures, not_before, window_start)
    values (${key}, 1, ${at} + ${waitAfter(sql`1`)}, ${at})
    on conflict (key) do update set
      failures = ${next}, not_before = ${at} + ${waitAfter(next)}, window_start = ${at}
    where t.not_before <= ${at}
    returning t.key`);
  if (claimed.rows.length) return null;
  return notBefore(tx, key);
}

/**
 * Claims one attempt under an IP key in a single statement: allowed while the address has made
 * fewer than IP_CEILING counted attempts in its window. Returns null when allowed, else the end
 * of the window.
 */
export function claimIpAttempt(tx: Tx, key: string, now: Date): Promise<Date | null> {
  return claimWindowSlot(tx, key, now, IP_CEILING, IP_WINDOW_SECONDS);
}

async function notBefore(tx: Tx, key: string): Promise<Date> {
  const [row] = await tx
    .select({ notBefore: throttleCounters.notBefore })
    .from(throttleCounters)
    .where(eq(throttleCounters.key, key));
  return row?.notBefore ?? new Date();
}

/** A successful attempt: its account key starts afresh. */
export async function clearThrottle(tx: Tx, key: string): Promise<void> {
  await tx.delete(throttleCounters).where(eq(throttleCounters.key, key));
}

/** Gives back an attempt claimed under an IP key that turned out not to be a failure. */
export async function releaseIpAttempt(tx: Tx, key: string): Promise<void> {
  await tx
    .update(throttleCounters)
    .set({ failures: sql`greatest(${throttleCounters.failures} - 1, 0)` })
    .where(eq(throttleCounters.key, key));
}

// ---------------------------------------------------------------- known devices

/** The user a known-device token (its hash) belongs to, if any. */
export async function findKnownDevice(
  tx: Tx,
  tokenHash: string,
): Promise<{ userId: number } | undefined> {
  const [row] = await tx
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(eq(knownDevices.tokenHash, tokenHash));
  return row;
}

/** Remembers a device after a successful sign-in (or marks it used again). */
export async function rememberDevice(tx: Tx, tokenHash: string, userId: number): Promise<void> {
  await tx
    .insert(knownDevices)
    .values({ tokenHash, userId })
    .onConflictDoUpdate({ target: knownDevices.tokenHash, set: { lastUsedAt: sql`now()` } });
}

// ---------------------------------------------------------------- password tokens

export async function insertPasswordToken(
  tx: Tx,
  values: { tokenHash: string; userId: number; purpose: 'reset' | 'set'; expiresAt: Date },
): Promise<void> {
  await tx.insert(passwordTokens).values(values);
}

/**
 * How many tokens a user received since a moment (caps reset mails per hour). It locks the user's
 * row first, until the caller's transaction ends: twenty forgot-password calls at once otherwise
 * all counted before any inserted, and mailed eight links where five are allowed (PostgreSQL).
 */
export async function countTokensSince(tx: Tx, userId: number, since: Date): Promise<number> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
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
): Promise<
  { userId: number; usedAt: Date | null; expiresAt: Date; purpose: 'reset' | 'set' } | undefined
> {
  const [row] = await tx
    .select({
      userId: passwordTokens.userId,
      purpose: passwordTokens.purpose,
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
}

/** Remembers when a user last signed in (shown to staff on the customer page). */
export async function markSignedIn(tx: Tx, userId: number): Promise<void> {
  await tx.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
}
