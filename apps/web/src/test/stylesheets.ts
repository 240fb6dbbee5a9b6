import fs from 'node:fs';
import path from 'node:path';

/** The web app's `src` folder. */
export const webSrc = path.join(import.meta.dirname, '..');

/** Every component file below `dir` (tests aside). */
export function componentFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(file);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [file] : [];
  });
}

/**
 * The stylesheets a component imports itself (relative or through the `@/` alias), and those they
 * `@import` in turn: what is loaded with its code whichever screen is opened first.
 */
export function stylesheetsOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const imported = [...source.matchAll(/^import '((?:\.|@\/)[^']+\.css)';/gm)].map((m) =>
    m[1]!.startsWith('@/')
      ? path.join(webSrc, m[1]!.slice(2))
      : path.resolve(path.dirname(file), m[1]!),
  );
  return imported.flatMap((css) => [
    css,
    ...[...fs.readFileSync(css, 'utf8').matchAll(/@import '([^']+\.css)';/g)].map((m) =>
      path.resolve(path.dirname(css), m[1]!),
    ),
  ]);
}
