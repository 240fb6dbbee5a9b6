import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Country, Lang, StaffRole } from '@wholesale/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** Who the caller is, decided by the server from the session (docs/decisions/002-country-and-identity.md). */
export type SessionUser = {
  id: number;
  role: 'customer' | 'staff';
  /** The roles of a staff member (empty for customers); read on every session lookup. */
  staffRoles: StaffRole[];
  email: string;
  ownerName: string;
  companyName: string | null;
  customerCode: string | null;
  country: Country;
  lang: Lang;
};

export type ResolvedSession = { user: SessionUser; tokenHash: string; csrfToken: string };

/** Absolute lifetime of a session, and how long it may sit unused. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 bits of randomness, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Starts a new session for a user; returns the opaque token (only its hash is stored). */
export async function createSession(
  tx: Tx,
  userId: number,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<{ token: string; csrfToken: string }> {
  const token = newToken();
  const csrfToken = newToken();
  await tx.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    csrfToken,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
  });
  return { token, csrfToken };
}

/**
 * NOTE: a resolved session is kept in this process's memory, so a signed-in request costs no session
 * query in the common case (bench/RESULTS.md: it halved throughput). While this process follows the
 * session feed (migration 0009: PostgreSQL notifies every revocation and user change) an entry
 * lives SESSION_CACHE_LIVE_MS and a revocation anywhere drops it at once; while it does not (before
 * the first LISTEN, or with the listening connection broken) an entry lives SESSION_CACHE_MS, the
 * most another process may honour a revoked session (decision 012).
 */
export const SESSION_CACHE_MS = 5_000;
export const SESSION_CACHE_LIVE_MS = 5 * 60_000;
export const SESSIONS_CHANNEL = 'ws_sessions';
const SESSION_CACHE_MAX = 20_000;

/**
 * Each entry lives a random 50–100 % of its lifetime, so sessions first seen together (a morning's
 * rush, a load test) are not all read again in the same instant.
 */
function cacheUntil(followed: boolean, now: number): number {
  const lifetime = followed ? SESSION_CACHE_LIVE_MS : SESSION_CACHE_MS;
  return now + lifetime * (0.5 + Math.random() / 2);
}

/**
 * The app's resolved sessions, registered with its change feed: 't:<token hashes>' drops those
 * sessions, 'u:<user ids>' every session of those users, '…:*' all; while the feed is live an
 * entry lives SESSION_CACHE_LIVE_MS. CACHES=off leaves it on: that switch turns off the catalogue's
 * and search's cached answers to measure their cold path, while a session read is authentication,
 * which every serving process keeps (decision 016). Created once per app (plugins/auth.ts).
 */
export function createSessionCache(app: Pick<FastifyInstance, 'caches' | 'changeFeed'>) {
  const entries = new Map<string, { until: number; session: ResolvedSession }>();
  const counters = { hits: 0, misses: 0 };
  let followed = false;
  const cache = {
    /** A session resolved less than its lifetime ago (counted as a hit), else undefined (a miss). */
    get(tokenHash: string): ResolvedSession | undefined {
      const cached = entries.get(tokenHash);
      if (cached && Date.now() < cached.until) {
        counters.hits++;
        return cached.session;
      }
      counters.misses++;
      return undefined;
    },
    /** Keeps what a lookup found; a token that resolved to nothing is forgotten. */
    keep(tokenHash: string, session: ResolvedSession | null): void {
      if (!session) {
        entries.delete(tokenHash);
        return;
      }
      if (entries.size >= SESSION_CACHE_MAX) entries.clear();
      entries.set(tokenHash, { until: cacheUntil(followed, Date.now()), session });
    },
    /** Forgets cached sessions of one user (after a change to the user or a revocation). */
    forgetUser(userId: number, exceptTokenHash?: string): void {
      for (const [hash, entry] of entries) {
        if (entry.session.user.id === userId && hash !== exceptTokenHash) entries.delete(hash);
      }
    },
    clear: () => entries.clear(),
    delete: (key: string) =>
      key.startsWith('user:') ? cache.forgetUser(Number(key.slice(5))) : entries.delete(key),
    stats: () => ({ ...counters, size: entries.size }),
  };
  app.caches.register('accounts.sessions', cache, {
    channel: SESSIONS_CHANNEL,
    keysFromPayload: (payload) => {
      const [kind, list = '*'] = payload.split(':', 2);
      if (list === '*') return 'all';
      return list.split(',').map((key) => (kind === 't' ? key : `user:${key}`));
    },
  });
  app.changeFeed.onLiveChange((live) => (followed = live));
  return cache;
}

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * Calls `listener` when any user is changed or deleted, in any process (the session feed's 'u:'
 * notices): for caches derived from users' names or roles.
 */
export function onUserChange(app: FastifyInstance, listener: () => void): void {
  app.changeFeed.subscribe(SESSIONS_CHANNEL, (payload) => {
    if (payload.startsWith('u:')) listener();
  });
}

/**
 * Looks a token up (in the app's session cache first); null when unknown, revoked, expired or idle
 * too long, or the user is inactive.
 */
export async function resolveSession(
  tx: Tx,
  cache: SessionCache,
  token: string,
): Promise<ResolvedSession | null> {
  const tokenHash = hashToken(token);
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const session = await readSession(tx, tokenHash);
  cache.keep(tokenHash, session);
  return session;
}

function buildSessionLookup(tx: Tx) {
  const now = sql.placeholder('now');
  return tx
    .select({
      lastSeenAt: sessions.lastSeenAt,
      csrfToken: sessions.csrfToken,
      id: users.id,
      role: users.role,
      staffRoles: users.staffRoles,
      email: users.email,
      ownerName: users.ownerName,
      companyName: users.companyName,
      customerCode: users.customerCode,
      country: users.country,
      lang: users.lang,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
}

// NOTE: every signed-in request that misses the session cache runs this; prepared once per
// database and named, so neither Drizzle nor PostgreSQL plans it again.
const sessionLookup = prepared('session_lookup', buildSessionLookup);

async function readSession(tx: Tx, tokenHash: string): Promise<ResolvedSession | null> {
  const now = new Date();
  const rows = await sessionLookup(tx, {
    tokenHash,
    now,
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS),
  });
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
  }
  const { lastSeenAt: _seen, csrfToken, ...user } = row;
  return { user, tokenHash, csrfToken };
}

/** Revokes one session (logout), forgotten by this app's cache at once. */
export async function revokeSession(tx: Tx, cache: SessionCache, tokenHash: string): Promise<void> {
  cache.delete(tokenHash);
  await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
}

/**
 * Revokes every session of a user, except optionally the current one (password change or reset);
 * `cache`: the app's session cache, which forgets them at once (none in the staff:create command).
 */
export async function revokeUserSessions(
  tx: Tx,
  cache: SessionCache | undefined,
  userId: number,
  exceptTokenHash?: string,
): Promise<void> {
  cache?.forgetUser(userId, exceptTokenHash);
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : sql`true`,
      ),
    );
}

/**
 * The original front end passes user_id in queries (docs/product/accounts.md); it is accepted for compatibility only. A value that is not
 * the caller's own id answers 403 (docs/decisions/002-country-and-identity.md).
 */
export function assertOwnUserId(user: SessionUser, userId: unknown): void {
  if (userId === undefined || userId === null || userId === '') return;
  if (String(userId).trim() !== String(user.id))
    throw new AppError('FORBIDDEN', 'This user_id is not yours');
}
