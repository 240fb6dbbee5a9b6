import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import {
  belongsTo,
  country,
  instant,
  createdAt,
  updatedAt,
  rowId,
  optionalLink,
  blankText,
  lifecycle,
  position,
  language,
} from './columns';
import { APPLICATION_STATUSES } from '@wholesale/contract';
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
    id: rowId(),
    /** 'ca' or 'us' as in every other table (migration 0017); the wire still says usa. */
    country: country(),
    status: lifecycle(APPLICATION_STATUSES, 'pending'),
    lang: language().default('en'),
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
    reviewedByUserId: optionalLink('reviewed_by_user_id', () => users.id, 'set null'),
    reviewedByEmail: text('reviewed_by_email'),
    rejectionReason: text('rejection_reason'),
    customerUserId: optionalLink('customer_user_id', () => users.id, 'set null'),
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

/**
 * A list the applicant fills in on the form, one row per entry in the order entered; an answer left
 * empty is kept as ''.
 */
function applicantList<N extends string, C extends Record<string, PgColumnBuilderBase>>(
  name: N,
  indexName: string,
  answers: C,
) {
  return pgTable(
    name,
    {
      id: rowId(),
      applicationId: belongsTo('application_id', () => applications.id),
      position: position(),
      ...answers,
    },
    (t) => [index(indexName).on(t.applicationId, t.position)],
  );
}

/** Officers of an incorporated applicant, in the order entered. */
export const applicationOfficers = applicantList(
  'application_officers',
  'application_officers_app_idx',
  { name: blankText('name'), title: blankText('title'), address: blankText('address') },
);

/** Trade references of an applicant, in the order entered. */
export const applicationTradeReferences = applicantList(
  'application_trade_references',
  'application_trade_refs_app_idx',
  {
    name: blankText('name'),
    telephone: blankText('telephone'),
    fax: blankText('fax'),
    contact: blankText('contact'),
  },
);
