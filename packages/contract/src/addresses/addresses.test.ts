import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  AddressBody,
  CA_POSTAL_FIRST_LETTERS,
  US_ZIP_PREFIXES,
  addressMessageKey,
  addressesFromApplication,
  addressRemovalBlock,
  checkPostalCode,
  normalisePostalCode,
  regionCode,
  type AddressCountry,
  type CanadianProvince,
  type UsState,
} from './index';
import { CA_PROVINCES, StoreApplicationBody, US_STATES, sampleCanadianApplication } from '../index';
import { sampleUsaApplication } from '../registration';

const LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';
const letter = fc.constantFrom(...LETTERS.split(''));
const digit = fc.integer({ min: 0, max: 9 }).map(String);

/** A well-formed postal code of `province` (first letter of its district). */
const caPostal = (province: CanadianProvince) =>
  fc
    .tuple(
      fc.constantFrom(...CA_POSTAL_FIRST_LETTERS[province].split('')),
      digit,
      letter,
      digit,
      letter,
      digit,
    )
    .map(([a, b, c, d, e, f]) => `${a}${b}${c} ${d}${e}${f}`);

/** A ZIP code (5 or 9 digits) inside one of `state`'s prefix ranges. */
const usZip = (state: UsState) =>
  fc
    .tuple(
      fc
        .constantFrom(...US_ZIP_PREFIXES[state])
        .chain(([lo, hi]) => fc.integer({ min: lo, max: hi })),
      fc.integer({ min: 0, max: 99 }),
      fc.option(fc.integer({ min: 0, max: 9999 }), { nil: undefined }),
    )
    .map(
      ([prefix, rest, plus4]) =>
        `${String(prefix).padStart(3, '0')}${String(rest).padStart(2, '0')}` +
        (plus4 === undefined ? '' : `-${String(plus4).padStart(4, '0')}`),
    );

/** Each [region, typed, value]: the code typed is accepted in the region, written `value`. */
const expectAccepted = (country: AddressCountry, cases: [string, string, string][]) => {
  for (const [region, typed, value] of cases)
    expect(checkPostalCode(country, region, typed)).toEqual({ ok: true, value });
};

/** Each [region, typed]: a well-written code that belongs to another region is refused. */
const expectOtherRegion = (country: AddressCountry, cases: [string, string][]) => {
  for (const [region, typed] of cases)
    expect(checkPostalCode(country, region, typed)).toEqual({ ok: false, problem: 'region' });
};

describe('Canadian postal codes', () => {
  it('accepts a code of the province and normalises case and spacing', () => {
    expectAccepted('ca', [
      ['QC', 'h2x1y4', 'H2X 1Y4'],
      ['ON', ' m5x  1a9 ', 'M5X 1A9'],
      ['BC', 'V6B-1A1', 'V6B 1A1'],
      ['Québec', 'G1R 4P5', 'G1R 4P5'],
    ]);
  });
  it('refuses a code of another province', () => {
    expectOtherRegion('ca', [
      ['QC', 'M5X 1A9'],
      ['ON', 'H2X 1Y4'],
      ['AB', 'V6B 1A1'],
    ]);
  });
  it('refuses what is not written A1A 1A1, or uses letters Canada Post never uses', () => {
    for (const bad of [
      '12345',
      'H2X 1Y',
      'H2X 1Y44',
      'D2X 1Y4',
      'W2X 1Y4',
      'H2O 1Y4',
      'HHX 1Y4',
      '',
    ])
      expect(checkPostalCode('ca', 'QC', bad)).toEqual({ ok: false, problem: 'format' });
  });
  it('property: every province accepts its own codes, in any case and spacing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CA_PROVINCES).chain((p) => fc.tuple(fc.constant(p), caPostal(p))),
        fc.boolean(),
        ([province, code], squash) => {
          const typed = squash ? code.replace(' ', '').toLowerCase() : code;
          expect(checkPostalCode('ca', province, typed)).toEqual({ ok: true, value: code });
        },
      ),
    );
  });
  it('property: a code is refused for every province whose letters do not include its first', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CA_PROVINCES).chain((p) => fc.tuple(fc.constant(p), caPostal(p))),
        fc.constantFrom(...CA_PROVINCES),
        ([own, code], other) => {
          const fits = CA_POSTAL_FIRST_LETTERS[other].includes(code[0]);
          expect(checkPostalCode('ca', other, code).ok).toBe(fits);
          if (!fits) expect(CA_POSTAL_FIRST_LETTERS[own]).not.toBe(CA_POSTAL_FIRST_LETTERS[other]);
        },
      ),
    );
  });
  it('every first letter in use belongs to one province (X to the two northern territories)', () => {
    const owners = new Map<string, string[]>();
    for (const [p, letters] of Object.entries(CA_POSTAL_FIRST_LETTERS))
      for (const l of letters) owners.set(l, [...(owners.get(l) ?? []), p]);
    expect(owners.get('X')?.sort()).toEqual(['NT', 'NU']);
    for (const [l, ps] of owners) if (l !== 'X') expect(ps).toHaveLength(1);
  });
});

