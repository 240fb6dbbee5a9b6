import { z } from 'zod';
import { listResponse } from '../common';
import { optionalDateField } from '../common/dates';
import { staffPageFields } from '../common/safe-input';

/**
 * Everything the audit log writes rows about (its `entity`): the API's audit writer accepts only
 * these, and /admin/audit offers each as a filter with a translated name, so a new kind of audited
 * thing cannot be written without appearing in the filter.
 */
export const AUDIT_ENTITIES = [
  'staff',
  'customer',
  'order',
  'application',
  'content',
  'product',
  'import',
  'webhook',
  'webhook_delivery',
  'integration_token',
  'mail',
  'category',
  'product_class',
  'brand',
  'store_identity',
  'credit_account',
  'invoice',
  'payment',
  'credit_note',
  'return',
  'tax_exemption',
  'price_list',
  'customer_group',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Field names whose values never go into the audit log (passwords, tokens, secrets, keys). */
const SECRET_FIELD = /pass(word)?|secret|token|hash|sensitive|api[_-]?key|private/i;
export const REDACTED = '[redacted]';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function redactValue(value: unknown): Json {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redactValue);
  if (value && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (inner === undefined) continue;
      out[key] = SECRET_FIELD.test(key) ? REDACTED : redactValue(inner);
    }
    return out;
  }
  if (typeof value === 'bigint') return value.toString();
  return value as Json;
}

/**
 * What the audit log keeps of a change: the fields whose values differ between `before` and `after`
 * (a created thing has no before, a removed one no after), secrets replaced by "[redacted]" — so a
 * changed secret shows that it changed, never what it is.
 */
export function auditDiff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, Json> | null; after: Record<string, Json> | null } {
  const b = before ? (redactValue(before) as Record<string, Json>) : null;
  const a = after ? (redactValue(after) as Record<string, Json>) : null;
  if (!b || !a) return { before: b, after: a };
  const keptBefore: Record<string, Json> = {};
  const keptAfter: Record<string, Json> = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    const rawBefore = before?.[key];
    const rawAfter = after?.[key];
    const differs = SECRET_FIELD.test(key)
      ? JSON.stringify(secretFingerprint(rawBefore)) !== JSON.stringify(secretFingerprint(rawAfter))
      : JSON.stringify(b[key] ?? null) !== JSON.stringify(a[key] ?? null);
    if (!differs) continue;
    if (key in b) keptBefore[key] = b[key];
    if (key in a) keptAfter[key] = a[key];
  }
  return { before: keptBefore, after: keptAfter };
}

/** A secret field's raw value, only to tell whether it changed (never stored). */
function secretFingerprint(value: unknown): string {
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .optional()
    .transform((v) => v || undefined);

// The one date rule of requests (common/dates.ts): YYYY-MM-DD, a real day, in DATE_YEARS. Its own
// shape check let through year 0 and 9999-12-31 (whose day after is 10000-01-01), no timestamps
// in PostgreSQL: a 500.
const optionalDate = (field: string) =>
  optionalDateField(field.toLowerCase(), { message: `${field} must be a date (YYYY-MM-DD)` });

/** GET /api/admin/audit: filters by actor (e-mail, part of it), action, entity, date range. */
export const AdminAuditQuery = z.object({
  actor: optionalText('Actor', 254),
  action: optionalText('Action', 100),
  entity: optionalText('Entity', 100),
  entity_id: optionalText('Entity id', 100),
  from: optionalDate('From'),
  to: optionalDate('To'),
  ...staffPageFields(50),
});
export type AdminAuditQuery = z.output<typeof AdminAuditQuery>;

export const AuditEntryDto = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryDto = z.infer<typeof AuditEntryDto>;

export const AdminAuditResponse = listResponse(AuditEntryDto);
export type AdminAuditResponse = z.infer<typeof AdminAuditResponse>;
