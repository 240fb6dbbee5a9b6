import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';

/** The web app's `src` folder. */
export const webSrc = path.join(import.meta.dirname, '..');

/** Every file below `dir` whose name `wanted` accepts. */
function filesBelow(dir: string, wanted: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesBelow(file, wanted);
    return wanted(entry.name) ? [file] : [];
  });
}

/** Every component file below `dir` (tests aside). */
export function componentFiles(dir: string): string[] {
  return filesBelow(dir, (name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'));
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
  postcss.parse(css).walkRules((rule) => {
    const parent = rule.parent;
    if (parent?.type === 'atrule' && /keyframes$/.test((parent as postcss.AtRule).name)) return;
    selectors.push(...rule.selectors);
  });
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
  const stylesheets = filesBelow(path.join(webSrc, 'features'), (file) => file.endsWith('.css'));
  return stylesheets.flatMap((css) =>
    selectorsOf(fs.readFileSync(css, 'utf8'))
      .filter((selector) => {
        const classes = [...(selector.match(/^[^\s>+~]+/)?.[0] ?? '').matchAll(/\.([\w-]+)/g)];
        return classes.length > 0 && classes.every((m) => own.test(m[1]!));
      })
      .map((selector) => `${path.relative(webSrc, css)}: ${selector}`),
  );
}