describe('US ZIP codes', () => {
  it('accepts 12345 and 12345-6789 in the state, and normalises spacing', () => {
    expectAccepted('us', [
      ['NY', '14202', '14202'],
      ['NY', '14202 1234', '14202-1234'],
      ['NY', '142021234', '14202-1234'],
      ['vt', '05401', '05401'],
      ['CA', '90210', '90210'],
    ]);
  });
  it('refuses a ZIP of another state', () => {
    expectOtherRegion('us', [
      ['CA', '14202'],
      ['TX', '90210'],
    ]);
  });
  it('refuses what is not 5 or 5+4 digits', () => {
    for (const bad of ['1420', '142021', '14202-12', 'ABCDE', 'H2X 1Y4', ''])
      expect(checkPostalCode('us', 'NY', bad)).toEqual({ ok: false, problem: 'format' });
  });
  it('property: every state accepts ZIPs from its own prefixes and no other state does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...US_STATES).chain((s) => fc.tuple(fc.constant(s), usZip(s))),
        fc.constantFrom(...US_STATES),
        ([state, zip], other) => {
          expect(checkPostalCode('us', state, zip)).toEqual({ ok: true, value: zip });
          expect(checkPostalCode('us', other, zip).ok).toBe(other === state);
        },
      ),
    );
  });
  it('every state, DC and Puerto Rico has prefixes within 000–999', () => {
    for (const s of US_STATES) {
      expect(US_ZIP_PREFIXES[s].length).toBeGreaterThan(0);
      for (const [lo, hi] of US_ZIP_PREFIXES[s])
        expect(0 <= lo && lo <= hi && hi <= 999).toBe(true);
    }
  });
});

describe('normalising and regions', () => {
  it('knows exactly the provinces and states of the registration form', () => {
    expect(Object.keys(CA_POSTAL_FIRST_LETTERS).sort()).toEqual([...CA_PROVINCES].sort());
    expect(Object.keys(US_ZIP_PREFIXES).sort()).toEqual([...US_STATES].sort());
  });
  it('property: normalising is idempotent', () => {
    fc.assert(
      fc.property(fc.constantFrom('ca' as const, 'us' as const), fc.string(), (country, raw) => {
        const once = normalisePostalCode(country, raw);
        expect(normalisePostalCode(country, once)).toBe(once);
      }),
    );
  });
  it('property: an accepted code comes back normalised', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ca' as const, 'us' as const),
        fc.string(),
        fc.string(),
        (country, region, raw) => {
          const r = checkPostalCode(country, region, raw);
          if (r.ok) expect(r.value).toBe(normalisePostalCode(country, raw));
        },
      ),
    );
  });
  it('reads a province code in any case or its English or French name', () => {
    expect(regionCode('ca', 'qc')).toBe('QC');
    expect(regionCode('ca', 'Colombie-Britannique')).toBe('BC');
    expect(regionCode('ca', 'Nouvelle-Écosse')).toBe('NS');
    expect(regionCode('ca', 'NY')).toBeNull();
    expect(regionCode('us', 'ny')).toBe('NY');
    expect(regionCode('us', 'QC')).toBeNull();
    for (const inherited of ['constructor', 'toString', '__proto__'])
      expect([regionCode('ca', inherited), regionCode('us', inherited)]).toEqual([null, null]);
  });
  it('leaves an unknown region to its own message and checks only the format', () => {
    expect(checkPostalCode('ca', '', 'H2X 1Y4').ok).toBe(true);
    expect(checkPostalCode('ca', 'Atlantis', 'nope')).toEqual({ ok: false, problem: 'format' });
  });
});

