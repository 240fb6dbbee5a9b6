import { z } from 'zod';
import { EMAIL_PATTERN } from '../accounts';
import { LANGS, type Lang } from '../common/values';
import { hasNul } from '../common/safe-input';
import { canonicalGstHst, canonicalQst, canonicalUsEin } from './tax-numbers';

/*
 * The store's identity (docs/product/back-office-staff-and-customers.md, "Store identity"): what
 * every page, mail and PDF says about the store, set by an admin on /admin/settings. Every text a
 * reader reads is kept in English, French and Spanish; English is the one a missing translation
 * falls back to. Each refusal names its field in English (the API's message); the web form says
 * the same in the user's language from the issue's code: too_small = required, too_big = too long,
 * custom = not in the expected form.
 */

const LANGUAGE_NAMES: Record<Lang, string> = { en: 'English', fr: 'French', es: 'Spanish' };

/** A phone number as people type it: digits, spaces, + ( ) . - and an extension ("x12"). */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{7,25}(\s*(x|ext\.?)\s*\d{1,6})?$/i;

type Format = { test: (text: string) => boolean; message: string };

/** One text of the identity: trimmed, at most `max` characters, maybe required, maybe of a form. */
function text(label: string, max: number, required: boolean, format?: Format) {
  const base = z
    .string({
      error: (issue) =>
        required && issue.input === undefined ? `${label} is required` : `${label} must be a text`,
    })
    .trim();
  const sized = (required ? base.min(1, { error: `${label} is required` }) : base).max(max, {
    error: `${label} must be at most ${max} characters`,
  });
  return sized
    .refine((s) => !hasNul(s), { error: `${label} must not contain a NUL character` })
    .refine((s) => s === '' || !format || format.test(s), {
      error: format?.message ?? `${label} is not valid`,
    });
}

/** An optional text: missing means empty. NOTE: zod does not check a default, so only these get one. */
const optionalText = (label: string, max: number, format?: Format) =>
  text(label, max, false, format).default('');

/** A text in the three languages; `required` names the languages that may not be left empty. */
function localized(label: string, max: number, required: readonly Lang[] = []) {
  const shape = Object.fromEntries(
    LANGS.map((lang) => {
      const name = `${label} (${LANGUAGE_NAMES[lang]})`;
      return [lang, required.includes(lang) ? text(name, max, true) : optionalText(name, max)];
    }),
  ) as Record<Lang, ReturnType<typeof optionalText>>;
  const object = z.object(shape, {
    error: (issue) =>
      required.length && issue.input === undefined
        ? `${label} is required`
        : `${label} must give the English, French and Spanish texts`,
  });
  return required.length ? object : object.default({ en: '', fr: '', es: '' });
}

function phone(label: string, required: boolean) {
  const format = {
    test: (s: string) => PHONE_PATTERN.test(s),
    message: `${label} phone must be a phone number such as +1 514 555 0100`,
  };
  return required
    ? text(`${label} phone`, 40, true, format)
    : optionalText(`${label} phone`, 40, format);
}
function email(label: string, required: boolean) {
  const format = {
    test: (s: string) => EMAIL_PATTERN.test(s),
    message: `${label} e-mail must be an e-mail address such as orders@example.com`,
  };
  return required
    ? text(`${label} e-mail`, 254, true, format)
    : optionalText(`${label} e-mail`, 254, format);
}

/** One place to reach the store: address lines (or a desk's name), phone, e-mail, opening hours. */
function contact(label: string, required: boolean) {
  const object = z.object(
    {
      lines: localized(`${label} address`, 300, required ? ['en'] : []),
      phone: phone(label, required),
      email: email(label, required),
      hours: localized(`${label} hours`, 200),
    },
    {
      error: (issue) =>
        required && issue.input === undefined
          ? `${label} is required`
          : `${label} must be an object`,
    },
  );
  if (required) return object;
  return object.default({
    lines: { en: '', fr: '', es: '' },
    phone: '',
    email: '',
    hours: { en: '', fr: '', es: '' },
  });
}

