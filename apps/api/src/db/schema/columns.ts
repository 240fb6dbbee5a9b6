import { sql } from 'drizzle-orm';
import { COUNTRIES, LANGS, ORDER_LINE_PRICE_REASONS, type TaxLine } from '@wholesale/contract';
import {
  boolean,
  check,
  customType,
  date,
  integer,
  jsonb,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Column builders the tables share, so a link or a creation time is declared one way everywhere.
 * Not exported from the schema index: they are not tables.
 */

/** A required link to the row this one belongs to: deleting that row deletes this one too. */
export function belongsTo<N extends string>(name: N, parent: () => AnyPgColumn) {
  return integer(name).notNull().references(parent, { onDelete: 'cascade' });
}

/**
 * A row that extends another one to one (a product's search document, a customer's trade
 * account): its key is the other row's, and deleting that row deletes this one too.
 */
export function extensionOf<N extends string>(name: N, parent: () => AnyPgColumn) {
  return integer(name).primaryKey().references(parent, { onDelete: 'cascade' });
}

/** A point in time, with its time zone (`timestamp with time zone`): every time the schema keeps. */
export function instant<N extends string>(name: N) {
  return timestamp(name, { withTimezone: true });
}

/** When the row was written, set by the database. */
export function createdAt() {
  return happenedAt('created_at');
}

/** When the row last changed: set by the database on insert, by the writer on each update. */
export function updatedAt() {
  return happenedAt('updated_at');
}

/**
 * The retry state of an outbox row (mails, webhook deliveries): a worker takes the pending rows
 * that are due, and on a failure counts the attempt, keeps the error and pushes the next try back.
 */
export function retryState() {
  return {
    attempts: counter('attempts'),
    nextAttemptAt: happenedAt('next_attempt_at'),
    lastError: text('last_error'),
  };
}

/**
 * What an order or invoice line keeps of the product it sold: the code and name of the day, so a
 * later rename or recode does not rewrite a placed order or an issued invoice.
 */
export function productAsSold() {
  return {
    productCode: text('product_code').notNull(),
    name: text('name').notNull(),
  };
}

/** How many ship packs a line holds and their prices in cents, frozen when the line is written. */
export function linePricing() {
  return {
    quantity: integer('quantity').notNull(),
    shipPack: integer('ship_pack').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  };
}

/**
 * Why a line costs its unitPriceCents: the catalogue's selling or sale price, or a price list. An
 * invoice line copies its order line's. Null on lines written before reasons were kept.
 */
export function linePriceReason() {
  return {
    priceReason: text('price_reason', { enum: ORDER_LINE_PRICE_REASONS }),
    /** The price list's id and name as they were at placing (a snapshot, not a link). */
    priceListId: integer('price_list_id'),
    priceListName: text('price_list_name'),
    /** Whom the list was given to: the customer by name, or a group of theirs. */
    priceListAssignee: text('price_list_assignee', { enum: ['customer', 'group'] }),
    /** The pack count the list's price starts at (its volume break). */
    priceMinPacks: integer('price_min_packs'),
  };
}

/** The checks that keep linePriceReason's two enumerations in the database, named after `table`. */
export function linePriceReasonChecks(
  table: string,
  t: { priceReason: AnyPgColumn; priceListAssignee: AnyPgColumn },
) {
  return [
    check(
      `${table}_price_reason_check`,
      sql`${t.priceReason} IS NULL OR ${t.priceReason} IN ('selling', 'sale', 'price_list')`,
    ),
    check(
      `${table}_price_list_assignee_check`,
      sql`${t.priceListAssignee} IS NULL OR ${t.priceListAssignee} IN ('customer', 'group')`,
    ),
  ];
}

/** The row's own key, numbered by the database. */
export function rowId() {
  return serial('id').primaryKey();
}

/**
 * An optional link to another row (who acted, who created it). The linked row cannot be deleted
 * while linked, unless `set null`: then deleting it clears the link.
 */
export function optionalLink<N extends string>(
  name: N,
  parent: () => AnyPgColumn,
  onDelete?: 'set null',
) {
  return integer(name).references(parent, onDelete ? { onDelete } : {});
}

/** When something happened, set by the database when the row is written unless the writer says. */
export function happenedAt<N extends string>(name: N) {
  return instant(name).notNull().defaultNow();
}

/** A tally that starts at zero (rows done, failures, stock on hand). */
export function counter<N extends string>(name: N) {
  return integer(name).notNull().default(0);
}

/** A text that is never null, empty until filled in (a form's optional answer). */
export function blankText<N extends string>(name: N) {
  return text(name).notNull().default('');
}

/** Where a row stands in its life cycle: one of `values`, starting at `initial`. */
export function lifecycle<U extends string, V extends Readonly<[U, ...U[]]>>(
  values: V,
  initial: V[number],
) {
  return text('status', { enum: values }).notNull().default(initial);
}

/** The place of a row in its parent's ordered list (officers, pictures). */
export function position() {
  return integer('position').notNull();
}

/** The country a row is for, one of the store's two markets: it decides prices, stock and taxes. */
export function country() {
  return text('country', { enum: COUNTRIES }).notNull();
}

/** The language a row is written in, or a person reads (translations, mails, invoices). */
export function language() {
  return text('lang', { enum: LANGS }).notNull();
}

/** Sales taxes line by line ([{ kind, rate, amountCents }]) and their sum in cents. */
export function taxLines() {
  return {
    taxes: jsonb('taxes').$type<TaxLine[]>().notNull().default([]),
    taxCents: integer('tax_cents').notNull().default(0),
  };
}

/** What an invoice or credit note comes to: the lines before tax, the taxes, the total. */
export function documentAmounts() {
  return {
    subtotalCents: integer('subtotal_cents').notNull(),
    ...taxLines(),
    totalCents: integer('total_cents').notNull(),
  };
}

/** A yes or no that is never null, `initial` until someone sets it. */
export function flag<N extends string>(name: N, initial: boolean) {
  return boolean(name).notNull().default(initial);
}

/** A calendar day with no time of day (issued on, due on), read and written as 'YYYY-MM-DD'. */
export function calendarDay<N extends string>(name: N) {
  return date(name, { mode: 'string' });
}

/** A full-text search document (PostgreSQL `tsvector`), read back as its text. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
