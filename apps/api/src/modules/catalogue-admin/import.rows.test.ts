import fc from 'fast-check';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { sanitizeProductName } from '../catalogue';
import { sanitizeDescription, sanitizeName } from './import.rows';

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
