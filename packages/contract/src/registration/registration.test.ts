import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CanadianApplication,
  RegistrationStep1,
  StoreApplicationBody,
  UsaApplication,
  firstAllowedExpiry,
  formForCountry,
  isExpiryInPast,
  isQuebec,
  registrationMessageKey,
  sampleCanadianApplication,
  sampleUsaApplication,
} from './index';

type Schema = typeof CanadianApplication | typeof UsaApplication | typeof RegistrationStep1;

/** The message reported for one field, or undefined when the field is valid. */
function messageFor(schema: Schema, input: unknown, field: string): string | undefined {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path.join('.') === field)?.message;
}

/** The message a Canadian application with these changes to the valid sample gets for one field. */
const canadianMessage = (changes: Parameters<typeof sampleCanadianApplication>[0], field: string) =>
  messageFor(CanadianApplication, sampleCanadianApplication(changes), field);

/** The message a USA application with these changes to the valid sample gets for one field. */
const usaMessage = (changes: Parameters<typeof sampleUsaApplication>[0], field: string) =>
  messageFor(UsaApplication, sampleUsaApplication(changes), field);

// docs/product/registration.md, copied character for character (two spaces after consignee; curly apostrophe in Driver’s).
/** Required in both countries, with the same message. */
const BOTH_REQUIRED: Record<string, string> = {
  billing_street: 'Street field is required',
  billing_city: 'City field is required',
  billing_telephone: 'Telephone field is required',
  irs_business: 'IRS Business field is required',
  business_email: 'Email field is required',
  website: 'Website field is required',
  ap_contact: 'A/P Contact field is required',
  shipping_consignee_name: 'Please enter your consignee  name.',
  shipping_street: 'Street field is required',
  shipping_city: 'City field is required',
  owner_name: 'Please enter your owner name.',
  owner_address: 'Please enter your home address.',
  owner_city: 'City field is required',
  owner_phone: 'Telephone field is required',
  email: 'Email field is required',
  owner_driver_license: 'Driver’s License field is required',
  bank_name: 'Bank name is required',
  bank_account_number: 'Bank account number field is required',
  bank_Tel: 'Bank telephone field is required',
  bank_account_mgr: 'Bank account manager field is required',
  bank_address: 'Bank address field is required',
  bank_city: 'City field is required',
  cardholder_name: 'Card holder name is required',
};

const CANADIAN_REQUIRED: Record<string, string> = {
  ...BOTH_REQUIRED,
  billing_prov: 'Province field is required',
  billing_pc: 'Postal code field is required',
  billing_gst: 'GST field is required',
  billing_pst: 'PST field is required',
  business_type: 'Type of Business field is required',
  business_license: 'Business License field is required',
  shipping_prov: 'Prov field is required',
  shipping_pc: 'PC field is required',
  owner_prov: 'Province field is required',
  owner_postal_code: 'Postal code field is required',
  owner_business_name: 'Business Name field is required',
  bank_province: 'Province field is required',
  bank_postal_code: 'Postal Code field is required',
};

const USA_REQUIRED: Record<string, string> = {
  ...BOTH_REQUIRED,
  billing_state: 'State field is required',
  billing_zip: 'Zip field is required',
  billing_fax: 'Fax field is required',
  preferredCourier: 'Preferred Courier is required',
  customsBroker: 'Customs Broker is required',
  courierAccount: 'Courier Account is required',
  business_type: 'Type of Business is required',
  shipping_state: 'State field is required',
  shipping_zip: 'Zip field is required',
  owner_state: 'State field is required',
  owner_zip: 'Zip field is required',
  owner_social_security: 'Social Security field is required',
  bank_state: 'State field is required',
  bank_zip: 'Zip field is required',
};

describe('the sample applications', () => {
  it('are valid', () => {
    expect(CanadianApplication.safeParse(sampleCanadianApplication()).success).toBe(true);
    expect(UsaApplication.safeParse(sampleUsaApplication()).success).toBe(true);
    expect(StoreApplicationBody.parse(sampleUsaApplication()).country).toBe('usa');
    expect(StoreApplicationBody.parse(sampleCanadianApplication()).country).toBe('ca');
  });
});

