import { z } from 'zod';
import { REGISTRATION_MESSAGES as M, type RegistrationMessageKey } from './messages';
import { isCalendarDate, listResponse, dataResponse } from '../common';
import { requiredText } from '../common/safe-input';
import { checkPostalCode } from '../addresses/postal';

export { REGISTRATION_MESSAGES, type RegistrationMessageKey } from './messages';

/**
 * The registration wizard (docs/product/registration.md): one schema for step 1 and one per application form.
 * The same schemas drive react-hook-form (zodResolver, validation on blur) and POST /api/store/user,
 * so the messages cannot drift between the browser and the server.
 */

const EMAIL_PATTERN = /^[A-Z0-9._%+'-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
/** Telephone numbers: digits with the usual separators, at least one digit (docs/product/registration.md "numeric"). */
const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]*$/;

const MAX_TEXT = 200;

/** A required text: missing, non-string and blank all answer the same docs/product/registration.md message. */
function required(message: string, max = MAX_TEXT) {
  return requiredText(max, message, M.tooLong);
}

/** An optional text; blank is allowed. */
function optionalText(max = MAX_TEXT) {
  return z.string({ error: M.tooLong }).trim().max(max, { error: M.tooLong }).optional();
}

function requiredEmail(message: string) {
  return required(message, 254).refine((v) => EMAIL_PATTERN.test(v), { error: M.invalidEmail });
}

function requiredPhone(message: string) {
  return required(message, 40).refine((v) => PHONE_PATTERN.test(v), { error: M.numeric });
}

function optionalPhone() {
  return z
    .string({ error: M.numeric })
    .trim()
    .max(40, { error: M.tooLong })
    .refine((v) => v === '' || PHONE_PATTERN.test(v), { error: M.numeric })
    .optional();
}

/** Checkbox groups arrive as an array, a single string (one box ticked) or false/undefined (none). */
function multiSelect<T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === 'string' && v !== '' ? [v] : []),
    z.array(z.enum(values)).max(values.length),
  );
}

const YesNo = z.enum(['Yes', 'No'], { error: M.yesNo });
/** An unanswered Yes/No question is '' (docs/product/registration.md: caslConsent defaults to empty). */
const YesNoOrEmpty = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z.enum(['Yes', 'No', ''], { error: M.yesNo }),
);

export const BUSINESS_REGISTRATIONS = [
  'corporation',
  'partnership',
  'soleProprietor',
  'other',
] as const;
export type BusinessRegistration = (typeof BUSINESS_REGISTRATIONS)[number];
export const CA_INVOICE_METHODS = ['fax', 'email'] as const;
export const USA_INVOICE_METHODS = ['fax', 'mail', 'email'] as const;
export const CARD_TYPES = ['visa', 'mastercard'] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Canadian provinces and territories (billing, shipping, owner and bank province selects). */
export const CA_PROVINCES = [
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NS',
  'NT',
  'NU',
  'ON',
  'PE',
  'QC',
  'SK',
  'YT',
] as const;
/** US states, DC and territories. */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'PR',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

/** docs/product/registration.md: QST is asked only of Quebec businesses. Accepts the code or the name, any case or accent. */
export function isQuebec(province: unknown): boolean {
  if (typeof province !== 'string') return false;
  const p = province
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return p === 'qc' || p === 'quebec' || p === 'que' || p === 'pq';
}

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
const RegistrationDate = z
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

const ExpiryDate = z
  .string({ error: M.expiryRequired })
  .trim()
  .min(1, { error: M.expiryRequired })
  .refine((v) => parseExpiry(v) !== null, { error: M.expiryInvalid })
  .refine((v) => !isExpiryInPast(v), { error: M.expiryPast });

/** One officer of an incorporated company (docs/product/registration.md). Blank entries are allowed and dropped. */
export const Officer = z.object({
  name: optionalText(),
  title: optionalText(),
  address: optionalText(300),
});
export type Officer = z.infer<typeof Officer>;
/** One trade reference (docs/product/registration.md): telephone numeric. */
export const TradeReference = z.object({
  name: optionalText(),
  telephone: optionalPhone(),
  fax: optionalPhone(),
  contact: optionalText(),
});
export type TradeReference = z.infer<typeof TradeReference>;

export const MAX_LIST_ENTRIES = 20;

/** True when every field of a list entry is blank (such entries are not stored). */
export function isBlankEntry(entry: Record<string, string | undefined>): boolean {
  return Object.values(entry).every((v) => (v ?? '').trim() === '');
}

const Lang = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? 'en' : v === 'sp' ? 'es' : v),
  z.enum(['en', 'fr', 'es']),
);

/** Fields common to both forms; each form adds its own address and tax fields. */
/** The application form's honeypot field: hidden from people; a value in it marks a bot. */
export const HONEYPOT_FIELD = 'url';

