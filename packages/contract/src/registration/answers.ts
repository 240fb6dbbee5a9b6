import { z } from 'zod';
import { REGISTRATION_MESSAGES as M } from './messages';
import { isCalendarDate } from '../common';
import { requiredText } from '../common/safe-input';

/**
 * The building blocks of the application forms' answers: required and optional texts, e-mails,
 * telephones, checkbox groups, Yes/No questions, the language and the card expiry and registration dates.
 */

const EMAIL_PATTERN = /^[A-Z0-9._%+'-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
/** Telephone numbers: digits with the usual separators, at least one digit (docs/product/registration.md "numeric"). */
const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]*$/;

export const MAX_TEXT = 200;

/** A required text: missing, non-string and blank all answer the same docs/product/registration.md message. */
export function required(message: string, max = MAX_TEXT) {
  return requiredText(max, message, M.tooLong);
}

/** An optional text; blank is allowed. */
export function optionalText(max = MAX_TEXT) {
  return z.string({ error: M.tooLong }).trim().max(max, { error: M.tooLong }).optional();
}

export function requiredEmail(message: string) {
  return required(message, 254).refine((v) => EMAIL_PATTERN.test(v), { error: M.invalidEmail });
}

export function requiredPhone(message: string) {
  return required(message, 40).refine((v) => PHONE_PATTERN.test(v), { error: M.numeric });
}

export function optionalPhone() {
  return z
    .string({ error: M.numeric })
    .trim()
    .max(40, { error: M.tooLong })
    .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: M.numeric })
    .optional();
}

/** Checkbox groups arrive as an array, a single string (one box ticked) or false/undefined (none). */
export function multiSelect<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' && v !== '' ? [v] : []),
    z.array(z.enum(values)).max(values.length),
  );
}
export const YesNo = z.enum(['Yes', 'No'], { error: M.yesNo });
/** An unanswered Yes/No question is '' (docs/product/registration.md: caslConsent defaults to empty). */
export const YesNoOrEmpty = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z.enum(['Yes', 'No', ''], { error: M.yesNo }),
);

/** 'YYYY-MM' → { year, month } or null. */
export function parseExpiry(value: string): { year: number; month: number } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12 || year < 2000 || year > 2100) return null;
  return { year, month };
}

/** A card is valid through the end of its expiry month; only earlier months are in the past. */
export function isExpiryInPast(value: string, now: Date = new Date()): boolean {
  const e = parseExpiry(value);
  if (!e) return false;
  return e.year * 12 + e.month < now.getFullYear() * 12 + (now.getMonth() + 1);
}

/** The first month the expiry picker offers: the current month ('YYYY-MM'). */
export function firstAllowedExpiry(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** Company registration date: optional calendar date ('YYYY-MM-DD'), not after today. */
export const RegistrationDate = z
  .string({ error: M.registrationDateInvalid })
  .trim()
  .refine((v) => v === '' || isCalendarDate(v), { error: M.registrationDateInvalid })
  .refine(
    (v) =>
      v === '' ||
      !isCalendarDate(v) ||
      v <= new Date(Date.now() + 14 * 3600_000).toISOString().slice(0, 10),
    {
      error: M.registrationDateFuture,
    },
  )
  .optional();

export const ExpiryDate = z
  .string({ error: M.expiryRequired })
  .trim()
  .min(1, { error: M.expiryRequired })
  .refine((v) => parseExpiry(v) !== null, { error: M.expiryInvalid })
  .refine((v) => !isExpiryInPast(v), { error: M.expiryPast });

export const Lang = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? 'en' : v === 'sp' ? 'es' : v),
  z.enum(['en', 'fr', 'es']),
);
