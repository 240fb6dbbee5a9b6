import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentFiles, stylesheetsOf, webSrc } from '@/test/stylesheets';

const features = path.join(webSrc, 'features');

// A page's stylesheet is loaded with its own code: a pill styled only by another screen's
// stylesheet shows as bare words next to each other ("Placed Waiting for deposit") whenever that
// screen was not opened first, as on the order desk.
describe('status pills', () => {
  it('are styled by the stylesheet of every back-office screen that draws them', () => {
    const backOffice = fs
      .readdirSync(features)
      .filter((name) => name.startsWith('admin-'))
      .flatMap((name) => componentFiles(path.join(features, name)));
    const drawing = backOffice.filter((file) =>
      /className=\{?[`'"]order-status /.test(fs.readFileSync(file, 'utf8')),
    );
    expect(drawing.length).toBeGreaterThan(0);
    for (const file of drawing)
      expect(
        stylesheetsOf(file).some((css) => css.endsWith(`${path.sep}status-pill.css`)),
        path.relative(features, file),
      ).toBe(true);
  });
});
