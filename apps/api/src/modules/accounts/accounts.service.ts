import { hash, verify } from '@node-rs/argon2';
import {
  toWireLang,
  type LoginBody,
  type MailPreferences,
  type MeUserDto,
  type ResetPasswordBody,
  type SessionUserDto,
  type UpdateProfileBody,
} from '@wholesale/contract';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { enqueueMail } from '../mail';
import { throttleKeys } from './sign-in-throttle';
import {
  claimAccountAttempt,
  claimIpAttempt,
  clearThrottle,
  consumePasswordToken,
  findKnownDevice,
  releaseIpAttempt,
  rememberDevice,
  countTokensSince,
  findUserByEmail,
  insertCustomer,
  findUserById,
  markSignedIn,
  insertPasswordToken,
  invalidateUserTokens,
  peekPasswordToken,
  updatePasswordHash,
  updateUserLang,
  selectOrderStatusMails,
  updateOrderStatusMails,
  type UserRow,
} from './accounts.queries';
import {
  assertOwnUserId,
  createSession,
  hashToken,
  newToken,
  revokeSession,
  revokeUserSessions,
  type SessionCache,
  type SessionUser,
} from './session.service';

/** A reset link lives one hour; a first "set password" link a week. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const SET_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many reset mails per account per hour: the rest are silently not sent. */
const MAX_RESET_MAILS_PER_HOUR = 5;

/** Hashes a password with argon2id (@node-rs/argon2's default algorithm, OWASP parameters). */
/**
 * Creates a customer account without a password (for an approved credit application); answers 409
 * `conflictMessage` when the e-mail already belongs to an account (case-insensitively).
 */
