/** The fixed choices of the application forms: business types, invoice methods, cards, provinces and states. */

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