describe('Canadian form required messages (docs/product/registration.md)', () => {
  it('keeps the double space and the curly apostrophe of docs/product/registration.md', () => {
    expect(CANADIAN_REQUIRED.shipping_consignee_name).toContain('consignee  name');
    expect(CANADIAN_REQUIRED.owner_driver_license.charCodeAt(6)).toBe(0x2019);
  });
  for (const [field, message] of Object.entries(CANADIAN_REQUIRED)) {
    it(`${field}: '${message}' when blank, missing or only spaces`, () => {
      expect(canadianMessage({ [field]: '' }, field)).toBe(message);
      expect(canadianMessage({ [field]: '   ' }, field)).toBe(message);
      const missing: Record<string, unknown> = { ...sampleCanadianApplication() };
      delete missing[field];
      expect(messageFor(CanadianApplication, missing, field)).toBe(message);
      expect(canadianMessage({}, field)).toBeUndefined();
    });
  }
});

describe('USA form required messages (docs/product/registration.md)', () => {
  for (const [field, message] of Object.entries(USA_REQUIRED)) {
    it(`${field}: '${message}'`, () => {
      expect(usaMessage({ [field]: '' }, field)).toBe(message);
      const missing: Record<string, unknown> = { ...sampleUsaApplication() };
      delete missing[field];
      expect(messageFor(UsaApplication, missing, field)).toBe(message);
    });
  }
  it('does not ask the USA form for Canadian tax fields', () => {
    for (const f of [
      'billing_gst',
      'billing_pst',
      'billing_qst',
      'business_license',
      'owner_business_name',
    ]) {
      expect(usaMessage({}, f)).toBeUndefined();
    }
  });
});

describe('conditional rules (docs/product/registration.md)', () => {
  it('QST is required only when the billing province is Quebec', () => {
    expect(canadianMessage({ billing_prov: 'QC', billing_qst: '' }, 'billing_qst')).toBe(
      'QST field is required',
    );
    expect(canadianMessage({ billing_prov: 'Québec' }, 'billing_qst')).toBe(
      'QST field is required',
    );
    expect(
      CanadianApplication.safeParse(
        sampleCanadianApplication({
          billing_prov: 'QC',
          billing_pc: 'H2X 1Y4',
          billing_qst: '1234567890TQ0001',
        }),
      ).success,
    ).toBe(true);
    expect(
      CanadianApplication.safeParse(
        sampleCanadianApplication({ billing_prov: 'ON', billing_qst: '' }),
      ).success,
    ).toBe(true);
  });

  it('QST rule reports together with other missing fields', () => {
    const issues = CanadianApplication.safeParse({
      country: 'ca',
      billing_prov: 'qc',
    }).error!.issues.map((i) => i.path.join('.'));
    expect(issues).toContain('billing_qst');
    expect(issues).toContain('billing_street');
  });

  it('isQuebec recognises only Quebec', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const norm = s.trim().toLowerCase();
        if (!['qc', 'quebec', 'québec', 'que', 'pq'].includes(norm))
          expect(isQuebec(s)).toBe(
            norm.normalize('NFD').replace(/[\u0300-\u036f]/g, '') === 'quebec',
          );
      }),
    );
    expect(isQuebec(' qc ')).toBe(true);
    expect(isQuebec('ON')).toBe(false);
  });

  it('formerName is required only when former customer is Yes', () => {
    const msg = "Please enter your former customer's name.";
    for (const make of [sampleCanadianApplication, sampleUsaApplication] as const) {
      const schema = make === sampleCanadianApplication ? CanadianApplication : UsaApplication;
      expect(
        messageFor(schema, make({ formerCustomer: 'Yes', formerName: '' }), 'formerName'),
      ).toBe(msg);
      expect(
        messageFor(
          schema,
          make({ formerCustomer: 'Yes', formerName: 'Old Yarns Ltd' }),
          'formerName',
        ),
      ).toBeUndefined();
      expect(
        messageFor(schema, make({ formerCustomer: 'No', formerName: '' }), 'formerName'),
      ).toBeUndefined();
    }
  });

  it('unanswered Yes/No questions (sale_manager, caslConsent) are empty, not an error', () => {
    const input: Record<string, unknown> = { ...sampleUsaApplication(), sale_manager: null };
    delete input.caslConsent;
    const parsed = UsaApplication.parse(input);
    expect([parsed.sale_manager, parsed.caslConsent]).toEqual(['', '']);
    expect(messageFor(UsaApplication, { ...input, caslConsent: 'Maybe' }, 'caslConsent')).toBe(
      'Please answer Yes or No',
    );
  });

  it('formerCustomer defaults to No and accepts only Yes or No', () => {
    const input: Record<string, unknown> = { ...sampleUsaApplication() };
    delete input.formerCustomer;
    expect(UsaApplication.parse(input).formerCustomer).toBe('No');
    expect(usaMessage({ formerCustomer: 'Maybe' as never }, 'formerCustomer')).toBe(
      'Please answer Yes or No',
    );
  });

  it('otherType is required only when other is ticked', () => {
    const msg = 'Please specify how your business is registered.';
    expect(canadianMessage({ businessRegistered: ['corporation', 'other'] }, 'otherType')).toBe(
      msg,
    );
    expect(usaMessage({ businessRegistered: ['other'], otherType: ' ' }, 'otherType')).toBe(msg);
    expect(
      usaMessage({ businessRegistered: ['other'], otherType: 'Co-operative' }, 'otherType'),
    ).toBeUndefined();
    expect(
      usaMessage({ businessRegistered: ['partnership'], otherType: '' }, 'otherType'),
    ).toBeUndefined();
  });

  it('checkbox groups accept one ticked value, none (false) or an array', () => {
    expect(
      CanadianApplication.parse(
        sampleCanadianApplication({ businessRegistered: 'other' as never, otherType: 'Co-op' }),
      ).businessRegistered,
    ).toEqual(['other']);
    expect(
      CanadianApplication.parse(sampleCanadianApplication({ invoiceMethod: false as never }))
        .invoiceMethod,
    ).toEqual([]);
    expect(
      CanadianApplication.safeParse(sampleCanadianApplication({ invoiceMethod: ['mail'] as never }))
        .success,
    ).toBe(false);
    expect(
      UsaApplication.parse(sampleUsaApplication({ invoiceMethod: ['mail', 'fax'] })).invoiceMethod,
    ).toEqual(['mail', 'fax']);
  });
});

