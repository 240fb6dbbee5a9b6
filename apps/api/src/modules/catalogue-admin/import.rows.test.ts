import fc from 'fast-check';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { sanitizeProductName } from '../catalogue';
import { rowContext, sanitizeDescription, sanitizeName, validateRow } from './import.rows';

/** What sanitizeDescription and sanitizeName answer when every text goes through sanitize-html. */
const slowDescription = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'b', 'strong', 'i', 'em', 'u', 'h3', 'h4'],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  })
    .trim()
    .replace(/&amp;/g, '&');
const slowName = (html: string) => sanitizeProductName(html).replace(/&amp;/g, '&');

/** Texts made of the pieces that decide the fast path: tags, entities, brackets, spaces. */
const markupText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '<p>',
        '</p>',
        '<h3>',
        '</h3>',
        '<h4>',
        '</h4>',
        '<b>',
        '</b>',
        '<strong>',
        '</strong>',
        '<i>',
        '</i>',
        '<em>',
        '</em>',
        '<u>',
        '</u>',
        '<br>',
        '<br />',
        '<ul>',
        '</ul>',
        '<li>',
        '</li>',
        '<P>',
        '<p class="x">',
        '<script>',
        '</script>',
        '<a>',
        '</a>',
        '<span>',
        '<!--',
        '-->',
        '&amp;',
        '&amp;lt;',
        '&lt;',
        '&copy',
        '&#65;',
        '&',
        '<',
        '>',
        '"',
        "'",
        ' ',
        '  ',
        '\n',
        '\t',
        'é',
        'Cotton',
        '1',
        '/',
        '=',
      ),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(''));

describe('import text sanitising', () => {
  it('keeps allowed markup, drops scripts and attributes', () => {
    expect(sanitizeDescription('<p onclick="x()">Hi</p><script>alert(1)</script>')).toBe(
      '<p>Hi</p>',
    );
    expect(sanitizeName('<b>Red</b> <a href="x">thread</a>')).toBe('<b>Red</b> thread');
    expect(sanitizeName('Needles & Pins')).toBe('Needles & Pins');
  });

  it('is stable: a sanitised text sanitises to itself (an export imports back unchanged)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const once = sanitizeDescription(text);
        expect(sanitizeDescription(once)).toBe(once);
        const name = sanitizeName(text);
        expect(sanitizeName(name)).toBe(name);
      }),
    );
  });

  it('answers what sanitize-html answers, with or without its fast path', () => {
    for (const text of [
      '<p>Cotton button 7, <b>strong</b> &amp; useful</p>',
      '<p>a</p>\n<h3>b <i>c</i></h3>',
      '<p><p>nested</p></p>',
      '<b><p>block in inline</p></b>',
      'Plain   name\twith spaces ',
    ]) {
      expect(sanitizeDescription(text)).toBe(slowDescription(text));
      expect(sanitizeName(text)).toBe(slowName(text));
    }
    fc.assert(
      fc.property(markupText, (text) => {
        expect(sanitizeDescription(text)).toBe(slowDescription(text));
        expect(sanitizeName(text)).toBe(slowName(text));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('import cells holding a NUL or a text-direction control', () => {
  const ctx = () =>
    rowContext(
      { categories: [], classes: [], brands: [] },
      { columns: ['sku', 'name_en', 'name_fr'], images: null, firstRowOfSku: new Map() },
    );

  it('refuses the row once per such cell, naming the column, the character shown as its code point', () => {
    // A NUL cannot come in a CSV (the file is refused as binary) but a cell from elsewhere may hold one.
    expect(validateRow(['NUL-1', 'Cotton\u0000 reel', 'Fil\u2069'], 2, ctx())).toEqual({
      row: null,
      errors: [
        {
          row: 2,
          column: 'name_en',
          value: 'Cotton[U+0000] reel',
          message: 'name_en must not contain a NUL character',
        },
        {
          row: 2,
          column: 'name_fr',
          value: 'Fil[U+2069]',
          message:
            'name_fr must not contain text-direction control characters (U+202A–U+202E, U+2066–U+2069)',
        },
      ],
    });
  });

  it('keeps right-to-left letters, direction marks and joiners', () => {
    const { row, errors } = validateRow(['RTL-1', 'שלום \u200F', 'مرحبا 👩\u200D🔧'], 2, ctx());
    expect(errors).toEqual([]);
    expect(row).toMatchObject({ name_en: 'שלום \u200F', name_fr: 'مرحبا 👩\u200D🔧' });
  });
});
