import { z } from 'zod';
import { messageKeyLookup, okResponse } from '../common';
import { idSchema } from '../common/safe-input';
import { ShipToAddress } from '../checkout/schemas';
import { checkPostalCode, normalisePostalCode, regionCode, type AddressCountry } from './postal';

/**
 * Field messages of the address forms (docs/product/accounts.md "Addresses"). The API answers them in
 * English; the web translates them by key (locales/<lng>/accounts.json `addresses.validation.<key>`).
 */
export const ADDRESS_MESSAGES = {
  labelRequired: 'Label is required',
  companyRequired: 'Company is required',
  line1Required: 'Street address is required',
  cityRequired: 'City is required',
  countryInvalid: 'Country must be Canada or the United States',
  provinceRequired: 'Province is required',
  stateRequired: 'State is required',
  provinceInvalid: 'Province must be a Canadian province or territory',
  stateInvalid: 'State must be a US state',
  postalCodeRequired: 'Postal code is required',
  zipRequired: 'ZIP code is required',
  postalCodeFormat: 'Postal code must be written A1A 1A1',
  zipFormat: 'ZIP code must be written 12345 or 12345-6789',
  postalCodeProvince: 'Postal code does not belong to the province chosen',
  zipState: 'ZIP code does not belong to the state chosen',
  tooLong: 'This value is too long',
} as const;
export type AddressMessageKey = keyof typeof ADDRESS_MESSAGES;

/** The key of an address message, so the web can show it in the user's language. */
export const addressMessageKey = messageKeyLookup(ADDRESS_MESSAGES);

const M = ADDRESS_MESSAGES;

/** The message of a postal code that fails `checkPostalCode`, for the country's field name. */
export function postalCodeMessage(
  country: AddressCountry,
  problem: 'required' | 'format' | 'region',
): string {
  if (problem === 'required') return country === 'ca' ? M.postalCodeRequired : M.zipRequired;
  if (problem === 'format') return country === 'ca' ? M.postalCodeFormat : M.zipFormat;
  return country === 'ca' ? M.postalCodeProvince : M.zipState;
}

const text = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: M.tooLong });

/**
 * An address as a buyer or staff writes it (POST and PUT of the address books). The province or
 * state must be the country's; the postal or ZIP code is normalised (`h2x1y4` → `H2X 1Y4`) and must
 * be written the country's way and belong to that province or state.
 */
export const AddressBody = z
  .object({
    label: text(60, M.labelRequired),
    company: text(200, M.companyRequired),
    line1: text(200, M.line1Required),
    line2: z
      .string()
      .trim()
      .max(200, { error: M.tooLong })
      .nullish()
      .transform((v) => v || null),
    city: text(100, M.cityRequired),
    country: z.enum(['ca', 'us'], { error: M.countryInvalid }),
    region: z.string({ error: M.provinceRequired }).trim().max(40, { error: M.tooLong }),
    postal_code: z.string({ error: M.postalCodeRequired }).trim().max(20, { error: M.tooLong }),
  })
  // NOTE: `when: () => true` so the province and postal code report together with the other
  // fields' messages (a form shows every message at once on submit).
  .superRefine(
    (body, ctx) => {
      const country = body?.country;
      if (country !== 'ca' && country !== 'us') return;
      const rawRegion = typeof body.region === 'string' ? body.region : '';
      const region = regionCode(country, rawRegion);
      if (!region) {
        const blank = rawRegion === '';
        const message =
          country === 'ca'
            ? blank
              ? M.provinceRequired
              : M.provinceInvalid
            : blank
              ? M.stateRequired
              : M.stateInvalid;
        ctx.addIssue({ code: 'custom', path: ['region'], message });
      }
      if (typeof body.postal_code !== 'string') return;
      const postal =
        body.postal_code === ''
          ? ({ ok: false, problem: 'required' } as const)
          : checkPostalCode(country, region ?? '', body.postal_code);
      if (!postal.ok)
        ctx.addIssue({
          code: 'custom',
          path: ['postal_code'],
          message: postalCodeMessage(country, postal.problem),
        });
    },
    { when: () => true },
  )
  .transform((body) => ({
    ...body,
    region: regionCode(body.country, body.region) ?? body.region,
    postal_code: normalisePostalCode(body.country, body.postal_code),
  }));
export type AddressBody = z.output<typeof AddressBody>;
export type AddressBodyInput = z.input<typeof AddressBody>;

/**
 * One address of an account's address book: the ship-to address plus whether it is the account's
 * billing address and how many open orders ship to it (docs/product/accounts.md "Addresses": an
 * address is removable when it is neither the default ship-to nor the billing address and no open
 * order ships to it).
 */
export const AddressBookEntry = ShipToAddress.extend({
  is_billing: z.boolean(),
  open_orders: z.number().int(),
});
export type AddressBookEntry = z.infer<typeof AddressBookEntry>;

/**
 * How many addresses one account's book holds: a chain's stores fit, a script that adds addresses
 * in a loop stops here instead of growing every checkout's address list without end.
 */
export const MAX_ADDRESSES = 200;

/** Why an address cannot be removed, or null when it can. */
export function addressRemovalBlock(
  entry: Pick<AddressBookEntry, 'is_default' | 'is_billing' | 'open_orders'>,
): 'ADDRESS_IS_DEFAULT' | 'ADDRESS_IS_BILLING' | 'ADDRESS_IN_USE' | null {
  if (entry.open_orders > 0) return 'ADDRESS_IN_USE';
  if (entry.is_billing) return 'ADDRESS_IS_BILLING';
  if (entry.is_default) return 'ADDRESS_IS_DEFAULT';
  return null;
}

/** GET and every write of an address book: the whole book after the change, default first. */
export const AddressBookResponse = okResponse({ addresses: z.array(AddressBookEntry) });
export type AddressBookResponse = z.infer<typeof AddressBookResponse>;

export const AddressIdParams = z.object({ id: idSchema('id') });
export const CustomerAddressParams = z.object({
  id: idSchema('id'),
  address_id: idSchema('address_id'),
});
