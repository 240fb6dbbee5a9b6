import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { importErrorParams, translateImportError, unsafeCellRefusal } from './index';

/** One stored sentence of each reason the import gives (import.rows.ts, import.worker.ts, cells.ts). */
const STORED = [
  'The row has more cells (12) than the header',
  'sku is required',
  'sku may hold letters, digits, - and _ only (at most 64)',
  'sku ERR-1 already appears on row 2',
  'price_ca must be an amount such as 12.50',
  'stock_us must not be negative',
  'stock_ca must be a whole number',
  'ship_pack must be at least 1',
  'active must be yes or no',
  'name_fr must be at most 500 characters',
  'brand must be at most 100 characters',
  'name_es holds no text once its markup is removed',
  'category is required for a new product',
  'barcode 123 is not a UPC-A or EAN-13 with a right check digit',
  'category NOPE is not a known top-level category code',
  'subcategory S1 is not under category T1',
  'subcategory S9 is not known',
  'class ZZ is not a known class (A, B, F, N)',
  'image a.jpg: no images ZIP came with this file',
  'image a.jpg is not in the images ZIP',
  'image a.jpg is not a readable JPEG, PNG or WebP image',
  'price_ca is required: the product has no Canadian price yet',
  'price_us is required: the product has no US price yet',
  unsafeCellRefusal('name_en', 'nul'),
  unsafeCellRefusal('brand', 'direction'),
];

describe('import refusals in the staff member’s language', () => {
  it('translates every reason to French and Spanish, with its parameters filled in', () => {
    for (const message of STORED) {
      expect(importErrorParams(message), message).not.toBeNull();
      for (const lang of ['fr', 'es'] as const) {
        const text = translateImportError(message, lang);
        expect({ message, lang, same: text === message }).toEqual({ message, lang, same: false });
        expect(text).not.toMatch(/\{\w+\}/);
      }
      expect(translateImportError(message, 'en')).toBe(message);
    }
    expect(translateImportError('class ZZ is not a known class (A, B, F, N)', 'fr')).toBe(
      'la classe ZZ n’est pas une classe connue (A, B, F, N)',
    );
    expect(translateImportError('subcategory S1 is not under category T1', 'es')).toBe(
      'la subcategoría S1 no está bajo la categoría T1',
    );
  });

  it('says a cell with a NUL or a text-direction control in the request path’s words', () => {
    expect(unsafeCellRefusal('name_en', 'direction')).toBe(
      'name_en must not contain text-direction control characters (U+202A–U+202E, U+2066–U+2069)',
    );
    expect(translateImportError(unsafeCellRefusal('brand', 'direction'), 'fr')).toBe(
      'brand ne doit pas contenir de caractères de contrôle du sens du texte (U+202A–U+202E, U+2066–U+2069)',
    );
    expect(translateImportError(unsafeCellRefusal('name_fr', 'nul'), 'es')).toBe(
      'name_fr no debe contener un carácter NUL',
    );
  });

  it('leaves a sentence it does not know as it is', () => {
    expect(translateImportError('Something new went wrong', 'fr')).toBe('Something new went wrong');
    expect(importErrorParams('Something new went wrong')).toBeNull();
  });

  it('property: the column and the refused value come back, whatever they are', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z_]{1,20}$/),
        fc.string({ minLength: 1, maxLength: 30 }).filter((v) => !/[\n\r\u2028\u2029]/.test(v)),
        fc.constantFrom('fr' as const, 'es' as const),
        (column, value, lang) => {
          expect(translateImportError(`${column} must be a whole number`, lang)).toContain(column);
          const message = `image ${value} is not in the images ZIP`;
          expect(importErrorParams(message)?.value).toBe(value);
          expect(translateImportError(message, lang)).toContain(value);
        },
      ),
    );
  });
});
