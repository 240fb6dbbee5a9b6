import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The root layout owns the page's one <main> (root-layout.tsx, the skip link's target): a page
// that writes its own nests a second landmark inside it (/admin/catalogue had two). Every page of
// every route, admin ones included, is rendered inside that layout, so no feature or route may.
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [file] : [];
  });
}

describe('one main landmark per page', () => {
  it('only the root layout renders <main>', () => {
    const withMain = sources(SRC)
      .filter((file) => /<main[\s>]/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(withMain).toEqual([path.join('app', 'layout', 'root-layout.tsx')]);
  });
});
