import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  findUnsafeText,
  idSchema,
  MAX_DATABASE_INTEGER,
  revealUnsafeText,
  safeText,
  unsafeTextKind,
} from './safe-input';

const findNulPath = (value: unknown) => findUnsafeText(value)?.path ?? null;

/** Texts where the characters that matter (controls, marks, right-to-left letters) are common. */
const mixedText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u0000', '\u202A', '\u202E', '\u2066', '\u2069', '\u200E', '\u200F'),
    fc.constantFrom('\u200D', '\u2029', 'ש', 'م', 'a', ' '),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
});

describe('safe input rules', () => {
  it('finds the path of the first NUL in nested input, keys included', () => {
    expect(findNulPath({ a: 'ok', b: [{ c: 'x' }, { c: 'y\u0000' }] })).toBe('b.1.c');
    expect(findNulPath({ search_term: 'but\u0000ton' })).toBe('search_term');
    expect(findNulPath({ 'ke\u0000y': 1 })).toBe('key');
    expect(findNulPath('\u0000')).toBe('body');
    expect(findNulPath({ a: 1, b: null, c: ['fine'] })).toBeNull();
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(findNulPath(value) === null).toBe(!text.includes('\\u0000'));
      }),
    );
  });

  it('finds text-direction controls (embeddings, overrides, isolates), not the plain marks', () => {
    for (const control of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2069'])
      expect(findUnsafeText({ po_number: `PO-${control}1` })).toEqual({
        path: 'po_number',
        kind: 'direction',
      });
    expect(findUnsafeText({ lines: [{ 'ite\u202Em': 1 }] })).toEqual({
      path: 'lines.0.item',
      kind: 'direction',
    });
    expect(findUnsafeText({ a: 'x\u202Ey\u0000' })).toEqual({ path: 'a', kind: 'nul' });
    // Left-to-right and right-to-left marks, Hebrew and Arabic letters, joiners: ordinary text.
    expect(findUnsafeText({ name: 'שלום \u200F مرحبا \u200E 👩\u200D🔧 a\u200Cb' })).toBeNull();
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(findUnsafeText(value) === null).toBe(
          !/\\u0000|[\u202A-\u202E\u2066-\u2069]/.test(text),
        );
      }),
    );
  });

  it('checks one text as it checks a request: NUL first, then direction controls', () => {
    expect(unsafeTextKind('Red\u202E thread')).toBe('direction');
    expect(unsafeTextKind('\u2066x\u2069')).toBe('direction');
    expect(unsafeTextKind('a\u202Eb\u0000')).toBe('nul');
    expect(unsafeTextKind('زر خشبي \u200F כפתור \u200E 👩\u200D🔧')).toBeNull();
    fc.assert(
      fc.property(mixedText, (text) => {
        expect(unsafeTextKind(text)).toBe(findUnsafeText({ cell: text })?.kind ?? null);
      }),
    );
  });

  it('reveals each unsafe character as its code point and leaves other text alone', () => {
    expect(revealUnsafeText('Red\u202E thread\u0000')).toBe('Red[U+202E] thread[U+0000]');
    expect(revealUnsafeText('שלום \u200F مرحبا')).toBe('שלום \u200F مرحبا');
    fc.assert(
      fc.property(mixedText, (text) => {
        const shown = revealUnsafeText(text);
        expect(unsafeTextKind(shown)).toBeNull();
        if (unsafeTextKind(text) === null) expect(shown).toBe(text);
      }),
    );
  });

  it('safe text refuses NUL and over-long text, accepts the rest', () => {
    const schema = safeText(10, 'Comment');
    expect(schema.safeParse('hello').success).toBe(true);
    expect(schema.safeParse('a\u0000b').error?.issues[0].message).toBe(
      'Comment must not contain a NUL character',
    );
    expect(schema.safeParse('x'.repeat(11)).success).toBe(false);
  });

  it('ids are whole numbers from 1 to 2^31-1', () => {
    const id = idSchema('order_id');
    expect(id.parse('42')).toBe(42);
    expect(id.parse(MAX_DATABASE_INTEGER)).toBe(MAX_DATABASE_INTEGER);
    for (const bad of [0, -1, 1.5, 'abc', MAX_DATABASE_INTEGER + 1, '99999999999999999999'])
      expect(id.safeParse(bad).success).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_DATABASE_INTEGER }), (n) => {
        expect(id.parse(String(n))).toBe(n);
      }),
    );
  });
});
