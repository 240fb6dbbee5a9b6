import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { country, createdAt, rowId, flag } from './columns';
import { ownedByUser } from './user-columns';

/**
 * A customer account's address book: ship-to addresses, at most one the default (preselected at
 * checkout), at most one the billing address.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: rowId(),
    userId: ownedByUser(),
    label: text('label').notNull(),
    company: text('company').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    /** Province or territory (ca) or state (us) code: decides the estimated sales taxes. */
    region: text('region').notNull(),
    postalCode: text('postal_code').notNull(),
    country: country(),
    isDefault: flag('is_default', false),
    /** The account's billing address (from its application); at most one, never removed. */
    isBilling: flag('is_billing', false),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_addresses_user_idx').on(t.userId),
    uniqueIndex('customer_addresses_one_default_uq')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    uniqueIndex('customer_addresses_one_billing_uq')
      .on(t.userId)
      .where(sql`${t.isBilling}`),
  ],
);
