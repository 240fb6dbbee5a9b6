/**
 * Postal codes and ZIP codes checked against their country and province or state
 * (docs/product/accounts.md "Addresses"). Pure rules shared by the address book, the staff customer
 * screen, the checkout and the registration form, so the browser and the API agree.
 */
// NOTE: no import of the registration schemas (they load zod): the cart page's chunk reads these
// rules and must stay without zod (checkout/index.ts). addresses.test.ts proves the province and
// state lists equal the registration form's CA_PROVINCES and US_STATES.

export type AddressCountry = 'ca' | 'us';

/**
 * The first letter of a Canadian postal code (its forward sortation area's postal district) by
 * province or territory (Canada Post). The Northwest Territories and Nunavut share X.
 */
export const CA_POSTAL_FIRST_LETTERS = {
  NL: 'A',
  NS: 'B',
  PE: 'C',
  NB: 'E',
  QC: 'GHJ',
  ON: 'KLMNP',
  MB: 'R',
  SK: 'S',
  AB: 'T',
  BC: 'V',
  NT: 'X',
  NU: 'X',
  YT: 'Y',
} as const satisfies Record<string, string>;
export type CanadianProvince = keyof typeof CA_POSTAL_FIRST_LETTERS;

/**
 * The three-digit ZIP prefixes of each state, DC and Puerto Rico (USPS), as inclusive ranges.
 * NOTE: a few prefixes cross a state line for a handful of addresses (Fishers Island NY uses 063,
 * Texarkana AR uses 755); those are left with the state that holds most of the prefix.
 */
export const US_ZIP_PREFIXES = {
  AL: [[350, 369]],
  AK: [[995, 999]],
  AZ: [[850, 865]],
  AR: [[716, 729]],
  CA: [[900, 961]],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DE: [[197, 199]],
  DC: [
    [200, 200],
    [202, 205],
    [569, 569],
  ],
  FL: [[320, 349]],
  GA: [
    [300, 319],
    [398, 399],
  ],
  HI: [[967, 968]],
  ID: [[832, 838]],
  IL: [[600, 629]],
  IN: [[460, 479]],
  IA: [[500, 528]],
  KS: [[660, 679]],
  KY: [[400, 427]],
  LA: [[700, 714]],
  ME: [[39, 49]],
  MD: [[206, 219]],
  MA: [
    [10, 27],
    [55, 55],
  ],
  MI: [[480, 499]],
  MN: [[550, 567]],
  MS: [[386, 397]],
  MO: [[630, 658]],
  MT: [[590, 599]],
  NE: [[680, 693]],
  NV: [[889, 898]],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [[870, 884]],
  NY: [
    [5, 5],
    [100, 149],
  ],
  NC: [[270, 289]],
  ND: [[580, 588]],
  OH: [[430, 459]],
  OK: [
    [730, 732],
    [734, 749],
  ],
  OR: [[970, 979]],
  PA: [[150, 196]],
  PR: [[6, 9]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [
    [733, 733],
    [750, 799],
    [885, 885],
  ],
  UT: [[840, 847]],
  VT: [
    [50, 54],
    [56, 59],
  ],
  VA: [
    [201, 201],
    [220, 246],
  ],
  WA: [[980, 994]],
  WV: [[247, 268]],
  WI: [[530, 549]],
  WY: [[820, 831]],
} as const satisfies Record<string, ReadonlyArray<readonly [number, number]>>;
export type UsState = keyof typeof US_ZIP_PREFIXES;

// Letters Canada Post never uses (D F I O Q U anywhere; W Z as the first letter).
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPR-TV-Z] \d[ABCEGHJ-NPR-TV-Z]\d$/;
const US_ZIP = /^\d{5}(-\d{4})?$/;

