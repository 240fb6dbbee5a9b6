/**
 * The credit application as data (docs/product/registration.md): every answer of the Canadian and
 * USA forms once, with its section, label key, kind, whether it is sealed at rest
 * (docs/decisions/004-encryption-key-rotation.md), whether each country's form requires it and its
 * length limit. The zod schemas (./index.ts) stay the validators; fields.test.ts proves both list
 * the same answers. Readers: the web form (its sections, inputs and empty values), the staff page's
 * sections, the API's encryption list.
 */
import type { CanadianApplicationInput, UsaApplicationInput } from './forms';

/** The application form's values before validation: either form's schema input. */
export type ApplicationInput = CanadianApplicationInput | UsaApplicationInput;
/** The name of an answer on either form. */
export type ApplicationFieldName = keyof CanadianApplicationInput | keyof UsaApplicationInput;

/** A blank officer and trade reference (the form starts with one of each). */
export const EMPTY_OFFICER = { name: '', title: '', address: '' } as const;
export const EMPTY_TRADE_REFERENCE = { name: '', telephone: '', fax: '', contact: '' } as const;

/** The two application forms. `usa` (what the public form sends) is the wire spelling of `us`. */
export type ApplicationCountry = 'ca' | 'us';

export type ApplicationFieldKind =
  | 'text'
  | 'email'
  | 'phone'
  | 'url'
  | 'date'
  | 'month'
  | 'select'
  | 'radio'
  | 'yesNo'
  | 'checkbox'
  | 'checkboxes'
  | 'list'
  | 'hidden';

export type ApplicationField = {
  name: ApplicationFieldName;
  /** i18n key in the web's `registration` namespace. */
  label: `fields.${ApplicationFieldName}`;
  kind: ApplicationFieldKind;
  /** Sealed at rest, shown to staff only. */
  sensitive: boolean;
  /** Per form: true required, false optional; a country without a key does not ask it. */
  required: Partial<Record<ApplicationCountry, boolean>>;
  maxLength?: number;
  /**
   * The form's section for it, per form, where that differs from the section it is listed in (the
   * USA form gives the business registration, former customer, invoice, courier, business type,
   * consent and sales manager questions a section each; both forms ask for the terms
   * acknowledgement under the terms).
   */
  formSection?: Partial<Record<ApplicationCountry, string>>;
};

export type ApplicationSection = {
  /** i18n key suffix in `registration:sections.*`. */
  title: string;
  fields: readonly ApplicationField[];
};

type Options = Partial<
  Pick<ApplicationField, 'kind' | 'sensitive' | 'maxLength' | 'formSection'>
> & {
  /** Which forms ask it and whether they require it; default: both, required. */
  required?: Partial<Record<ApplicationCountry, boolean>>;
};

const BOTH = { ca: true, us: true } as const;
const OPTIONAL = { ca: false, us: false } as const;
const CA = { ca: true } as const;
const US = { us: true } as const;

function field(name: ApplicationFieldName, options: Options = {}): ApplicationField {
  const kind = options.kind ?? 'text';
  const textual = ['text', 'email', 'phone', 'url', 'select'].includes(kind);
  return {
    name,
    label: `fields.${name}`,
    kind,
    sensitive: options.sensitive ?? false,
    required: options.required ?? BOTH,
    ...(options.maxLength !== undefined || textual
      ? { maxLength: options.maxLength ?? (kind === 'email' ? 254 : kind === 'phone' ? 40 : 200) }
      : {}),
    ...(options.formSection ? { formSection: options.formSection } : {}),
  };
}

const sealed = (name: ApplicationFieldName, options: Options = {}) =>
  field(name, { ...options, sensitive: true });

/** An address's province and postal code (Canadian form) and state and ZIP (USA form), in that order. */
function region(
  make: typeof field,
  [prov, state, postal, zip]: readonly [
    ApplicationFieldName,
    ApplicationFieldName,
    ApplicationFieldName,
    ApplicationFieldName,
  ],
): ApplicationField[] {
  return [
    make(prov, { kind: 'select', required: CA, maxLength: 40 }),
    make(state, { kind: 'select', required: US, maxLength: 40 }),
    make(postal, { required: CA, maxLength: 20 }),
    make(zip, { required: US, maxLength: 20 }),
  ];
}