describe('AddressBody', () => {
  const good = {
    label: 'Warehouse',
    company: 'Maple Yarns',
    line1: '55 Industrial Road',
    city: 'Mississauga',
    region: 'on',
    postal_code: 'l5t2h7',
    country: 'ca',
  };
  const fields = (input: unknown) =>
    Object.fromEntries(
      (AddressBody.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );

  it('normalises the region code and the postal code', () => {
    expect(AddressBody.parse(good)).toEqual({
      ...good,
      line2: null,
      region: 'ON',
      postal_code: 'L5T 2H7',
    });
  });
  it('names every bad field at once, the postal code included', () => {
    expect(fields({ ...good, label: ' ', city: '', postal_code: 'H2X 1Y4' })).toEqual({
      label: ADDRESS_MESSAGES.labelRequired,
      city: ADDRESS_MESSAGES.cityRequired,
      postal_code: ADDRESS_MESSAGES.postalCodeProvince,
    });
    expect(fields({ ...good, country: 'us', region: 'ON', postal_code: '1' })).toEqual({
      region: ADDRESS_MESSAGES.stateInvalid,
      postal_code: ADDRESS_MESSAGES.zipFormat,
    });
    expect(fields({ ...good, region: '', postal_code: '' })).toEqual({
      region: ADDRESS_MESSAGES.provinceRequired,
      postal_code: ADDRESS_MESSAGES.postalCodeRequired,
    });
    expect(fields({ ...good, country: 'us', region: 'NY', postal_code: '90210' })).toEqual({
      postal_code: ADDRESS_MESSAGES.zipState,
    });
    expect(fields({ ...good, country: 'fr' })).toEqual({
      country: ADDRESS_MESSAGES.countryInvalid,
    });
  });
  it('every message has a key the web translates', () => {
    for (const [key, text] of Object.entries(ADDRESS_MESSAGES))
      expect(addressMessageKey(text)).toBe(key);
    expect(addressMessageKey('something else')).toBeUndefined();
  });
  it('says why an address cannot be removed: open orders first, then billing, then default', () => {
    expect(
      addressRemovalBlock({ open_orders: 0, is_billing: false, is_default: false }),
    ).toBeNull();
    expect(addressRemovalBlock({ open_orders: 2, is_billing: true, is_default: true })).toBe(
      'ADDRESS_IN_USE',
    );
    expect(addressRemovalBlock({ open_orders: 0, is_billing: true, is_default: true })).toBe(
      'ADDRESS_IS_BILLING',
    );
    expect(addressRemovalBlock({ open_orders: 0, is_billing: false, is_default: true })).toBe(
      'ADDRESS_IS_DEFAULT',
    );
  });
});

describe('registration postal codes (docs/product/registration.md)', () => {
  const fieldsOf = (input: unknown) =>
    Object.fromEntries(
      (StoreApplicationBody.safeParse(input).error?.issues ?? []).map((i) => [
        i.path.join('.'),
        i.message,
      ]),
    );
  it('accepts the samples', () => {
    expect(fieldsOf(sampleCanadianApplication())).toEqual({});
    expect(fieldsOf(sampleUsaApplication())).toEqual({});
  });
  it('names the postal code that does not match its province, or is badly written', () => {
    expect(
      fieldsOf(
        sampleCanadianApplication({ billing_prov: 'QC', billing_qst: 'Q1', shipping_pc: 'nope' }),
      ),
    ).toEqual({
      billing_pc: 'Postal code does not match the province',
      shipping_pc: 'Postal code must be written A1A 1A1',
    });
  });
  it('names the ZIP that does not match its state, or is badly written', () => {
    expect(fieldsOf(sampleUsaApplication({ owner_state: 'CA', bank_zip: '1420' }))).toEqual({
      owner_zip: 'Zip does not match the state',
      bank_zip: 'Zip must be written 12345 or 12345-6789',
    });
  });
  it('keeps the required message of a blank postal code', () => {
    expect(fieldsOf(sampleCanadianApplication({ bank_postal_code: '' }))).toEqual({
      bank_postal_code: 'Postal Code field is required',
    });
  });
});

describe('addressesFromApplication', () => {
  const app = { country: 'ca' as const, lang: 'en' as const, companyName: 'Maple Yarns' };
  const billing = {
    billing_street: '100 King Street West',
    billing_city: 'Toronto',
    billing_prov: 'Ontario',
    billing_pc: 'm5x1a9',
  };
  it('gives billing (flagged) and shipping (default), codes normalised, named in the language', () => {
    const rows = addressesFromApplication(
      {
        ...billing,
        shipping_consignee_name: '',
        shipping_street: '1 rue Principale',
        shipping_city: 'Québec',
        shipping_prov: 'qc',
        shipping_pc: 'g1r 4p5',
      },
      { ...app, lang: 'es' },
    );
    expect(rows).toEqual([
      expect.objectContaining({
        label: 'Dirección de facturación',
        region: 'ON',
        postalCode: 'M5X 1A9',
        isBilling: true,
        isDefault: false,
      }),
      expect.objectContaining({
        label: 'Dirección de envío',
        company: 'Maple Yarns',
        region: 'QC',
        postalCode: 'G1R 4P5',
        isBilling: false,
        isDefault: true,
      }),
    ]);
  });
  it('property: an empty or repeated shipping section leaves billing alone as the default', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (empty, shout) => {
        const shipping = empty
          ? { shipping_street: '  ' }
          : {
              shipping_street: shout
                ? billing.billing_street.toUpperCase()
                : billing.billing_street,
              shipping_city: billing.billing_city,
              shipping_prov: 'ON',
              shipping_pc: 'M5X 1A9',
            };
        const rows = addressesFromApplication({ ...billing, ...shipping }, app);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          isBilling: true,
          isDefault: true,
          label: 'Billing address',
        });
      }),
    );
  });
});
