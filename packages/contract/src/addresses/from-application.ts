import { normalisePostalCode, regionCode, type AddressCountry } from './postal';

/** An address of a new account's book, as the approval of its application writes it. */
export type ApplicationAddress = {
  label: string;
  company: string;
  line1: string;
  line2: null;
  city: string;
  region: string;
  postalCode: string;
  country: AddressCountry;
  isDefault: boolean;
  isBilling: boolean;
};

/** The labels of the two addresses an application gives, in the applicant's language. */
export const APPLICATION_ADDRESS_LABELS = {
  en: { billing: 'Billing address', shipping: 'Shipping address' },
  fr: { billing: 'Adresse de facturation', shipping: 'Adresse de livraison' },
  es: { billing: 'Dirección de facturación', shipping: 'Dirección de envío' },
} as const;

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** One section's address (`billing` or `shipping`) read from the application's answers. */
function sectionAddress(form: Record<string, unknown>, section: string, country: AddressCountry) {
  const region = str(form[country === 'ca' ? `${section}_prov` : `${section}_state`]);
  const postal = str(form[country === 'ca' ? `${section}_pc` : `${section}_zip`]);
  return {
    line1: str(form[`${section}_street`]),
    city: str(form[`${section}_city`]),
    region: regionCode(country, region) ?? region,
    postalCode: postal ? normalisePostalCode(country, postal) : '',
  };
}

type Place = ReturnType<typeof sectionAddress>;
const samePlace = (a: Place, b: Place) =>
  (['line1', 'city', 'region', 'postalCode'] as const).every(
    (k) => a[k].toLowerCase() === b[k].toLowerCase(),
  );

/**
 * The address book an approved application gives its account (docs/product/accounts.md
 * "Addresses"): the billing address, flagged as billing, and the shipping address as the default
 * ship-to. When the shipping section is empty (no street) or repeats the billing address (the
 * form's "same as billing"), the billing address alone is both the billing address and the
 * default ship-to. Postal codes are normalised; a province or state name becomes its code.
 */
export function addressesFromApplication(
  form: Record<string, unknown>,
  app: { country: AddressCountry; lang: 'en' | 'fr' | 'es'; companyName: string },
): ApplicationAddress[] {
  const labels = APPLICATION_ADDRESS_LABELS[app.lang];
  const billing = sectionAddress(form, 'billing', app.country);
  const shipping = sectionAddress(form, 'shipping', app.country);
  const common = { line2: null, country: app.country };
  const separateShipping = shipping.line1 !== '' && !samePlace(billing, shipping);
  const rows: ApplicationAddress[] = [
    {
      ...common,
      ...billing,
      label: labels.billing,
      company: app.companyName,
      isBilling: true,
      isDefault: !separateShipping,
    },
  ];
  if (separateShipping)
    rows.push({
      ...common,
      ...shipping,
      label: labels.shipping,
      company: str(form.shipping_consignee_name) || app.companyName,
      isBilling: false,
      isDefault: true,
    });
  return rows;
}
