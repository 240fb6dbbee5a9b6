import { z } from 'zod';
import { REGISTRATION_MESSAGES as M } from './messages';
import { MAX_TEXT } from './answers';

/**
 * The sections an applicant may skip with one checkbox (docs/product/registration.md): "SHIPPING
 * ADDRESS (IF DIFFERENT)" — "Same as billing address" — and "OWNER'S INFORMATION (if applicable)" —
 * "Not applicable". While the box is ticked the section's answers are not asked; unticked, each is
 * validated exactly as before (same schema, same messages). The owner's name and e-mail stay asked:
 * they come from step 1 and are the applicant's account.
 */
export const SECTION_CHOICES = {
  shipping_same_as_billing: {
    section: 'shipping',
    fields: [
      'shipping_consignee_name',
      'shipping_street',
      'shipping_city',
      'shipping_prov',
      'shipping_pc',
      'shipping_state',
      'shipping_zip',
    ],
  },
  owner_not_applicable: {
    section: 'owner',
    fields: [
      'owner_address',
      'owner_city',
      'owner_prov',
      'owner_postal_code',
      'owner_state',
      'owner_zip',
      'owner_phone',
      'owner_business_name',
      'owner_social_security',
      'owner_driver_license',
    ],
  },
} as const;
export type SectionChoice = keyof typeof SECTION_CHOICES;
type SkippableField = (typeof SECTION_CHOICES)[SectionChoice]['fields'][number];

/** The checkbox that skips the section `field` belongs to, or null when it cannot be skipped. */
export function sectionChoiceOf(field: string): SectionChoice | null {
  for (const [choice, rule] of Object.entries(SECTION_CHOICES) as [
    SectionChoice,
    (typeof SECTION_CHOICES)[SectionChoice],
  ][]) {
    if ((rule.fields as readonly string[]).includes(field)) return choice;
  }
  return null;
}

/** True when the answers say the section `choice` skips is not to be asked (its box is ticked). */
export function isSectionSkipped(
  choice: SectionChoice,
  values: Partial<Record<string, unknown>> | undefined,
): boolean {
  return values?.[choice] === true;
}

/** A section's checkbox: true (ticked), false or absent (unticked). */
const SectionFlag = z.boolean({ error: M.sectionChoice }).optional();

/**
 * The strict schema of each skippable answer of a form, as written in the form's object; the form
 * itself takes a loose one (blank allowed) and re-checks with this one unless the box is ticked.
 */
export const SKIPPABLE_FIELD_SCHEMAS: Record<'ca' | 'us', Partial<Record<string, z.ZodType>>> = {
  ca: {},
  us: {},
};

function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  return schema.safeParse(value).error?.issues[0]?.message;
}

/**
 * Adds the section checkboxes to a form: each skippable answer becomes optional in the shape (its
 * length limit kept) and a rule re-validates it with its own schema while its section is asked.
 * NOTE: `when: () => true` as in withConditionalRules: every message shows at once on submit.
 */
export function withSectionChoices<T extends z.ZodRawShape>(
  form: 'ca' | 'us',
  object: z.ZodObject<T>,
) {
  const strict = SKIPPABLE_FIELD_SCHEMAS[form];
  const loose: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(
    object.shape as unknown as Record<string, z.ZodType>,
  )) {
    if (!sectionChoiceOf(name)) continue;
    strict[name] = schema;
    const max = (schema as z.ZodString).maxLength ?? MAX_TEXT;
    loose[name] = z
      .string({ error: firstMessage(schema, undefined) })
      .trim()
      .max(max, { error: M.tooLong })
      .optional();
  }
  const extended = object.extend({
    shipping_same_as_billing: SectionFlag,
    owner_not_applicable: SectionFlag,
    ...(loose as { [K in keyof T & SkippableField]: z.ZodOptional<z.ZodString> }),
  });
  return Object.entries(strict).reduce(
    (s, [name, schema]) =>
      s.refine(
        (v) =>
          isSectionSkipped(sectionChoiceOf(name)!, v) ||
          schema!.safeParse((v as Record<string, unknown>)[name]).success,
        {
          path: [name],
          error: (issue) =>
            firstMessage(schema!, (issue.input as Record<string, unknown> | undefined)?.[name]),
          when: () => true,
        },
      ),
    extended,
  );
}

/**
 * The answers as stored (docs/product/registration.md): "Same as billing address" copies the
 * billing address into the shipping one (the company name as consignee), so staff and approval read
 * a real address; "Not applicable" drops the owner's skipped answers. Other answers are unchanged.
 */
export function applySectionChoices<A extends Record<string, unknown>>(answers: A): A {
  const out: Record<string, unknown> = { ...answers };
  if (isSectionSkipped('shipping_same_as_billing', answers)) {
    out.shipping_consignee_name = answers.company_name;
    out.shipping_street = answers.billing_street;
    out.shipping_city = answers.billing_city;
    for (const [to, from] of [
      ['shipping_prov', 'billing_prov'],
      ['shipping_pc', 'billing_pc'],
      ['shipping_state', 'billing_state'],
      ['shipping_zip', 'billing_zip'],
    ] as const) {
      if (from in answers) out[to] = answers[from];
      else delete out[to];
    }
  }
  if (isSectionSkipped('owner_not_applicable', answers)) {
    for (const name of SECTION_CHOICES.owner_not_applicable.fields) delete out[name];
  }
  return out as A;
}
