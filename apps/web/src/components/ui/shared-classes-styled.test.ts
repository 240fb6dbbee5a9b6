import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentFiles, featureRulesStarting, stylesheetsOf, webSrc } from '@/test/stylesheets';

// A stylesheet is loaded with the code that imports it. A class drawn by shared code but styled
// only in one screen's stylesheet shows unstyled whenever another screen is opened first: the
// order desk's and the audit log's filters ran together, a staff form's errors read as plain text.
const SHARED_CLASSES = [
  'field-error',
  'admin-filters',
  'admin-filter',
  'text-input',
  'form-field',
  'form-alert',
  'product-thumb',
  'listing__toolbar',
  'listing__controls',
  'listing__count',
  'listing__message',
];

describe('classes drawn in many screens', () => {
  it.each(SHARED_CLASSES)('.%s is styled by a stylesheet each file drawing it imports', (name) => {
    const drawing = componentFiles(webSrc).filter((file) =>
      new RegExp(`['"\` ]${name}['"\` ]`).test(fs.readFileSync(file, 'utf8')),
    );
    expect(drawing.length).toBeGreaterThan(0);
    const rule = new RegExp(`\\.${name}\\s*[{,]`);
    for (const file of drawing)
      expect(
        stylesheetsOf(file).some((css) => rule.test(fs.readFileSync(css, 'utf8'))),
        path.relative(webSrc, file),
      ).toBe(true);
  });

  // The single-page app never unloads a stylesheet: a screen's rule for a shared class restyles it
  // on every later screen, so the return dialog looked one way fresh and another after the credit
  // application. A screen's differences stand under its own root class.
  it.each(SHARED_CLASSES)('.%s and its elements are not restyled by a screen for all', (name) => {
    expect(featureRulesStarting(name)).toEqual([]);
  });
});