const commonFields = {
  lang: Lang.optional(),
  company_name: required(M.companyName),
  company_registration_date: RegistrationDate,
  irs_business: required(M.irsBusiness),
  business_email: requiredEmail(M.email),
  website: required(M.website),
  ap_contact: required(M.apContact),
  businessRegistered: multiSelect(BUSINESS_REGISTRATIONS),
  otherType: optionalText(),
  formerCustomer: YesNo.default('No'),
  formerName: optionalText(),
  sale_manager: YesNoOrEmpty,
  caslConsent: YesNoOrEmpty,
  shipping_consignee_name: required(M.consigneeName),
  shipping_street: required(M.street),
  shipping_city: required(M.city),
  owner_name: required(M.ownerName),
  owner_address: required(M.ownerAddress, 300),
  owner_city: required(M.city),
  owner_phone: requiredPhone(M.telephone),
  email: requiredEmail(M.email),
  owner_driver_license: required(M.driverLicense, 60),
  officers: z.array(Officer).max(MAX_LIST_ENTRIES).default([]),
  trade: z.array(TradeReference).max(MAX_LIST_ENTRIES).default([]),
  bank_name: required(M.bankName),
  bank_account_number: required(M.bankAccountNumber, 60),
  bank_Tel: requiredPhone(M.bankTel),
  bank_account_mgr: required(M.bankAccountMgr),
  bank_address: required(M.bankAddress, 300),
  bank_city: required(M.city),
  cardholder_name: required(M.cardholderName),
  card_type: z.enum(CARD_TYPES, { error: M.cardType }),
  expiry_date: ExpiryDate,
  // docs/product/registration.md: the two required checkboxes (card storage authorization, terms acknowledgement).
  card_authorization: z.literal(true, { error: M.cardAuthorization }),
  terms_acknowledged: z.literal(true, { error: M.termsAcknowledged }),
  // Honeypot: hidden from people (and screen readers), so only a bot fills it.
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
};

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
function withConditionalRules<S extends z.ZodType<Partial<Record<string, unknown>>>>(
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
function withSectionChoices<T extends z.ZodRawShape>(form: 'ca' | 'us', object: z.ZodObject<T>) {
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

/** A form's schema: its answers, the section checkboxes, then the conditional answers it has. */
function applicationForm<T extends z.ZodRawShape>(
  form: 'ca' | 'us',
  object: z.ZodObject<T>,
  conditional: readonly ConditionalAnswer[],
) {
  return withConditionalRules(withSectionChoices(form, object), conditional);
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

/** docs/product/registration.md "NEW ACCOUNT APPLICATION" with the docs/product/registration.md Canadian payload and the docs/product/registration.md messages. */
export const CanadianApplication = applicationForm(
  'ca',
  z.object({
    ...commonFields,
    country: z.literal('ca', { error: M.countryInvalid }),
    billing_street: required(M.street),
    billing_city: required(M.city),
    billing_prov: required(M.province, 40),
    billing_pc: required(M.postalCode, 20),
    billing_telephone: requiredPhone(M.telephone),
    billing_gst: required(M.gst, 40),
    billing_pst: required(M.pst, 40),
    billing_qst: optionalText(40),
    business_type: required(M.businessTypeCa),
    business_license: required(M.businessLicense, 60),
    invoiceMethod: multiSelect(CA_INVOICE_METHODS),
    shipping_prov: required(M.shippingProv, 40),
    shipping_pc: required(M.shippingPc, 20),
    owner_prov: required(M.province, 40),
    owner_postal_code: required(M.postalCode, 20),
    owner_business_name: required(M.ownerBusinessName),
    bank_province: required(M.province, 40),
    bank_postal_code: required(M.bankPostalCode, 20),
  }),
  ['formerName', 'otherType', 'billing_qst'],
);
export type CanadianApplication = z.output<typeof CanadianApplication>;
export type CanadianApplicationInput = z.input<typeof CanadianApplication>;

/** docs/product/registration.md "USA ACCOUNT APPLICATION" with the docs/product/registration.md USA payload and the docs/product/registration.md messages. */
export const UsaApplication = applicationForm(
  'us',
  z.object({
    ...commonFields,
    // docs/product/registration.md: fixed to usa on this form; 'us' (the cflag cookie's spelling) is accepted too.
    country: z.enum(['usa', 'us'], { error: M.countryInvalid }),
    billing_street: required(M.street),
    billing_city: required(M.city),
    billing_state: required(M.state, 40),
    billing_zip: required(M.zip, 20),
    billing_telephone: requiredPhone(M.telephone),
    billing_fax: requiredPhone(M.fax),
    invoiceMethod: multiSelect(USA_INVOICE_METHODS),
    preferredCourier: required(M.preferredCourier),
    customsBroker: required(M.customsBroker),
    courierAccount: required(M.courierAccount, 60),
    business_type: required(M.businessTypeUsa),
    shipping_state: required(M.state, 40),
    shipping_zip: required(M.zip, 20),
    owner_state: required(M.state, 40),
    owner_zip: required(M.zip, 20),
    owner_social_security: required(M.socialSecurity, 20),
    bank_state: required(M.state, 40),
    bank_zip: required(M.zip, 20),
  }),
  ['formerName', 'otherType'],
);
export type UsaApplication = z.output<typeof UsaApplication>;
export type UsaApplicationInput = z.input<typeof UsaApplication>;

/** POST /api/store/user body: either form, told apart by `country`. */
export const StoreApplicationBody = z.discriminatedUnion(
  'country',
  [CanadianApplication, UsaApplication],
  {
    error: M.countryInvalid,
  },
);
export type StoreApplicationBody = z.output<typeof StoreApplicationBody>;

/** Step 1 'Personal Information' (docs/product/registration.md): owner name, e-mail, company country and language. */
export const RegistrationStep1 = z.object({
  owner_name: required(M.ownerNameRequired),
  owner_email: requiredEmail(M.ownerEmailRequired),
  country: z.enum(['ca', 'usa'], { error: M.countryRequired }),
  lang: z.enum(['en', 'fr', 'es']).default('en'),
});
export type RegistrationStep1 = z.output<typeof RegistrationStep1>;
export type RegistrationStep1Input = z.input<typeof RegistrationStep1>;

/** docs/product/registration.md: anything but ca gives the USA form. */
export function formForCountry(country: string | null | undefined): 'ca' | 'usa' {
  return (country ?? '').trim().toLowerCase() === 'ca' ? 'ca' : 'usa';
}

const MESSAGE_KEYS = new Map<string, RegistrationMessageKey>(
  (Object.entries(M) as [RegistrationMessageKey, string][]).map(([k, v]) => [v, k]),
);
/**
 * The key of an English registration message (for translation in the web), or null for other text.
 * NOTE: several keys share one English text ('City field is required'); any of them translates alike.
 */
export function registrationMessageKey(message: string | undefined): RegistrationMessageKey | null {
  return message ? (MESSAGE_KEYS.get(message) ?? null) : null;
}

// ---- Staff review ----

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** GET /api/admin/applications query. */
export const AdminApplicationsQuery = z.object({
  status: z
    .enum([...APPLICATION_STATUSES, 'all'], {
      error: 'Status must be pending, approved, rejected or all',
    })
    .default('pending'),
  country: z
    .enum(['ca', 'usa', 'us', ''], { error: 'Country must be ca or usa' })
    .optional()
    // Both spellings filter the stored 'us'.
    .transform((v) => (v === 'usa' ? 'us' : v || undefined)),
  search: z.string().trim().max(100, { error: 'Search is too long' }).optional(),
  page: z.coerce
    .number({ error: 'Page must be a whole number of at least 1' })
    .int()
    .min(1)
    .max(100000)
    .default(1),
  per_page: z.coerce
    .number({ error: 'Per page must be between 1 and 100' })
    .int()
    .min(1)
    .max(100)
    .default(25),
});
export type AdminApplicationsQuery = z.output<typeof AdminApplicationsQuery>;

/** One row of the staff list: no sensitive field. */
export const ApplicationSummary = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  country: z.enum(['ca', 'usa']),
  company_name: z.string(),
  owner_name: z.string(),
  email: z.string(),
  lang: z.enum(['en', 'fr', 'es']),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type ApplicationSummary = z.infer<typeof ApplicationSummary>;

export const ApplicationListResponse = listResponse(ApplicationSummary);
export type ApplicationListResponse = z.infer<typeof ApplicationListResponse>;

/** The decrypted application for staff: every submitted field, as submitted, plus review facts. */
export const ApplicationDetail = ApplicationSummary.extend({
  form: z.record(z.string(), z.unknown()),
  officers: z.array(Officer),
  trade: z.array(TradeReference),
  reviewed_by: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  customer_code: z.string().nullable(),
});
export type ApplicationDetail = z.infer<typeof ApplicationDetail>;

export const ApplicationDetailResponse = dataResponse(ApplicationDetail);
export type ApplicationDetailResponse = z.infer<typeof ApplicationDetailResponse>;

export const RejectApplicationBody = z.object({
  reason: requiredText(
    2000,
    'Please give a reason for the rejection',
    'The reason must be 2000 characters or fewer',
  ),
});
export type RejectApplicationBody = z.infer<typeof RejectApplicationBody>;

export const ApproveApplicationResponse = dataResponse(
  z.object({ user_id: z.number().int(), customer_code: z.string() }),
);
export type ApproveApplicationResponse = z.infer<typeof ApproveApplicationResponse>;

export { sampleCanadianApplication, sampleUsaApplication } from './samples';
