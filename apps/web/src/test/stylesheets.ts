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

/** The selectors of a stylesheet's rules, those inside @media included, keyframe steps left out. */
function selectorsOf(css: string): string[] {
  const selectors: string[] = [];
  const open: string[] = [];
  let text = '';
  for (const char of css.replace(/\/\*[\s\S]*?\*\//g, '')) {
    if (char === '{') {
      const head = text.trim();
      if (!head.startsWith('@') && !open.some((h) => /^@(-\w+-)?keyframes/.test(h)))
        selectors.push(...head.split(',').map((s) => s.trim()));
      open.push(head);
      text = '';
    } else if (char === '}') {
      open.pop();
      text = '';
    } else text = char === ';' ? '' : text + char;
  }
  return selectors;
}

/**
 * The selectors of feature stylesheets (`features/**\/*.css`) whose first compound holds no class
 * but the block `name`, its elements or modifiers (`.form-field`, `fieldset.form-field`,
 * `.form-field__error`): rules that restyle the shared class on every screen opened after the
 * feature's own.
 */
export function featureRulesStarting(name: string): string[] {
  const own = new RegExp(`^${name}((__|--)[\\w-]+)?$`);
  const stylesheets = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return stylesheets(file);
      return entry.name.endsWith('.css') ? [file] : [];
    });
  return stylesheets(path.join(webSrc, 'features')).flatMap((css) =>
    selectorsOf(fs.readFileSync(css, 'utf8'))
      .filter((selector) => {
        const classes = [...(selector.match(/^[^\s>+~]+/)?.[0] ?? '').matchAll(/\.([\w-]+)/g)];
        return classes.length > 0 && classes.every((m) => own.test(m[1]!));
      })
      .map((selector) => `${path.relative(webSrc, css)}: ${selector}`),
  );
}
