import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const features = path.join(import.meta.dirname, '..', '..');

/** Every component file under features/ (tests aside). */
function componentFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(file);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [file] : [];
  });
}

/** The stylesheets a component imports itself, and those they import in turn. */
function stylesheetsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const imported = [...source.matchAll(/^import '(\.[^']+\.css)';/gm)].map((m) =>
    path.resolve(path.dirname(file), m[1]!),
  );
  return imported.flatMap((css) => [
    css,
    ...[...fs.readFileSync(css, 'utf8').matchAll(/@import '([^']+\.css)';/g)].map((m) =>
      path.resolve(path.dirname(css), m[1]!),
    ),
  ]);
}

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
