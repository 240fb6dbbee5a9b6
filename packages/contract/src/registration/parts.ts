import { z } from 'zod';
import { REGISTRATION_MESSAGES as M } from './messages';
import {
  ExpiryDate,
  Lang,
  multiSelect,
  optionalPhone,
  optionalText,
  RegistrationDate,
  required,
  requiredEmail,
  requiredPhone,
  YesNo,
  YesNoOrEmpty,
} from './answers';
import { BUSINESS_REGISTRATIONS, CARD_TYPES } from './choices';

/** The parts both application forms share: officers, trade references and the common answers. */

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

/** Fields common to both forms; each form adds its own address and tax fields. */
/** The application form's honeypot field: hidden from people; a value in it marks a bot. */
export const HONEYPOT_FIELD = 'url';

export const commonFields = {
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
