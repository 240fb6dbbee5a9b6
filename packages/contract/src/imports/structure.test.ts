import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AdminCategoryCreate,
  AdminProductClassCreate,
  brandCodeFromName,
  childLevel,
  isValidCategoryCode,
  isValidClassCode,
  moveAmongSiblings,
  normaliseCode,
} from './structure';

describe('catalogue structure codes', () => {
  it('accepts capitals, digits, - and _ for categories and brands; 1 to 4 capitals or digits for classes', () => {
    for (const ok of ['BT', 'BT-WD', 'X_1', '9', 'A'.repeat(32)])
      expect(isValidCategoryCode(ok)).toBe(true);
    for (const bad of ['', 'bt', '-BT', 'BT WD', 'É', 'A'.repeat(33), 'BT/1'])
      expect(isValidCategoryCode(bad)).toBe(false);
    for (const ok of ['F', 'R', 'AB12']) expect(isValidClassCode(ok)).toBe(true);
    for (const bad of ['', 'ABCDE', 'A-1', 'f']) expect(isValidClassCode(bad)).toBe(false);
  });

  it('reads a typed code trimmed and in capitals, and names the field when it is wrong', () => {
    expect(normaliseCode('  bt-wd ')).toBe('BT-WD');
    const names = { name_en: 'Buttons', name_fr: 'Boutons', name_es: 'Botones' };
    expect(AdminCategoryCreate.parse({ code: ' bt ', ...names }).code).toBe('BT');
    const refused = AdminCategoryCreate.safeParse({ code: 'a b', ...names });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['code'],
      params: { reason: 'CODE_INVALID', field: 'code' },
    });
    const blank = AdminCategoryCreate.safeParse({ code: 'BT', ...names, name_fr: '  ' });
    expect(blank.error?.issues[0]).toMatchObject({
      path: ['name_fr'],
      params: { reason: 'FIELD_REQUIRED', field: 'name_fr' },
    });
    const cls = AdminProductClassCreate.safeParse({
      code: 'toolong',
      label_en: 'x',
      label_fr: 'x',
      label_es: 'x',
    });
    expect(cls.error?.issues[0]).toMatchObject({
      params: { reason: 'CLASS_CODE_INVALID', field: 'code' },
    });
  });

  it('a normalised code is valid exactly when the typed text, in capitals, matches the rule', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        const code = normaliseCode(typed);
        expect(isValidCategoryCode(code)).toBe(/^[A-Z0-9][A-Z0-9_-]{0,31}$/.test(code));
        if (isValidClassCode(code)) expect(isValidCategoryCode(code)).toBe(true);
      }),
    );
  });

  it('allows three levels only', () => {
    expect([null, 1, 2, 3].map(childLevel)).toEqual([1, 2, 3, null]);
  });

  it('makes a valid brand code from any name, never one already taken', () => {
    expect(brandCodeFromName('Acme Threads', new Set())).toBe('ACME-THREADS');
    expect(brandCodeFromName('Café & Co.', new Set(['CAFE-CO']))).toBe('CAFE-CO-2');
    expect(brandCodeFromName('***', new Set())).toBe('BRAND');
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.array(fc.string({ maxLength: 8 })),
        (name, taken) => {
          const set = new Set([...taken.map(normaliseCode), brandCodeFromName(name, new Set())]);
          const code = brandCodeFromName(name, set);
          expect(isValidCategoryCode(code)).toBe(true);
          expect(set.has(code)).toBe(false);
        },
      ),
    );
  });

  it('moves one place among siblings, keeping every sibling once', () => {
    expect(moveAmongSiblings([1, 2, 3], 3, 'up')).toEqual([1, 3, 2]);
    expect(moveAmongSiblings([1, 2, 3], 1, 'up')).toBeNull();
    expect(moveAmongSiblings([1, 2, 3], 3, 'down')).toBeNull();
    expect(moveAmongSiblings([1, 2, 3], 9, 'down')).toBeNull();
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer(), { minLength: 1, maxLength: 20 }),
        fc.nat(),
        fc.constantFrom('up' as const, 'down' as const),
        (ids, pick, direction) => {
          const id = ids[pick % ids.length];
          const moved = moveAmongSiblings(ids, id, direction);
          if (!moved) return;
          expect([...moved].sort()).toEqual([...ids].sort());
          const shift = direction === 'up' ? -1 : 1;
          expect(moved.indexOf(id)).toBe(ids.indexOf(id) + shift);
          // Moving back restores the order.
          expect(moveAmongSiblings(moved, id, direction === 'up' ? 'down' : 'up')).toEqual(ids);
        },
      ),
    );
  });
});