/** Where an uploaded logo lives: a content file the API stored (POST .../identity/logo). */
export const LOGO_PATH = /^\/files\/content\/store_logo\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

/**
 * The identity an admin saves (PUT /api/admin/settings/identity) and every reader gets. The head
 * office needs an English address, a phone and an e-mail; the French and Spanish support blocks
 * are shown when they have a phone or an e-mail. Tax numbers are optional; each, when given, must
 * be in its official form (see tax-numbers.ts).
 */
export const StoreIdentity = z.object(
  {
    name: localized('Store name', 80, ['en']),
    legal_name: text('Legal name', 120, true),
    tagline: localized('Tagline', 120),
    logo: z
      .string()
      .regex(LOGO_PATH, { error: 'Logo must be an image uploaded on the settings page' })
      .nullable()
      .default(null),
    head_office: contact('Head office', true),
    support_fr: contact('French support', false),
    support_es: contact('Spanish support', false),
    tax: z
      .object(
        {
          gst_hst: optionalText('GST/HST number', 40, {
            test: (s) => canonicalGstHst(s) !== null,
            message: 'GST/HST number must look like 123456782 RT0001 (a valid business number)',
          }),
          qst: optionalText('QST number', 40, {
            test: (s) => canonicalQst(s) !== null,
            message: 'QST number must look like 1234567890 TQ0001',
          }),
          us_ein: optionalText('US EIN', 20, {
            test: (s) => canonicalUsEin(s) !== null,
            message: 'US EIN must look like 12-3456789',
          }),
        },
        { error: 'Tax numbers must be an object' },
      )
      .default({ gst_hst: '', qst: '', us_ein: '' }),
  },
  { error: 'The store identity must be an object' },
);
export type StoreIdentity = z.output<typeof StoreIdentity>;
export type StoreIdentityInput = z.input<typeof StoreIdentity>;
export type LocalizedText = StoreIdentity['name'];
export type StoreContact = StoreIdentity['head_office'];

const NO_TEXT = { en: '', fr: '', es: '' };
const NO_CONTACT = { lines: NO_TEXT, phone: '', email: '', hours: NO_TEXT };

/** An identity with every text empty: the settings form's start on a fresh store. */
export const EMPTY_STORE_IDENTITY: StoreIdentity = {
  name: NO_TEXT,
  legal_name: '',
  tagline: NO_TEXT,
  logo: null,
  head_office: NO_CONTACT,
  support_fr: NO_CONTACT,
  support_es: NO_CONTACT,
  tax: { gst_hst: '', qst: '', us_ein: '' },
};

/** The tax numbers in their printed forms (a saved identity keeps them so). */
export function canonicalTaxNumbers(tax: StoreIdentity['tax']): StoreIdentity['tax'] {
  return {
    gst_hst: tax.gst_hst && (canonicalGstHst(tax.gst_hst) ?? tax.gst_hst),
    qst: tax.qst && (canonicalQst(tax.qst) ?? tax.qst),
    us_ein: tax.us_ein && (canonicalUsEin(tax.us_ein) ?? tax.us_ein),
  };
}

/** GET /api/store-identity: what the storefront shows; `identity` null while none is set. */
export const PublicStoreIdentity = z.object({
  set: z.boolean(),
  identity: StoreIdentity.nullable(),
});
export type PublicStoreIdentity = z.infer<typeof PublicStoreIdentity>;

/** GET/PUT /api/admin/settings/identity: the identity and who saved it last, when. */
export const AdminStoreIdentity = PublicStoreIdentity.extend({
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type AdminStoreIdentity = z.infer<typeof AdminStoreIdentity>;

/** POST /api/admin/settings/identity/logo: the stored logo's path, for the next PUT. */
export const StoreLogoUploaded = z.object({ logo: z.string() });
export type StoreLogoUploaded = z.infer<typeof StoreLogoUploaded>;
