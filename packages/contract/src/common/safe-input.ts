import { z } from 'zod';

/**
 * The shared rules for input that reaches the database (docs/product/operations.md "Bad input"):
 * PostgreSQL refuses a NUL character in text and an integer id outside 1..2^31-1, and an order line
 * must stay within what its money columns hold. Every route uses these, so such input is answered
 * 400 naming the field instead of failing in the database.
 */

/** The largest value of a PostgreSQL `integer` (serial ids, quantities). */
export const MAX_DATABASE_INTEGER = 2_147_483_647;

export const NUL_MESSAGE = 'must not contain a NUL character';

/** True when a text holds U+0000, which PostgreSQL text columns cannot store. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/**
 * What no request may carry in any text: U+0000 (PostgreSQL cannot store it), and the Unicode
 * embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069), which make a text
 * display in another order than it is written ("Trojan source"): a company name or PO number
 * could read one way to staff and be another. The plain direction marks (U+200E, U+200F) stay.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const DIRECTION_CONTROLS = new RegExp(DIRECTION_CONTROL.source, 'g');

/** Where a request holds text it may not, and which kind. */
export type UnsafeText = { path: string; kind: 'nul' | 'direction' };

/**
 * What unsafe character one text holds (a NUL before a direction control), or null: the check of
 * a single value, for text that does not come in a request (an import file's cells).
 */
export function unsafeTextKind(text: string): UnsafeText['kind'] | null {
  return hasNul(text) ? 'nul' : DIRECTION_CONTROL.test(text) ? 'direction' : null;
}

const UNSAFE_CHARACTERS = new RegExp(`\\u0000|${DIRECTION_CONTROL.source}`, 'g');

/**
 * The text with each NUL and direction control written as its code point ("[U+202E]"): how a
 * refused value is kept and shown, since the character itself would reorder what staff read, and
 * PostgreSQL (jsonb and text alike) cannot store a NUL.
 */
export function revealUnsafeText(text: string): string {
  return text.replace(
    UNSAFE_CHARACTERS,
    (c) => `[U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}

const unsafeAt = (text: string, path: string[]): UnsafeText | null => {
  const kind = unsafeTextKind(text);
  return kind && { path: path.join('.') || 'body', kind };
};

/**
 * The dotted path of the first string holding an unsafe character anywhere in a parsed query,
 * body or params (object keys count too, named without it), or null. Applied to every request
 * before its schema.
 */
export function findUnsafeText(value: unknown, path: string[] = []): UnsafeText | null {
  if (typeof value === 'string') return unsafeAt(value, path);
  if (path.length > 32) return null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findUnsafeText(item, [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const inKey = unsafeAt(key, [
        ...path,
        key.replaceAll('\u0000', '').replace(DIRECTION_CONTROLS, ''),
      ]);
      if (inKey) return inKey;
      const found = findUnsafeText(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

/** Parsed JSON and query objects only: file parts, streams and buffers are not walked. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  // A query parser's object may inherit from a prototype-less object (fast-querystring does).
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** Text that can be stored: at most `max` characters, no NUL. */
export function safeText(max: number, label = 'This text') {
  return z
    .string()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .refine((s) => !hasNul(s), { message: `${label} ${NUL_MESSAGE}` });
}

/**
 * A database id in a path, query or body (digits accepted): a whole number in 1..2^31-1, so an
 * id the database cannot hold is a 400 naming the field, not a failed query.
 */
export function idSchema(label: string) {
  return countField(
    MAX_DATABASE_INTEGER,
    `${label} must be a whole number from 1 to ${MAX_DATABASE_INTEGER}`,
  );
}

/**
 * A required text, trimmed: missing, not a string and blank all answer `required`; a text longer
 * than `max` answers `tooLong` (zod's own words where none is given).
 */
export function requiredText(max: number, required: string, tooLong?: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, tooLong === undefined ? undefined : { error: tooLong });
}

/** A product's SKU code as a query or body names it. */
export const ProductIdText = requiredText(64, 'product_id is required');

/**
 * A whole number from 1 to `max` in a path, query or body (digits accepted): an id, a page, a page
 * size. `notWhole` answers what is not a whole number, `tooSmall` a number below 1 and `tooLarge`
 * one above `max`; each defaults to the one before it, so one text can answer all three.
 */
export function countField(
  max: number,
  notWhole: string,
  tooSmall = notWhole,
  tooLarge = tooSmall,
) {
  return z.coerce
    .number({ error: notWhole })
    .int({ error: notWhole })
    .min(1, { error: tooSmall })
    .max(max, { error: tooLarge });
}

/**
 * A customer's number (their user id) as a staff filter or path names it: a number the database
 * cannot hold is refused like any other that is not a customer's, naming the field.
 */
export const CustomerNumber = countField(
  MAX_DATABASE_INTEGER,
  'customer_id must be a customer number',
);

/** The page and page size of a staff list (customers, staff, audit log): up to 100 a page. */
export function staffPageFields(perPage: number) {
  return {
    page: countField(100_000, 'Page must be a whole number of at least 1').default(1),
    per_page: countField(100, 'Per page must be between 1 and 100').default(perPage),
  };
}

/**
 * Ship packs one cart or order line may hold unless the server is configured otherwise
 * (MAX_LINE_PACKS): far above any real wholesale order, far below what overflows a line total.
 */
export const DEFAULT_MAX_LINE_PACKS = 10_000;

/** The 400 text for a line above the maximum. */
export function maxLinePacksMessage(max: number): string {
  return `Quantity must be at most ${max} ship packs per line`;
}