/** The sections in the order of docs/product/registration.md (the staff page's order). */
export const APPLICATION_SECTIONS: readonly ApplicationSection[] = [
  {
    title: 'company',
    fields: [
      field('company_name'),
      field('company_registration_date', { kind: 'date', required: OPTIONAL }),
    ],
  },
  {
    title: 'billing',
    fields: [
      field('billing_street'),
      field('billing_city'),
      ...region(field, ['billing_prov', 'billing_state', 'billing_pc', 'billing_zip']),
      field('billing_telephone', { kind: 'phone' }),
      field('billing_fax', { kind: 'phone', required: US }),
      field('billing_gst', { required: CA, maxLength: 40 }),
      field('billing_pst', { required: CA, maxLength: 40 }),
      // Required of Quebec businesses only (a rule of the Canadian schema).
      field('billing_qst', { required: { ca: false }, maxLength: 40 }),
      field('business_type', { formSection: { us: 'businessType' } }),
      field('business_license', { required: CA, maxLength: 60 }),
      field('irs_business'),
      field('business_email', { kind: 'email' }),
      field('website', { kind: 'url' }),
      field('ap_contact'),
      field('businessRegistered', {
        kind: 'checkboxes',
        required: OPTIONAL,
        formSection: { us: 'businessRegistered' },
      }),
      // Required when 'other' is ticked.
      field('otherType', { required: OPTIONAL, formSection: { us: 'businessRegistered' } }),
      field('formerCustomer', {
        kind: 'yesNo',
        required: OPTIONAL,
        formSection: { us: 'formerCustomer' },
      }),
      // Required when formerCustomer is Yes.
      field('formerName', { required: OPTIONAL, formSection: { us: 'formerCustomer' } }),
      field('invoiceMethod', {
        kind: 'checkboxes',
        required: OPTIONAL,
        formSection: { us: 'invoiceMethod' },
      }),
      field('preferredCourier', { required: US, formSection: { us: 'courier' } }),
      field('customsBroker', { required: US, formSection: { us: 'courier' } }),
      field('courierAccount', { required: US, maxLength: 60, formSection: { us: 'courier' } }),
      field('sale_manager', {
        kind: 'yesNo',
        required: OPTIONAL,
        formSection: { us: 'salesManager' },
      }),
      field('caslConsent', { kind: 'yesNo', required: OPTIONAL, formSection: { us: 'consent' } }),
    ],
  },
  {
    title: 'shipping',
    fields: [
      // "Same as billing address": ticked, the shipping answers are not asked (SECTION_CHOICES).
      field('shipping_same_as_billing', { kind: 'checkbox', required: OPTIONAL }),
      field('shipping_consignee_name'),
      field('shipping_street'),
      field('shipping_city'),
      ...region(field, ['shipping_prov', 'shipping_state', 'shipping_pc', 'shipping_zip']),
    ],
  },
  {
    title: 'owner',
    fields: [
      // "Not applicable": ticked, the owner's answers but name and e-mail are not asked.
      field('owner_not_applicable', { kind: 'checkbox', required: OPTIONAL }),
      field('owner_name'),
      field('owner_address', { maxLength: 300 }),
      field('owner_city'),
      ...region(field, ['owner_prov', 'owner_state', 'owner_postal_code', 'owner_zip']),
      field('owner_phone', { kind: 'phone' }),
      field('email', { kind: 'email' }),
      field('owner_business_name', { required: CA }),
      sealed('owner_social_security', { required: US, maxLength: 20 }),
      sealed('owner_driver_license', { maxLength: 60 }),
    ],
  },
  { title: 'officers', fields: [field('officers', { kind: 'list', required: OPTIONAL })] },
  { title: 'trade', fields: [field('trade', { kind: 'list', required: OPTIONAL })] },
  {
    title: 'banking',
    fields: [
      sealed('bank_name'),
      sealed('bank_account_number', { maxLength: 60 }),
      sealed('bank_Tel', { kind: 'phone' }),
      sealed('bank_account_mgr'),
      sealed('bank_address', { maxLength: 300 }),
      sealed('bank_city'),
      ...region(sealed, ['bank_province', 'bank_state', 'bank_postal_code', 'bank_zip']),
    ],
  },
  {
    title: 'card',
    fields: [
      sealed('cardholder_name'),
      sealed('card_type', { kind: 'radio' }),
      sealed('expiry_date', { kind: 'month' }),
      field('card_authorization', { kind: 'checkbox' }),
      field('terms_acknowledged', { kind: 'checkbox', formSection: { ca: 'terms', us: 'terms' } }),
    ],
  },
];