export async function createCustomer(
  tx: Tx,
  customer: Parameters<typeof insertCustomer>[1],
  codeFor: (userId: number) => string,
  conflictMessage: string,
): Promise<{ userId: number; customerCode: string }> {
  if (await findUserByEmail(tx, customer.email)) throw new AppError('CONFLICT', conflictMessage);
  return insertCustomer(tx, customer, codeFor);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// eslint-disable-next-line no-restricted-syntax -- a memo of a constant's hash, computed once per process
let dummyHash: Promise<string> | null = null;
/** Verifying against a throw-away hash when the e-mail is unknown keeps both answers equally slow. */
function timingDummy(): Promise<string> {
  dummyHash ??= hash('timing-equaliser-not-a-password');
  return dummyHash;
}

async function passwordMatches(user: UserRow | undefined, password: string): Promise<boolean> {
  if (!user || !user.passwordHash) {
    await verify(await timingDummy(), password).catch(() => false);
    return false;
  }
  return verify(user.passwordHash, password).catch(() => false);
}

/** The stored-user shape of docs/product/accounts.md (never the token). */
export function toSessionUserDto(
  user: Pick<
    UserRow,
    | 'id'
    | 'ownerName'
    | 'email'
    | 'customerCode'
    | 'country'
    | 'lang'
    | 'role'
    | 'staffRoles'
    | 'isActive'
  >,
): SessionUserDto {
  return {
    user_value: user.id,
    owner_name: user.ownerName,
    email: user.email,
    customer_code: user.customerCode,
    flag: user.isActive ? 'active' : 'inactive',
    cflag: user.country,
    lang: toWireLang(user.lang),
    role: user.role,
    staff_roles: user.role === 'staff' ? user.staffRoles : [],
  };
}

/** 429 with Retry-After and a reason the web shows in the user's language. */
function signInWait(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts; try again in ${seconds} s`,
    {
      headers: { 'retry-after': String(seconds) },
      reason: { key: 'SIGN_IN_WAIT', params: { seconds } },
    },
  );
}

/**
 * Claims an attempt under the keys of a sign-in (decision 015): the address's ceiling first,
 * then the account's (or known device's) delay, each in one statement, so parallel attempts
 * cannot all pass. Throws the 429 when either refuses.
 */
async function claimSignIn(db: Database, keys: ReturnType<typeof throttleKeys>, now: Date) {
  if (keys.ip) {
    const ipUntil = await claimIpAttempt(db, keys.ip, now);
    if (ipUntil) throw signInWait(ipUntil, now);
  }
  const accountUntil = await claimAccountAttempt(db, keys.account, now);
  if (accountUntil) {
    if (keys.ip) await releaseIpAttempt(db, keys.ip);
    throw signInWait(accountUntil, now);
  }
}

export type LoginResult = {
  token: string;
  csrfToken: string;
  user: SessionUserDto;
  /** Known-device token for the cookie: lets this device in while its account waits. */
  deviceToken: string;
};

/**
 * Signs in under the sign-in throttle (decision 015, counted in the database so it holds across
 * API processes): one generic 401 for a wrong e-mail or password, a new session at every login
 * (the session the request came with, if any, is revoked), the device remembered on success.
 */
export async function login(
  db: Database,
  sessions: SessionCache,
  input: LoginBody,
  meta: {
    ip: string;
    userAgent?: string;
    previousTokenHash?: string | null;
    deviceToken?: string;
    now: Date;
  },
): Promise<LoginResult> {
  const user = await findUserByEmail(db, input.email);
  const device = meta.deviceToken ? await findKnownDevice(db, hashToken(meta.deviceToken)) : null;
  const knownDevice = device && user && device.userId === user.id ? meta.deviceToken! : null;
  const keys = throttleKeys({
    email: input.email,
    ip: meta.ip,
    deviceHash: knownDevice ? hashToken(knownDevice) : null,
  });
  await claimSignIn(db, keys, meta.now);
  const ok = await passwordMatches(user, input.password);
  // A failure was counted by the claim already.
  if (!ok || !user) throw new AppError('INVALID_CREDENTIALS');
  // Only someone who knows the password learns that the account was deactivated by staff.
  if (!user.isActive) throw new AppError('ACCOUNT_INACTIVE');
  const deviceToken = knownDevice ?? newToken();
  return db.transaction(async (tx) => {
    await clearThrottle(tx, keys.account);
    if (keys.ip) await releaseIpAttempt(tx, keys.ip);
    await rememberDevice(tx, hashToken(deviceToken), user.id);
    await markSignedIn(tx, user.id);
    if (meta.previousTokenHash) await revokeSession(tx, sessions, meta.previousTokenHash);
    const { token, csrfToken } = await createSession(tx, user.id, {
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    return { token, csrfToken, user: toSessionUserDto(user), deviceToken };
  });
}

/** GET /api/me: the caller, with the profile fields of /profile. */
export function currentUser(user: SessionUser): MeUserDto {
  return {
    ...toSessionUserDto({ ...user, isActive: true }),
    company_name: user.companyName,
  };
}

/**
 * PUT /api/me/preferences: the caller's language, used for the site after sign-in and for every
 * e-mail sent to them. Answers the updated user.
 */
export async function updatePreferences(
  db: Database,
  sessions: SessionCache,
  caller: SessionUser,
  lang: '' | 'en' | 'fr' | 'es',
): Promise<MeUserDto> {
  const next = lang === '' ? 'en' : lang;
  await updateUserLang(db, caller.id, next);
  // The caller's cached session carries the language: this process's next request reads it anew.
  sessions.forgetUser(caller.id);
  return currentUser({ ...caller, lang: next });
}

/** GET /api/me/mail-preferences: the order mails the caller receives. */
export async function getMailPreferences(db: Database, caller: SessionUser) {
  return { order_status_mails: await selectOrderStatusMails(db, caller.id) };
}

/**
 * PUT /api/me/mail-preferences: the status-mail code reads the same column, so the next order
 * change already follows it (docs/product/back-office-orders.md).
 */
export async function setMailPreferences(
  db: Database,
  caller: SessionUser,
  preferences: MailPreferences,
): Promise<MailPreferences> {
  await updateOrderStatusMails(db, caller.id, preferences.order_status_mails);
  return getMailPreferences(db, caller);
}

/** POST /api/logout: the session is revoked server-side; the token is worthless from now on. */
export async function logout(
  db: Database,
  sessions: SessionCache,
  tokenHash: string | null,
): Promise<void> {
  if (tokenHash) await revokeSession(db, sessions, tokenHash);
}

// ---------------------------------------------------------------- password links

/**
 * Creates a single-use password token for a user ('reset' from forgot-password, 'set' for a first
 * password after an application is approved). Only its hash is stored; returns the raw token to
 * put in the link. Call it inside the caller's transaction.
 */
export async function createPasswordToken(
  tx: Tx,
  userId: number,
  purpose: 'reset' | 'set',
  ttlMs: number = purpose === 'set' ? SET_TOKEN_TTL_MS : RESET_TOKEN_TTL_MS,
): Promise<string> {
  const token = newToken();
  await insertPasswordToken(tx, {
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * The link a password mail carries: /reset-password?token=… on the public URL; a first password's
 * (`set`) adds `&purpose=set`, for which the page is "Choose your password" with no e-mail field.
 */
export function passwordLink(
  publicUrl: string,
  token: string,
  purpose: 'reset' | 'set' = 'reset',
): string {
  const link = `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
  return purpose === 'set' ? `${link}&purpose=set` : link;
}

/**
 * E-mails a password link to a user, in the user's language: template 'password-reset' or
 * 'password-set'. Pair it with createPasswordToken in the same transaction, e.g.
 * `await sendPasswordLink(tx, { userId, token: await createPasswordToken(tx, userId, 'set'), purpose: 'set', publicUrl: app.config.publicUrl })`.
 */
export async function sendPasswordLink(
  tx: Tx,
  input: { userId: number; token: string; purpose: 'reset' | 'set'; publicUrl: string },
): Promise<number> {
  const user = await findUserById(tx, input.userId);
  if (!user) throw new AppError('NOT_FOUND', 'No such user');
  return enqueueMail(tx, {
    to: user.email,
    template: input.purpose === 'set' ? 'password-set' : 'password-reset',
    lang: user.lang,
    data: { name: user.ownerName, url: passwordLink(input.publicUrl, input.token, input.purpose) },
  });
}

/**
 * The work behind POST /api/forgot-password, run after the request has answered: mails a one-hour
 * single-use reset link when the address belongs to an active account (at most
 * MAX_RESET_MAILS_PER_HOUR an hour), nothing otherwise. The answer never depends on it.
 */
export async function sendResetLinkIfKnown(
  db: Database,
  email: string,
  publicUrl: string,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || !user.isActive) return;
  await db.transaction(async (tx) => {
    const recent = await countTokensSince(tx, user.id, new Date(Date.now() - 60 * 60 * 1000));
    if (recent >= MAX_RESET_MAILS_PER_HOUR) return;
    const token = await createPasswordToken(tx, user.id, 'reset', RESET_TOKEN_TTL_MS);
    await sendPasswordLink(tx, { userId: user.id, token, purpose: 'reset', publicUrl });
  });
}

