import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CanadianApplication,
  SECTION_CHOICES,
  StoreApplicationBody,
  UsaApplication,
  applySectionChoices,
  sampleCanadianApplication,
  sampleUsaApplication,
  sectionChoiceOf,
} from './index';

const SHIPPING = SECTION_CHOICES.shipping_same_as_billing.fields;
const OWNER = SECTION_CHOICES.owner_not_applicable.fields;

/** A sample with every answer of the given fields blanked. */
function blanked<T extends Record<string, unknown>>(answers: T, names: readonly string[]): T {
  const out: Record<string, unknown> = { ...answers };
  for (const name of names) if (name in out) out[name] = '';
  return out as T;
}

function paths(result: { error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map((i) => i.path.join('.'));
}

describe('"Same as billing address" and "Not applicable" (docs/product/registration.md)', () => {
  it('a ticked box accepts its section empty, on both forms', () => {
    for (const [schema, sample] of [
      [CanadianApplication, sampleCanadianApplication()],
      [UsaApplication, sampleUsaApplication()],
    ] as const) {
      const empty = blanked(blanked(sample, SHIPPING), OWNER);
      expect(paths(schema.safeParse(empty))).toEqual(
        expect.arrayContaining(['shipping_street', 'owner_address']),
      );
      const ticked = { ...empty, shipping_same_as_billing: true, owner_not_applicable: true };
      expect(paths(schema.safeParse(ticked))).toEqual([]);
    }
  });

  it('unticked (false or absent) asks every answer with the same message as before', () => {
    const empty = blanked(sampleCanadianApplication(), [...SHIPPING, ...OWNER]);
    const issues = (flags: object) =>
      CanadianApplication.safeParse({ ...empty, ...flags }).error!.issues.map(
        (i) => `${i.path.join('.')}: ${i.message}`,
      );
    const expected = [
      'shipping_consignee_name: Please enter your consignee  name.',
      'shipping_street: Street field is required',
      'shipping_prov: Prov field is required',
      'shipping_pc: PC field is required',
      'owner_address: Please enter your home address.',
      'owner_driver_license: Driver’s License field is required',
    ];
    expect(issues({})).toEqual(expect.arrayContaining(expected));
    expect(issues({ shipping_same_as_billing: false, owner_not_applicable: false })).toEqual(
      issues({}),
    );
  });

  it('still checks a shown answer’s format and length: numeric telephone, at most 200 characters', () => {
    const long = sampleCanadianApplication({ shipping_street: 'x'.repeat(201) });
    expect(CanadianApplication.safeParse(long).error?.issues[0]).toMatchObject({
      path: ['shipping_street'],
      message: 'This value is too long',
    });
    const phone = sampleCanadianApplication({ owner_phone: 'call me' });
    expect(CanadianApplication.safeParse(phone).error?.issues[0]).toMatchObject({
      path: ['owner_phone'],
      message: 'Please enter a telephone number using digits',
    });
  });

  it('a ticked owner box keeps the owner’s name and e-mail required (they are the account)', () => {
    const answers = {
      ...sampleUsaApplication({ owner_name: '', email: '' }),
      owner_not_applicable: true,
    };
    expect([...new Set(paths(UsaApplication.safeParse(answers)))].sort()).toEqual([
      'email',
      'owner_name',
    ]);
  });

  it('refuses a box that is not true or false', () => {
    const result = StoreApplicationBody.safeParse(
      sampleCanadianApplication({ shipping_same_as_billing: 'yes' as unknown as boolean }),
    );
    expect(result.error?.issues[0]).toMatchObject({
      path: ['shipping_same_as_billing'],
      message: 'Please tick the box or leave it empty',
    });
  });

  it('knows which box skips which answer', () => {
    expect(sectionChoiceOf('shipping_zip')).toBe('shipping_same_as_billing');
    expect(sectionChoiceOf('owner_social_security')).toBe('owner_not_applicable');
    expect(sectionChoiceOf('owner_name')).toBeNull();
    expect(sectionChoiceOf('billing_street')).toBeNull();
  });
});

describe('applySectionChoices: the answers as stored', () => {
  it('"Same as billing address" stores the billing address as the shipping one', () => {
    const ca = applySectionChoices(
      blanked(
        { ...sampleCanadianApplication(), shipping_same_as_billing: true as boolean },
        SHIPPING,
      ),
    );
    expect(ca).toMatchObject({
      shipping_consignee_name: 'Maple Yarns Inc.',
      shipping_street: ca.billing_street,
      shipping_city: ca.billing_city,
      shipping_prov: ca.billing_prov,
      shipping_pc: ca.billing_pc,
      shipping_same_as_billing: true,
    });
    expect(ca).not.toHaveProperty('shipping_state');
    const us = applySectionChoices({ ...sampleUsaApplication(), shipping_same_as_billing: true });
    expect([us.shipping_state, us.shipping_zip]).toEqual([us.billing_state, us.billing_zip]);
    expect(us).not.toHaveProperty('shipping_prov');
  });

  it('"Not applicable" drops the owner’s skipped answers and keeps name and e-mail', () => {
    const out = applySectionChoices({ ...sampleUsaApplication(), owner_not_applicable: true });
    for (const name of OWNER) expect(out).not.toHaveProperty(name);
    expect(out).toMatchObject({ owner_name: 'Ulysses Owner', owner_not_applicable: true });
  });

  it('property: unticked boxes change nothing; ticked, the result is a valid application', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom('ca', 'usa'),
        fc.dictionary(fc.constantFrom(...SHIPPING, ...OWNER), fc.string({ maxLength: 5 })),
        (same, none, country, noise) => {
          const sample = country === 'ca' ? sampleCanadianApplication() : sampleUsaApplication();
          const answers = {
            ...sample,
            ...noise,
            shipping_same_as_billing: same,
            owner_not_applicable: none,
          };
          const out = applySectionChoices(answers);
          if (!same && !none) expect(out).toEqual(answers);
          if (same) {
            expect(out.shipping_street).toBe(sample.billing_street);
            expect(StoreApplicationBody.safeParse(out).error?.issues ?? []).not.toEqual(
              expect.arrayContaining([expect.objectContaining({ path: ['shipping_street'] })]),
            );
          }
          if (same && none) expect(StoreApplicationBody.safeParse(out).success).toBe(true);
        },
      ),
    );
  });
});