// Province names a person may type instead of the code (English and French), accents ignored.
const PROVINCE_NAMES: Readonly<Record<string, CanadianProvince>> = {
  alberta: 'AB',
  'british columbia': 'BC',
  'colombie-britannique': 'BC',
  manitoba: 'MB',
  'new brunswick': 'NB',
  'nouveau-brunswick': 'NB',
  'newfoundland and labrador': 'NL',
  'terre-neuve-et-labrador': 'NL',
  'nova scotia': 'NS',
  'nouvelle-ecosse': 'NS',
  'northwest territories': 'NT',
  'territoires du nord-ouest': 'NT',
  nunavut: 'NU',
  ontario: 'ON',
  'prince edward island': 'PE',
  'ile-du-prince-edouard': 'PE',
  quebec: 'QC',
  saskatchewan: 'SK',
  yukon: 'YT',
};

function plain(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ');
}

/**
 * The province or state code of `region` in `country` (a code in any case, or a Canadian province's
 * English or French name), or null when it is not one of the country's.
 */
export function regionCode(country: AddressCountry, region: string): string | null {
  const code = region.trim().toUpperCase();
  if (country === 'ca') {
    if (Object.hasOwn(CA_POSTAL_FIRST_LETTERS, code)) return code;
    const name = plain(region);
    return Object.hasOwn(PROVINCE_NAMES, name) ? PROVINCE_NAMES[name] : null;
  }
  return Object.hasOwn(US_ZIP_PREFIXES, code) ? code : null;
}

/**
 * A postal code as it is stored and printed: Canadian codes upper case with one space (`h2x1y4` →
 * `H2X 1Y4`), ZIP codes without spaces (`12345 6789` → `12345-6789`). Anything that does not have
 * the right number of characters comes back trimmed and upper-cased, for the format check to refuse.
 */
export function normalisePostalCode(country: AddressCountry, value: string): string {
  const compact = value.toUpperCase().replace(/[\s-]+/g, '');
  if (country === 'ca')
    return compact.length === 6
      ? `${compact.slice(0, 3)} ${compact.slice(3)}`
      : value.trim().toUpperCase();
  if (/^\d{5}$/.test(compact)) return compact;
  if (/^\d{9}$/.test(compact)) return `${compact.slice(0, 5)}-${compact.slice(5)}`;
  return value.trim().toUpperCase();
}

/** True when a normalised code is written the country's way (A1A 1A1; 12345 or 12345-6789). */
export function isPostalCodeFormat(country: AddressCountry, normalised: string): boolean {
  return (country === 'ca' ? CA_POSTAL : US_ZIP).test(normalised);
}

/** True when a well-formed, normalised code belongs to the province or state `code`. */
export function postalCodeFitsRegion(
  country: AddressCountry,
  code: string,
  normalised: string,
): boolean {
  if (country === 'ca') {
    const letters: string = CA_POSTAL_FIRST_LETTERS[code as CanadianProvince] ?? '';
    return letters.includes(normalised[0] ?? '');
  }
  const prefix = Number(normalised.slice(0, 3));
  const ranges: ReadonlyArray<readonly [number, number]> = US_ZIP_PREFIXES[code as UsState] ?? [];
  return ranges.some(([lo, hi]) => prefix >= lo && prefix <= hi);
}

/** What is wrong with a postal code: its format, or the province/state it belongs to. */
export type PostalCodeProblem = 'format' | 'region';

/**
 * Checks a postal or ZIP code for its country and, when `region` is one of the country's, for that
 * province or state. Answers the normalised code, or the problem. An unknown region is not this
 * rule's business (the region field has its own message), so only the format is checked then.
 */
export function checkPostalCode(
  country: AddressCountry,
  region: string,
  value: string,
): { ok: true; value: string } | { ok: false; problem: PostalCodeProblem } {
  const normalised = normalisePostalCode(country, value);
  if (!isPostalCodeFormat(country, normalised)) return { ok: false, problem: 'format' };
  const code = regionCode(country, region);
  if (code && !postalCodeFitsRegion(country, code, normalised))
    return { ok: false, problem: 'region' };
  return { ok: true, value: normalised };
}
