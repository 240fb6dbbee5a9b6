import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
// The repository's own configuration, built for the fixture tree (eslint.config.js).
import { createLintConfig } from '../../eslint.config.js';

const fixtureRoot = path.join(import.meta.dirname, 'fixtures', 'repo');

/** rule ids reported per fixture file (relative path), errors only. */
let errors: Map<string, string[]>;
/** The lines of the errors of `no-restricted-syntax` per fixture file. */
let restrictedLines: Map<string, number[]>;

beforeAll(async () => {
  const eslint = new ESLint({
    cwd: fixtureRoot,
    overrideConfigFile: true,
    overrideConfig: createLintConfig(fixtureRoot),
  });
  const results = await eslint.lintFiles(['apps']);
  errors = new Map(
    results.map((r) => [
      path.relative(fixtureRoot, r.filePath),
      r.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message),
    ]),
  );
  restrictedLines = new Map(
    results.map((r) => [
      path.relative(fixtureRoot, r.filePath),
      r.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line),
    ]),
  );
});

const errorsOf = (file: string) => {
  const found = errors.get(file);
  if (!found) throw new Error(`${file} was not linted`);
  return found;
};

describe('API module boundaries', () => {
  it('refuses a deep import into another module, from a module or a workflow', () => {
    expect(errorsOf('apps/api/src/modules/beta/beta.deep-import.ts')).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(errorsOf('apps/api/src/workflows/flow.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it("accepts imports through a module's index.ts, and the registry importing routes files", () => {
    expect(errorsOf('apps/api/src/modules/beta/beta.service.ts')).toEqual([]);
    expect(errorsOf('apps/api/src/modules/index.ts')).toEqual([]);
  });

  it('refuses an import cycle', () => {
    expect(errorsOf('apps/api/src/modules/gamma/one.ts')).toContain('import-x/no-cycle');
  });
});

describe('web feature boundaries', () => {
  it('refuses a relative cross-feature import as well as an aliased one', () => {
    expect(errorsOf('apps/web/src/features/cart/components/relative-import.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(errorsOf('apps/web/src/features/cart/alias-import.ts')).toContain(
      'no-restricted-imports',
    );
  });

  it("accepts a feature's own files and lib/", () => {
    expect(errorsOf('apps/web/src/features/cart/own-import.ts')).toEqual([]);
  });

  it('refuses an import cycle', () => {
    expect(errorsOf('apps/web/src/lib/left.ts')).toContain('import-x/no-cycle');
  });
});

describe('module-level state in the API', () => {
  const file = 'apps/api/src/modules/alpha/alpha.state.ts';

  it('refuses a top-level let (exported or not) and a Map, Set or WeakMap not typed readonly', () => {
    // counter, exported, byName, seen, perObject, exportedSet; not the readonly tables, not the
    // allow-listed memo, not what a function keeps in its own scope.
    expect(restrictedLines.get(file)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(errorsOf(file).every((rule) => rule === 'no-restricted-syntax')).toBe(true);
  });

  it("leaves a test's module-level app alone", () => {
    expect(errorsOf('apps/api/src/modules/alpha/alpha.test.ts')).toEqual([]);
  });
});
