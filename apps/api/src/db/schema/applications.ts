import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, updatedAt } from './columns';
import { APPLICATION_STATUSES, LANGS } from '@wholesale/contract';
import { users } from './users';

/**
 * Trade credit applications (docs/product/registration.md). Searchable facts are plain columns; the
 * other non-sensitive answers sit in `form`; bank details, SSN, driver's licence and card
 * holder/type/expiry are only in `sensitive`, sealed with AES-256-GCM (lib/crypto.ts).
 * No card number or CVV is ever collected.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    /** 'ca' or 'us' as in every other table (migration 0017); the wire still says usa. */
    country: text('country', { enum: ['ca', 'us'] }).notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    lang: text('lang', { enum: LANGS }).notNull().default('en'),
    companyName: text('company_name').notNull(),
    ownerName: text('owner_name').notNull(),
    email: text('email').notNull(),
    businessEmail: text('business_email').notNull(),
    /** Every non-sensitive answer of the form, keyed by its docs/product/registration.md wire name. */
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    /** enc:v1:<key id>:... of the JSON of the sensitive answers. */
    sensitive: text('sensitive').notNull(),
    cardAuthorized: boolean('card_authorized').notNull(),
    termsAcknowledged: boolean('terms_acknowledged').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    reviewedAt: instant('reviewed_at'),
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    reviewedByEmail: text('reviewed_by_email'),
    rejectionReason: text('rejection_reason'),
    customerUserId: integer('customer_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The customer code of the account an approval created. */
    customerCode: text('customer_code'),
  },
  (t) => [
    index('applications_status_created_idx').on(t.status, t.createdAt),
    // One pending application per e-mail (answered 409 by POST /api/store/user).
    uniqueIndex('applications_pending_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Officers of an incorporated applicant, in the order entered. */
export const applicationOfficers = pgTable(
  'application_officers',
  {
    id: serial('id').primaryKey(),
    applicationId: belongsTo('application_id', () => applications.id),
    position: integer('position').notNull(),
    name: text('name').notNull().default(''),
    title: text('title').notNull().default(''),
    address: text('address').notNull().default(''),
  },
  (t) => [index('application_officers_app_idx').on(t.applicationId, t.position)],
);

/** Trade references of an applicant, in the order entered. */
export const applicationTradeReferences = pgTable(
  'application_trade_references',
  {
    id: serial('id').primaryKey(),
    applicationId: belongsTo('application_id', () => applications.id),
    position: integer('position').notNull(),
    name: text('name').notNull().default(''),
    telephone: text('telephone').notNull().default(''),
    fax: text('fax').notNull().default(''),
    contact: text('contact').notNull().default(''),
  },
  (t) => [index('application_trade_refs_app_idx').on(t.applicationId, t.position)],
);