const INVALID_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * POST /api/reset-password: with a valid, unused, unexpired token that belongs to the e-mail given
 * (or, for a first-password `set` token, with no e-mail),
 * sets the new password, uses the token up (and every other outstanding link of the user) and
 * revokes all the user's sessions. Without one, nothing changes (400 naming `token`).
 */
export async function resetPassword(
  db: Database,
  sessions: SessionCache,
  body: ResetPasswordBody,
): Promise<void> {
  const tokenHash = hashToken(body.token);
  const newHash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    const peek = await peekPasswordToken(tx, tokenHash);
    const user = peek ? await findUserById(tx, peek.userId) : undefined;
    // A first password's link (`set`, mailed on approval or to new staff) names its user alone: the
    // page asks for no e-mail. A reset link, asked for by whoever typed an address, needs it.
    const emailMatches =
      body.email === undefined
        ? peek?.purpose === 'set'
        : user?.email.toLowerCase() === body.email.trim().toLowerCase();
    if (!peek || !user || !user.isActive || !emailMatches) {
      throw new AppError('VALIDATION_FAILED', INVALID_LINK, { fields: { token: INVALID_LINK } });
    }
    const used = await consumePasswordToken(tx, tokenHash);
    if (!used)
      throw new AppError('VALIDATION_FAILED', INVALID_LINK, { fields: { token: INVALID_LINK } });
    await updatePasswordHash(tx, user.id, newHash);
    await invalidateUserTokens(tx, user.id);
    await revokeUserSessions(tx, sessions, user.id);
  });
}

/**
 * PUT /api/updateProfile: changes the caller's password. `id` must be the caller's own (403);
 * the current password is required and checked (wrong → 400 naming old_password, counted like a
 * failed login so it cannot be brute-forced through a stolen session); every other session of
 * the user is revoked, the current one stays, and every password link mailed before stops working.
 */
export async function changePassword(
  db: Database,
  sessions: SessionCache,
  caller: SessionUser,
  currentTokenHash: string | null,
  body: UpdateProfileBody,
): Promise<void> {
  assertOwnUserId(caller, body.id);
  const key = `user:${caller.id}`;
  const now = new Date();
  const until = await claimAccountAttempt(db, key, now);
  if (until) throw signInWait(until, now);
  const user = await findUserById(db, caller.id);
  if (!(await passwordMatches(user, body.old_password)) || !user) {
    const message = 'The current password is incorrect';
    throw new AppError('VALIDATION_FAILED', message, { fields: { old_password: message } });
  }
  const newHash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    await clearThrottle(tx, key);
    await updatePasswordHash(tx, user.id, newHash);
    // A reset link mailed before the change must not undo it (OWASP: a changed password ends them).
    await invalidateUserTokens(tx, user.id);
    await revokeUserSessions(tx, sessions, user.id, currentTokenHash ?? undefined);
    await enqueueMail(tx, {
      to: user.email,
      template: 'password-changed',
      lang: user.lang,
      data: { name: user.ownerName },
    });
  });
}
