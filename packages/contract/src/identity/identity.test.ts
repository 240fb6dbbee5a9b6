import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalGstHst,
  canonicalQst,
  canonicalTaxNumbers,
  canonicalUsEin,
  copyrightValues,
  localText,
  luhnValid,
  StoreIdentity,
  telHref,
} from './index';

const minimal = {
  name: { en: 'Test Store' },
  legal_name: 'Test Store Ltd.',
  head_office: {
    lines: { en: '1 Main Street\nToronto ON' },
    phone: '+1 416 555 0100',
    email: 'hello@test.example',
  },
};

/** The English message of each refused field, by its path. */
function refusals(input: unknown): Record<string, string> {
  const result = StoreIdentity.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('store identity schema', () => {
  it('accepts a minimal identity and fills the rest with empty texts', () => {
    const parsed = StoreIdentity.parse(minimal);
    expect(parsed.name).toEqual({ en: 'Test Store', fr: '', es: '' });
    expect(parsed.support_fr.phone).toBe('');
    expect(parsed.tax).toEqual({ gst_hst: '', qst: '', us_ein: '' });
    expect(parsed.logo).toBeNull();
  });

  it('names each refused field', () => {
    const fields = refusals({
      ...minimal,
      name: { en: '   ' },
      legal_name: 'x'.repeat(121),
      head_office: { lines: { en: 'A' }, phone: 'call us', email: 'nope' },
      support_es: { phone: '12' },
      tax: { gst_hst: '123456789 RT0001', qst: '12', us_ein: '00-1234567' },
      logo: 'https://elsewhere.example/logo.png',
    });
    expect(fields).toEqual({
      'name.en': 'Store name (English) is required',
      legal_name: 'Legal name must be at most 120 characters',
      'head_office.phone': 'Head office phone must be a phone number such as +1 514 555 0100',
      'head_office.email':
        'Head office e-mail must be an e-mail address such as orders@example.com',
      'support_es.phone': 'Spanish support phone must be a phone number such as +1 514 555 0100',
      'tax.gst_hst': 'GST/HST number must look like 123456782 RT0001 (a valid business number)',
      'tax.qst': 'QST number must look like 1234567890 TQ0001',
      'tax.us_ein': 'US EIN must look like 12-3456789',
      logo: 'Logo must be an image uploaded on the settings page',
    });
  });

  it('requires the head office contact but not the support blocks', () => {
    expect(refusals({ name: { en: 'S' }, legal_name: 'S' })).toEqual({
      head_office: 'Head office is required',
    });
    expect(
      refusals({ name: { en: 'S' }, legal_name: 'S', head_office: { lines: { fr: 'x' } } }),
    ).toEqual({
      'head_office.lines.en': 'Head office address (English) is required',
      'head_office.phone': 'Head office phone is required',
      'head_office.email': 'Head office e-mail is required',
    });
  });

  it('refuses a NUL character and a body that is not an object', () => {
    expect(refusals({ ...minimal, legal_name: 'a\u0000b' })).toEqual({
      legal_name: 'Legal name must not contain a NUL character',
    });
    expect(refusals('text')).toEqual({ '': 'The store identity must be an object' });
  });
});

describe('tax numbers', () => {
  it('prints each number in its official form', () => {
    expect(canonicalGstHst('123456782rt0001')).toBe('123456782 RT0001');
    expect(canonicalGstHst('123 456 782 RT 0001')).toBe('123456782 RT0001');
    expect(canonicalQst('1234567890tq0001')).toBe('1234567890 TQ0001');
    expect(canonicalUsEin('123456789')).toBe('12-3456789');
    expect(
      canonicalTaxNumbers({ gst_hst: '123456782rt0001', qst: '', us_ein: '12 3456789' }),
    ).toEqual({ gst_hst: '123456782 RT0001', qst: '', us_ein: '12-3456789' });
  });

  it('refuses a business number whose check digit is wrong', () => {
    expect(canonicalGstHst('123456789 RT0001')).toBeNull();
    expect(luhnValid('123456782')).toBe(true);
  });

  const digits = (n: number) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));

  it('a canonical number reads back as itself (GST/HST, QST, EIN)', () => {
    fc.assert(
      fc.property(digits(9), digits(4), (bn, account) => {
        const printed = canonicalGstHst(`${bn}RT${account}`);
        return printed === null ? !luhnValid(bn) : canonicalGstHst(printed) === printed;
      }),
    );
    fc.assert(
      fc.property(digits(10), digits(4), (n, account) => {
        const printed = canonicalQst(`${n} tq ${account}`);
        return printed === `${n} TQ${account}` && canonicalQst(printed) === printed;
      }),
    );
    fc.assert(
      fc.property(digits(9), (n) => {
        const printed = canonicalUsEin(n);
        return n.startsWith('00') ? printed === null : canonicalUsEin(printed!) === printed;
      }),
    );
  });

  it('changing one digit of a valid business number breaks its check', () => {
    fc.assert(
      fc.property(
        digits(8),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (body, pos, delta) => {
          const check = [...Array(10).keys()].find((c) => luhnValid(`${body}${c}`))!;
          const bn = `${body}${check}`;
          const changed = bn.slice(0, pos) + ((Number(bn[pos]) + delta) % 10) + bn.slice(pos + 1);
          return !luhnValid(changed);
        },
      ),
    );
  });
});

describe('reading the identity', () => {
  const identity = StoreIdentity.parse({ ...minimal, name: { en: 'Store', fr: 'Boutique' } });

  it('a missing translation falls back to English', () => {
    expect(localText(identity.name, 'fr')).toBe('Boutique');
    expect(localText(identity.name, 'es')).toBe('Store');
  });

  it('the copyright year is the clock’s, the owner the legal name or a placeholder', () => {
    expect(copyrightValues(identity, new Date('2031-06-01T12:00:00Z'), 'en', 'Store')).toEqual({
      year: 2031,
      owner: 'Test Store Ltd',
    });
    expect(copyrightValues(null, new Date('2029-01-15T12:00:00Z'), 'fr', 'Boutique')).toEqual({
      year: 2029,
      owner: 'Boutique',
    });
  });

  it('links a phone as the dialler needs it', () => {
    expect(telHref('1-800-555-0100')).toBe('tel:+18005550100');
    expect(telHref('(514) 555-0100 x12')).toBe('tel:+15145550100');
    expect(telHref('+33 1 23 45 67 89')).toBe('tel:+33123456789');
  });
});