describe('card (docs/product/registration.md)', () => {
  it('accepts only visa and mastercard', () => {
    fc.assert(
      fc.property(fc.string(), (t) => {
        const ok = CanadianApplication.safeParse(
          sampleCanadianApplication({ card_type: t as never }),
        ).success;
        expect(ok).toBe(t === 'visa' || t === 'mastercard');
      }),
    );
    for (const t of ['amex', 'VISA', '', 'discover']) {
      expect(usaMessage({ card_type: t as never }, 'card_type')).toBe(
        'Please choose Visa or Mastercard',
      );
    }
  });

  it('refuses an expiry month in the past and accepts this month and later', () => {
    const now = new Date();
    fc.assert(
      fc.property(fc.integer({ min: -240, max: 240 }), (offset) => {
        const d = new Date(now.getFullYear(), now.getMonth() + offset, 1);
        const value = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
        if (d.getFullYear() < 2000 || d.getFullYear() > 2100) return;
        expect(isExpiryInPast(value, now)).toBe(offset < 0);
        const message = canadianMessage({ expiry_date: value }, 'expiry_date');
        expect(message).toBe(offset < 0 ? 'The card expiry date cannot be in the past' : undefined);
      }),
    );
    expect(firstAllowedExpiry(new Date(2026, 10, 22))).toBe('2026-11');
  });

  it('requires an expiry in month/year form', () => {
    expect(usaMessage({ expiry_date: '' }, 'expiry_date')).toBe('Card expiry date is required');
    expect(usaMessage({ expiry_date: '2030-13' }, 'expiry_date')).toBe(
      'Please choose the expiry month and year',
    );
    expect(usaMessage({ expiry_date: '12/30' }, 'expiry_date')).toBe(
      'Please choose the expiry month and year',
    );
  });

  it('never accepts a card number or a CVV field into the parsed application', () => {
    const parsed = CanadianApplication.parse({
      ...sampleCanadianApplication(),
      card_number: '4111111111111111',
      cvv: '123',
    });
    expect(parsed).not.toHaveProperty('card_number');
    expect(parsed).not.toHaveProperty('cvv');
  });

  it('requires both checkboxes (card storage authorization, terms acknowledgement)', () => {
    expect(canadianMessage({ card_authorization: false as never }, 'card_authorization')).toBe(
      'Please authorize us to keep your card on file',
    );
    expect(usaMessage({ terms_acknowledged: false as never }, 'terms_acknowledged')).toBe(
      'Please acknowledge the credit terms and conditions',
    );
  });
});

