import { isNotNull, sql } from 'drizzle-orm';
import { PRICE_LIST_CURRENCIES, PRICE_RULE_KINDS } from '@wholesale/contract';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, rowId, updatedAt, flag, calendarDay } from './columns';
import { categories, products } from './catalogue';
import { users } from './users';

/*
 * Customer prices (docs/product/pricing.md, docs/decisions/038-customer-prices.md): named price
 * lists of one currency, their entries, and who they are given to. The price a customer pays is
 * worked out by the contract's `priceFor` from the entries that apply to them; nothing here stores
 * a computed price.
 */

/** A named set of customers (a buying group, a chain) that lists can be given to together. */
export const customerGroups = pgTable(
  'customer_groups',
  { id: rowId(), name: text('name').notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('customer_groups_name_uq').on(t.name)],
);

export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    groupId: belongsTo('group_id', () => customerGroups.id),
    customerId: belongsTo('customer_id', () => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.customerId] }),
    index('customer_group_members_customer_idx').on(t.customerId),
  ],
);

export const priceLists = pgTable(
  'price_lists',
  {
    id: rowId(),
    name: text('name').notNull(),
    currency: text('currency', { enum: PRICE_LIST_CURRENCIES }).notNull(),
    active: flag('active', true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('price_lists_name_uq').on(t.name)],
);

/** One price: exactly one target (product, brand name or category), a rule, a first pack count, dates. */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    id: rowId(),
    listId: belongsTo('list_id', () => priceLists.id),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    brand: text('brand'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    minPacks: integer('min_packs').notNull().default(1),
    kind: text('kind', { enum: PRICE_RULE_KINDS }).notNull(),
    unitCents: integer('unit_cents'),
    basisPoints: integer('basis_points'),
    startsOn: calendarDay('starts_on'),
    endsOn: calendarDay('ends_on'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // NOTE: migration 0040 also keeps one entry per list, target, first pack count and first day
    // (unique index price_list_entries_uq, NULLS NOT DISTINCT: drizzle's index builder cannot say it),
    // so the ERP's upsert has one row to update.
    index('price_list_entries_product_idx').on(t.productId, t.listId).where(isNotNull(t.productId)),
    index('price_list_entries_brand_idx').on(t.brand, t.listId).where(isNotNull(t.brand)),
    index('price_list_entries_category_idx')
      .on(t.categoryId, t.listId)
      .where(isNotNull(t.categoryId)),
    check(
      'price_list_entries_one_target',
      sql`num_nonnulls(${t.productId}, ${t.brand}, ${t.categoryId}) = 1`,
    ),
    check(
      'price_list_entries_rule',
      sql`(${t.kind} = 'fixed' and ${t.unitCents} >= 0 and ${t.basisPoints} is null) or (${t.kind} = 'percent_off' and ${t.basisPoints} between 1 and 10000 and ${t.unitCents} is null)`,
    ),
    check('price_list_entries_min_packs', sql`${t.minPacks} >= 1`),
    check(
      'price_list_entries_dates',
      sql`${t.endsOn} is null or ${t.startsOn} is null or ${t.endsOn} >= ${t.startsOn}`,
    ),
  ],
);

/** A list given to one customer or to one group: exactly one of the two. */
export const priceListAssignments = pgTable(
  'price_list_assignments',
  {
    id: rowId(),
    listId: belongsTo('list_id', () => priceLists.id),
    customerId: integer('customer_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => customerGroups.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('price_list_assignments_customer_idx').on(t.customerId).where(isNotNull(t.customerId)),
    index('price_list_assignments_group_idx').on(t.groupId).where(isNotNull(t.groupId)),
    uniqueIndex('price_list_assignments_customer_uq')
      .on(t.listId, t.customerId)
      .where(isNotNull(t.customerId)),
    uniqueIndex('price_list_assignments_group_uq')
      .on(t.listId, t.groupId)
      .where(isNotNull(t.groupId)),
    check(
      'price_list_assignments_one_assignee',
      sql`num_nonnulls(${t.customerId}, ${t.groupId}) = 1`,
    ),
  ],
);
