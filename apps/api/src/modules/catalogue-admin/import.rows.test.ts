import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeDescription, sanitizeName } from './import.rows';

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
});
