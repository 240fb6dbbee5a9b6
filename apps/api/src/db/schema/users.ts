import { sql } from 'drizzle-orm';
import { PAYMENT_TERMS } from '@wholesale/contract';
import {
  check,
  index,
  pgTable,
  text,
  uniqueIndex,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import {
  belongsTo,
  instant,
  createdAt,
  updatedAt,
  rowId,
  happenedAt,
  counter,
  country,
  language,
  flag,
} from './columns';
import { STAFF_ROLES } from '@wholesale/contract';

/** Customers and staff. A customer belongs to one country's price list. */
export const users = pgTable(
  'users',
  {
    id: rowId(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['customer', 'staff'] })
      .notNull()
      .default('customer'),
    ownerName: text('owner_name').notNull(),
    companyName: text('company_name'),
    customerCode: text('customer_code'),
    country: country().default('ca'),
    lang: language().default('en'),
    isActive: flag('is_active', true),
    /** false: no accepted/cancelled order mails (the shipped mail always goes). */
    orderStatusMails: flag('order_status_mails', true),
    /** What a staff member may do (docs/product/back-office-staff-and-customers.md); empty for customers. */
    staffRoles: text('staff_roles', { enum: STAFF_ROLES })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** A note staff keep about a customer; never shown to the customer. */
    staffNote: text('staff_note'),
    lastSignInAt: instant('last_sign_in_at'),
    /** Payment terms of the account, shown at checkout and frozen on each order. */
    paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull().default('net_30'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_customer_code_uq').on(t.customerCode),
    index('users_names_trgm_idx').using(
      'gin',
      sql`(coalesce(${t.ownerName}, '') || ' ' || coalesce(${t.companyName}, '')) gin_trgm_ops`,
    ),
    check(
      'users_staff_roles_known',
      sql`${t.staffRoles} <@ ARRAY['admin','credit','orders','content']::text[]`,
    ),
    index('users_search_trgm').using(
      'gin',
      sql`(lower(${t.ownerName} || ' ' || ${t.email} || ' ' || coalesce(${t.customerCode}, '') || ' ' || coalesce(${t.companyName}, ''))) gin_trgm_ops`,
    ),
  ],
);

/**
 * A secret a user holds (a session, a reset link, a device cookie): the table keeps only its hash,
 * the owner (deleted with the user) and what `columns` add; looked up by owner to revoke them all.
 */
function userSecrets<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  columns: C,
) {
  return pgTable(
    name,
    {
      tokenHash: text('token_hash').primaryKey(),
      userId: belongsTo('user_id', () => users.id),
      ...columns,
    },
    (t) => [index(`${name}_user_idx`).on(t.userId)],
  );
}

/** Opaque session tokens, stored as SHA-256 hashes (docs/decisions/005-cookie-plus-bearer-sessions.md). */
export const sessions = userSecrets('sessions', {
  createdAt: createdAt(),
  lastSeenAt: happenedAt('last_seen_at'),
  expiresAt: instant('expires_at').notNull(),
  revokedAt: instant('revoked_at'),
  csrfToken: text('csrf_token').notNull(),
  userAgent: text('user_agent'),
  ip: text('ip'),
});

/** Single-use tokens for password reset and first password set, stored hashed. */
export const passwordTokens = userSecrets('password_tokens', {
  purpose: text('purpose', { enum: ['reset', 'set'] })
    .notNull()
    .default('reset'),
  createdAt: createdAt(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/**
 * Sign-in throttle (decision 015): one row per key (`email:…`, `ip:…`, `device:…`, `user:…`),
 * claimed and counted by one statement so parallel attempts cannot all pass the check.
 */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  failures: counter('failures'),
  /** No attempt under this key is evaluated before this instant (per-account delay). */
  notBefore: instant('not_before')
    .notNull()
    .default(sql`'epoch'`),
  /** Start of the counting window (per-IP ceiling). */
  windowStart: happenedAt('window_start'),
});

/** Devices a user signed in from (a cookie holds the raw token, this table its hash). */
export const knownDevices = userSecrets('known_devices', {
  createdAt: createdAt(),
  lastUsedAt: happenedAt('last_used_at'),
});
