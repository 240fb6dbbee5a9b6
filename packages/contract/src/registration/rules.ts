import { z } from 'zod';
import { REGISTRATION_MESSAGES as M } from './messages';
import { checkPostalCode } from '../addresses/postal';
import { isQuebec } from './choices';

/** The cross-field rules of the application forms: the conditional answers and the postal codes. */

function isBlank(v: unknown): boolean {
  return typeof v !== 'string' || v.trim() === '';
}

/** True when a checkbox group's value (an array, or one ticked box as a string) has `value` ticked. */
function isTicked(group: unknown, value: string): boolean {
  return Array.isArray(group) ? group.includes(value) : group === value;
}

/**
 * The answers asked only when another answer says so, and then required (docs/product/registration.md):
 * QST of Quebec businesses (Canadian form), the former customer name when formerCustomer is Yes, the
 * other business type when 'other' is ticked. The schemas and the web form read the same rules.
 */
export const CONDITIONAL_ANSWERS = {
  billing_qst: { on: 'billing_prov', asked: isQuebec, message: M.qst },
  formerName: {
    on: 'formerCustomer',
    asked: (answer: unknown) => answer === 'Yes',
    message: M.formerName,
  },
  otherType: {
    on: 'businessRegistered',
    asked: (answer: unknown) => isTicked(answer, 'other'),
    message: M.otherType,
  },
} as const;
export type ConditionalAnswer = keyof typeof CONDITIONAL_ANSWERS;

/** True when `name` is one of the conditional answers and the answer it depends on asks it. */
export function isConditionallyAsked(
  name: ConditionalAnswer,
  values: Partial<Record<string, unknown>>,
): boolean {
  const rule = CONDITIONAL_ANSWERS[name];
  return rule.asked(values[rule.on]);
}

/**
 * Refines a form's schema with the conditional answers it has. NOTE: `when: () => true` so these
 * rules also report while other fields are still invalid (the form validates on blur and must show
 * every message at once on submit).
 */
export function withConditionalRules<S extends z.ZodType<Partial<Record<string, unknown>>>>(
  schema: S,
  names: readonly ConditionalAnswer[],
): S {
  const refined = names.reduce(
    (s, name) =>
      s.refine((v) => !(v && isConditionallyAsked(name, v) && isBlank(v[name])), {
        path: [name],
        error: CONDITIONAL_ANSWERS[name].message,
        when: () => true,
      }) as unknown as S,
    schema,
  );
  return withPostalRules(refined);
}

/** Each form's addresses as [province or state field, postal or ZIP code field]. */
const POSTAL_FIELDS = {
  ca: [
    ['billing_prov', 'billing_pc'],
    ['shipping_prov', 'shipping_pc'],
    ['owner_prov', 'owner_postal_code'],
    ['bank_province', 'bank_postal_code'],
  ],
  us: [
    ['billing_state', 'billing_zip'],
    ['shipping_state', 'shipping_zip'],
    ['owner_state', 'owner_zip'],
    ['bank_state', 'bank_zip'],
  ],
} as const;

const POSTAL_MESSAGES = {
  ca: { format: M.postalCodeFormat, region: M.postalCodeProvince },
  us: { format: M.zipFormat, region: M.zipState },
} as const;

/**
 * The postal-code rule of each address of the form (docs/product/registration.md): a postal code
 * (ca) or ZIP code (us) written the country's way and belonging to the address's province or state
 * (addresses/postal.ts). A blank code is left to its field's own "required" message. NOTE: `when:
 * () => true` as for the conditional answers, so these report with the other messages on submit.
 */
function withPostalRules<S extends z.ZodType<Partial<Record<string, unknown>>>>(schema: S): S {
  return schema.superRefine(
    (v, ctx) => {
      if (!v) return;
      const country = v.country === 'ca' ? 'ca' : 'us';
      for (const [regionField, postalField] of POSTAL_FIELDS[country]) {
        const postal = v[postalField];
        if (typeof postal !== 'string' || postal.trim() === '') continue;
        const region = typeof v[regionField] === 'string' ? (v[regionField] as string) : '';
        const check = checkPostalCode(country, region, postal);
        if (!check.ok)
          ctx.addIssue({
            code: 'custom',
            path: [postalField],
            message: POSTAL_MESSAGES[country][check.problem],
          });
      }
    },
    { when: () => true },
  ) as unknown as S;
}