describe('e-mail formats, telephone numbers and dates', () => {
  it('refuses malformed e-mails with Invalid email address', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('@') && s.trim() !== ''),
        (s) => {
          expect(canadianMessage({ email: s }, 'email')).toBe('Invalid email address');
          expect(usaMessage({ business_email: s }, 'business_email')).toBe('Invalid email address');
        },
      ),
    );
    fc.assert(
      fc.property(fc.emailAddress(), (e) => {
        if (!/^[A-Z0-9._%+'-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i.test(e)) return;
        expect(canadianMessage({ email: e }, 'email')).toBeUndefined();
      }),
    );
  });

  it('bank and trade telephones are numeric', () => {
    expect(canadianMessage({ bank_Tel: 'call me' }, 'bank_Tel')).toBe(
      'Please enter a telephone number using digits',
    );
    const trade = [{ name: 'A', telephone: 'abc', fax: '', contact: '' }];
    expect(canadianMessage({ trade }, 'trade.0.telephone')).toBe(
      'Please enter a telephone number using digits',
    );
    expect(
      CanadianApplication.safeParse(
        sampleCanadianApplication({ trade: [{ name: '', telephone: '', fax: '', contact: '' }] }),
      ).success,
    ).toBe(true);
  });

  it('registration date must be a real date not in the future', () => {
    expect(
      canadianMessage({ company_registration_date: '2021-02-30' }, 'company_registration_date'),
    ).toBe('Please enter a valid date');
    expect(
      canadianMessage({ company_registration_date: '2099-01-01' }, 'company_registration_date'),
    ).toBe('The registration date cannot be in the future');
    // Beyond the years a request may name (common/dates.ts DATE_YEARS): not a date at all.
    expect(
      canadianMessage({ company_registration_date: '2999-01-01' }, 'company_registration_date'),
    ).toBe('Please enter a valid date');
    expect(
      CanadianApplication.safeParse(sampleCanadianApplication({ company_registration_date: '' }))
        .success,
    ).toBe(true);
  });

  it('company name has a message', () => {
    expect(canadianMessage({ company_name: '' }, 'company_name')).toBe('Company name is required');
  });
});

describe('country and step 1', () => {
  it('each form accepts only its own country', () => {
    expect(
      CanadianApplication.safeParse(sampleCanadianApplication({ country: 'usa' as never })).success,
    ).toBe(false);
    expect(UsaApplication.parse(sampleUsaApplication({ country: 'us' })).country).toBe('us');
    expect(
      StoreApplicationBody.safeParse({ ...sampleCanadianApplication(), country: 'mx' }).error!
        .issues[0].message,
    ).toBe('Country must be ca or usa');
  });

  it('anything but ca gives the USA form (docs/product/registration.md)', () => {
    fc.assert(
      fc.property(fc.string(), (c) => {
        expect(formForCountry(c)).toBe(c.trim().toLowerCase() === 'ca' ? 'ca' : 'usa');
      }),
    );
    expect(formForCountry(undefined)).toBe('usa');
  });

  it('step 1 messages (docs/product/registration.md)', () => {
    expect(
      messageFor(
        RegistrationStep1,
        { owner_name: '', owner_email: 'a@b.co', country: 'ca' },
        'owner_name',
      ),
    ).toBe('Owner Name is required');
    expect(
      messageFor(
        RegistrationStep1,
        { owner_name: 'A', owner_email: '', country: 'ca' },
        'owner_email',
      ),
    ).toBe('Email Address is required');
    expect(
      messageFor(
        RegistrationStep1,
        { owner_name: 'A', owner_email: 'nope', country: 'ca' },
        'owner_email',
      ),
    ).toBe('Invalid email address');
    expect(
      RegistrationStep1.parse({ owner_name: 'A', owner_email: 'a@b.co', country: 'usa' }).lang,
    ).toBe('en');
  });

  it('maps every message back to a translation key', () => {
    for (const m of [...Object.values(CANADIAN_REQUIRED), ...Object.values(USA_REQUIRED)])
      expect(registrationMessageKey(m)).not.toBeNull();
    expect(registrationMessageKey('something else')).toBeNull();
  });
});