/**
 * Answers outside the sections: the form (`country`), the page's language (`lang`) and the
 * honeypot (`url`, hidden from people). Not shown to staff as answers.
 */
export const APPLICATION_HIDDEN_FIELDS: readonly ApplicationField[] = [
  field('country', { kind: 'hidden' }),
  field('lang', { kind: 'hidden', required: OPTIONAL }),
  field('url', { kind: 'hidden', required: OPTIONAL, maxLength: 500 }),
];

/** Every answer, sections first then hidden fields. */
export const APPLICATION_FIELDS: readonly ApplicationField[] = [
  ...APPLICATION_SECTIONS.flatMap((s) => s.fields),
  ...APPLICATION_HIDDEN_FIELDS,
];

/** The names of the answers sealed at rest. */
export const SENSITIVE_APPLICATION_FIELDS: readonly ApplicationFieldName[] =
  APPLICATION_FIELDS.filter((f) => f.sensitive).map((f) => f.name);

/** `usa` and `us` are the same form; anything else but `ca` too (docs/product/registration.md). */
export function applicationCountry(country: string | null | undefined): ApplicationCountry {
  return (country ?? '').trim().toLowerCase() === 'ca' ? 'ca' : 'us';
}

/** The fields one country's form asks, in section order (hidden fields excluded). */
export function applicationFieldsOf(country: string): ApplicationField[] {
  const c = applicationCountry(country);
  return APPLICATION_SECTIONS.flatMap((s) => s.fields).filter((f) => c in f.required);
}

/** A blank answer: a question not answered yet is '' (text), [] (checkbox group) or undefined. */
function emptyValue(f: ApplicationField): unknown {
  if (f.name === 'formerCustomer') return 'No';
  if (f.name === 'officers') return [{ ...EMPTY_OFFICER }];
  if (f.name === 'trade') return [{ ...EMPTY_TRADE_REFERENCE }];
  if (f.kind === 'checkboxes') return [];
  if (f.kind === 'checkbox' || f.kind === 'radio') return undefined;
  return '';
}

/** The unanswered Canadian or USA form (the form's default values). */
export type ApplicationDraft<C extends 'ca' | 'us' | 'usa'> = C extends 'ca'
  ? Partial<CanadianApplicationInput> & { country: 'ca' }
  : Partial<UsaApplicationInput> & { country: 'us' | 'usa' };

/**
 * The unanswered form of a country: every field it asks, blank, one blank officer and trade
 * reference, and `country` as given (`usa` stays `usa`, the public form's spelling). The owner's
 * name and e-mail carry over from step 1 when given.
 */
export function emptyApplication<C extends 'ca' | 'us' | 'usa'>(
  country: C,
  owner?: { owner_name: string; owner_email: string },
): ApplicationDraft<C> {
  const answers = applicationFieldsOf(country).map((f) => [f.name, emptyValue(f)] as const);
  const values = {
    ...Object.fromEntries(answers),
    country,
    ...(owner ? { owner_name: owner.owner_name, email: owner.owner_email } : {}),
  };
  // NOTE: the metadata lists each form's answers (fields.test.ts proves it against the schemas), so
  // this object has exactly the draft's keys, each blank of its kind.
  return values as ApplicationDraft<C>;
}
