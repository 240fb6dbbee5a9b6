/**
 * The credit application as data (docs/product/registration.md): every answer of the Canadian and
 * USA forms once, with its section, label key, kind, whether it is sealed at rest
 * (docs/decisions/004-encryption-key-rotation.md), whether each country's form requires it and its
 * length limit. The zod schemas (./index.ts) stay the validators; fields.test.ts proves both list
 * the same answers. Readers: the web form's empty values, the staff page's sections, the API's
 * encryption list.
 */

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
  name: string;
  /** i18n key in the web's `registration` namespace. */
  label: string;
  kind: ApplicationFieldKind;
  /** Sealed at rest, shown to staff only. */
  sensitive: boolean;
  /** Per form: true required, false optional; a country without a key does not ask it. */
  required: Partial<Record<ApplicationCountry, boolean>>;
  maxLength?: number;
};

export type ApplicationSection = {
  /** i18n key suffix in `registration:sections.*`. */
  title: string;
  fields: readonly ApplicationField[];
};

type Options = Partial<Pick<ApplicationField, 'kind' | 'sensitive' | 'maxLength'>> & {
  /** Which forms ask it and whether they require it; default: both, required. */
  required?: Partial<Record<ApplicationCountry, boolean>>;
};

const BOTH = { ca: true, us: true } as const;
const OPTIONAL = { ca: false, us: false } as const;
const CA = { ca: true } as const;
const US = { us: true } as const;

function field(name: string, options: Options = {}): ApplicationField {
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
  };
}

const sealed = (name: string, options: Options = {}) =>
  field(name, { ...options, sensitive: true });

/** An address's province and postal code (Canadian form) and state and ZIP (USA form), in that order. */
function region(
  make: typeof field,
  [prov, state, postal, zip]: readonly [string, string, string, string],
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
      field('business_type'),
      field('business_license', { required: CA, maxLength: 60 }),
      field('irs_business'),
      field('business_email', { kind: 'email' }),
      field('website', { kind: 'url' }),
      field('ap_contact'),
      field('businessRegistered', { kind: 'checkboxes', required: OPTIONAL }),
      // Required when 'other' is ticked.
      field('otherType', { required: OPTIONAL }),
      field('formerCustomer', { kind: 'yesNo', required: OPTIONAL }),
      // Required when formerCustomer is Yes.
      field('formerName', { required: OPTIONAL }),
      field('invoiceMethod', { kind: 'checkboxes', required: OPTIONAL }),
      field('preferredCourier', { required: US }),
      field('customsBroker', { required: US }),
      field('courierAccount', { required: US, maxLength: 60 }),
      field('sale_manager', { kind: 'yesNo', required: OPTIONAL }),
      field('caslConsent', { kind: 'yesNo', required: OPTIONAL }),
    ],
  },
  {
    title: 'shipping',
    fields: [
      field('shipping_consignee_name'),
      field('shipping_street'),
      field('shipping_city'),
      ...region(field, ['shipping_prov', 'shipping_state', 'shipping_pc', 'shipping_zip']),
    ],
  },
  {
    title: 'owner',
    fields: [
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
      field('terms_acknowledged', { kind: 'checkbox' }),
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
export const SENSITIVE_APPLICATION_FIELDS: readonly string[] = APPLICATION_FIELDS.filter(
  (f) => f.sensitive,
).map((f) => f.name);

/** `usa` and `us` are the same form; anything else but `ca` too (docs/product/registration.md). */
export function applicationCountry(country: string | null | undefined): ApplicationCountry {
  return (country ?? '').trim().toLowerCase() === 'ca' ? 'ca' : 'us';
}

/** The fields one country's form asks, in section order (hidden fields excluded). */
export function applicationFieldsOf(country: string): ApplicationField[] {
  const c = applicationCountry(country);
  return APPLICATION_SECTIONS.flatMap((s) => s.fields).filter((f) => c in f.required);
}

function emptyValue(f: ApplicationField): unknown {
  if (f.name === 'formerCustomer') return 'No';
  if (f.name === 'officers') return [{ ...EMPTY_OFFICER }];
  if (f.name === 'trade') return [{ ...EMPTY_TRADE_REFERENCE }];
  if (f.kind === 'checkboxes') return [];
  if (f.kind === 'checkbox') return false;
  return '';
}

/**
 * The unanswered form of a country: every field it asks, blank, one blank officer and trade
 * reference, and `country` as given (`usa` stays `usa`, the public form's spelling). The owner's
 * name and e-mail carry over from step 1 when given.
 */
export function emptyApplication(
  country: 'ca' | 'us' | 'usa',
  owner?: { owner_name: string; owner_email: string },
): Record<string, unknown> {
  const values: Record<string, unknown> = { country };
  for (const f of applicationFieldsOf(country)) values[f.name] = emptyValue(f);
  if (owner) {
    values.owner_name = owner.owner_name;
    values.email = owner.owner_email;
  }
  return values;
}
