import { z } from 'zod';
import { optionalOrBlank } from './optional-input';

/*
 * Calendar dates in requests (filters, requested ship date, issue date, registration date): ONE
 * rule. A date is written YYYY-MM-DD and names a real day — month 01 to 12, the day within its
 * month, 29 February in leap years only (zod's ISO date format checks all three) — in a year the
 * business can mean. An impossible date answers 400 naming the field; it never reaches the database.
 */

/** The years a date in a request may name: old company registrations to far-off ship dates. */
export const DATE_YEARS = { min: 1900, max: 2100 } as const;

const isoDay = z.iso.date();

/** True when `value` is YYYY-MM-DD, a real calendar day, in DATE_YEARS. */
export function isCalendarDate(value: string): boolean {
  if (!isoDay.safeParse(value).success) return false;
  const year = Number(value.slice(0, 4));
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
}

/** The English refusal of a date field (the web shows ERROR_REASONS.DATE_INVALID translated). */
export const dateMessage = (field: string) =>
  `${field} must be a real date written YYYY-MM-DD, between ${DATE_YEARS.min} and ${DATE_YEARS.max}`;

/** How a date field is refused: its English text and the reason key the web translates. */
type DateRefusal = { message?: string; reason?: 'DATE_INVALID' | 'SHIP_DATE_INVALID' };

/**
 * A required date field. Its refusal carries `params.reason` so the API answers
 * `reason: { key, params: { field } }` beside the English text (plugins/errors.ts), which the web
 * shows in the user's language.
 */
export function dateField(field: string, refusal: DateRefusal = {}) {
  const message = refusal.message ?? dateMessage(field);
  return z
    .string({ message })
    .trim()
    .refine(isCalendarDate, {
      message,
      params: { reason: refusal.reason ?? 'DATE_INVALID', field },
    })
    .meta({ format: 'date' }); // the OpenAPI document says "date" (clients, the fuzzer)
}

/** An optional date field: absent or blank ('' from an empty form field) is undefined. */
export function optionalDateField(field: string, refusal: DateRefusal = {}) {
  return optionalOrBlank(dateField(field, refusal));
}

/**
 * An optional instant (an ISO date and time with its offset, as feeds page by `since`) whose year is
 * in DATE_YEARS: zod's datetime alone let year 0 through, which PostgreSQL cannot hold (a 500).
 */
export function optionalInstantField(field: string) {
  const message = `${field} must be an ISO date and time`;
  return z
    .string()
    .datetime({ offset: true, message })
    .refine((v) => isCalendarDate(v.slice(0, 10)), { message })
    .optional();
}
