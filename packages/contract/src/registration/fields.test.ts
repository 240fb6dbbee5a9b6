import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  APPLICATION_FIELDS,
  APPLICATION_SECTIONS,
  CanadianApplication,
  emptyApplication,
  SENSITIVE_APPLICATION_FIELDS,
  SKIPPABLE_FIELD_SCHEMAS,
  UsaApplication,
  applicationFieldsOf,
} from './index';

const SCHEMAS = { ca: CanadianApplication, us: UsaApplication } as const;

/**
 * Each answer's own schema: the form's shape, with the strict schema of the answers a section
 * checkbox can skip (in the shape they are optional; a rule asks them while the box is unticked).
 */
function shapeOf(country: 'ca' | 'us'): Record<string, z.ZodType> {
  return {
    ...((SCHEMAS[country] as unknown as z.ZodObject).shape as Record<string, z.ZodType>),
    ...(SKIPPABLE_FIELD_SCHEMAS[country] as Record<string, z.ZodType>),
  };
}

/** The string schema under optional/default wrappers, or null for non-strings. */
function innerString(schema: z.ZodType): z.ZodString | null {
  let s: unknown = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodDefault) s = s.unwrap();
  return s instanceof z.ZodString ? s : null;
}

describe('the application metadata (docs/product/registration.md)', () => {
  it('names each field once', () => {
    const names = APPLICATION_FIELDS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const country of ['ca', 'us'] as const) {
    describe(country, () => {
      const shape = shapeOf(country);
      const asked = APPLICATION_FIELDS.filter((f) => country in f.required);

      it('lists the same fields as the schema, none missing on either side', () => {
        expect(asked.map((f) => f.name).sort()).toEqual(Object.keys(shape).sort());
      });

      it('marks as required exactly the fields the schema refuses when absent', () => {
        for (const f of asked) {
          expect({ [f.name]: shape[f.name].safeParse(undefined).success }).toEqual({
            [f.name]: !f.required[country],
          });
        }
      });

      it('gives the schema’s length limit', () => {
        for (const f of asked) {
          const max = innerString(shape[f.name])?.maxLength ?? undefined;
          expect({ [f.name]: f.maxLength }).toEqual({ [f.name]: max ?? undefined });
        }
      });

      it('emptyApplication has every field of the form and nothing else (lang and honeypot aside)', () => {
        const empty = emptyApplication(country);
        const expected = Object.keys(shape).filter((k) => k !== 'lang' && k !== 'url');
        expect(Object.keys(empty).sort()).toEqual(expected.sort());
      });

      it('emptyApplication’s blank answers pass every optional field and fail every required one', () => {
        const empty = new Map<string, unknown>(Object.entries(emptyApplication(country)));
        for (const f of applicationFieldsOf(country)) {
          const ok = shape[f.name].safeParse(empty.get(f.name)).success;
          expect({ [f.name]: ok }).toEqual({ [f.name]: !f.required[country] });
        }
      });
    });
  }

  it('emptyApplication keeps the wire spelling and carries the owner over', () => {
    const empty = emptyApplication('usa', { owner_name: 'Ann', owner_email: 'ann@example.com' });
    expect(empty).toMatchObject({ country: 'usa', owner_name: 'Ann', email: 'ann@example.com' });
    expect(UsaApplication.shape.country.safeParse(empty.country).success).toBe(true);
    expect(emptyApplication('ca').country).toBe('ca');
  });

  it('seals the bank details, SSN, driver’s licence and card holder/type/expiry', () => {
    expect([...SENSITIVE_APPLICATION_FIELDS].sort()).toEqual(
      [
        'bank_name',
        'bank_account_number',
        'bank_Tel',
        'bank_account_mgr',
        'bank_address',
        'bank_city',
        'bank_province',
        'bank_state',
        'bank_postal_code',
        'bank_zip',
        'owner_social_security',
        'owner_driver_license',
        'cardholder_name',
        'card_type',
        'expiry_date',
      ].sort(),
    );
  });

  it('orders the sections as the product page does', () => {
    expect(APPLICATION_SECTIONS.map((s) => s.title)).toEqual([
      'company',
      'billing',
      'shipping',
      'owner',
      'officers',
      'trade',
      'banking',
      'card',
    ]);
  });
});
