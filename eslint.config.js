// Lint rules, including the import boundaries of docs/conventions.md #1. The boundaries are computed from
// the folder names, so a new feature or module is covered the moment its folder exists:
// web: components/ui and lib → features → app; a feature never imports another feature (alias or
//      relative path alike).
// api: another module, a workflow, a plugin or a test reaches a module only through its public entry
//      `modules/<name>/index.ts`; the route registry `modules/index.ts` alone also imports each
//      module's `*.routes.ts` files. Routes never import another module's queries.
// both: no import cycles.
// tools/lint-rules proves each boundary on a small fixture tree (createLintConfig(fixtureRoot)).
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const subfolders = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
const entries = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

/** The web features: no feature imports another one, however the path is written. */
function webFeatureBoundaries(root) {
  const featuresDir = 'apps/web/src/features';
  const features = subfolders(path.join(root, featuresDir));
  const aliasRules = features.map((feature) => ({
    files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features
                .filter((f) => f !== feature)
                .flatMap((f) => [`@/features/${f}`, `@/features/${f}/*`, `**/features/${f}/*`]),
              message:
                'Features do not import each other: lift shared code to components/ or lib/, or compose in app/.',
            },
            {
              group: ['@/app/*', '**/app/*'],
              message: 'Features do not import app/: code flows lib → features → app.',
            },
          ],
        },
      ],
    },
  }));
  // Resolved paths: also catches `../../favourites/api/...`.
  const zones = features.map((feature) => ({
    target: `${featuresDir}/${feature}`,
    from: features.filter((f) => f !== feature).map((f) => `${featuresDir}/${f}`),
    message:
      'Features do not import each other: lift shared code to components/ or lib/, or compose in app/.',
  }));
  zones.push(
    ...['components', 'lib'].map((below) => ({
      target: `apps/web/src/${below}`,
      from: [`${featuresDir}`, 'apps/web/src/app'],
      message: 'components/ and lib/ sit below features and app.',
    })),
  );
  return { aliasRules, zones: zones.filter((z) => z.from.length > 0) };
}

/** The API modules: reached from outside only through `modules/<name>/index.ts`. */
function apiModuleZones(root) {
  const srcDir = 'apps/api/src';
  const modulesDir = `${srcDir}/modules`;
  const modules = subfolders(path.join(root, modulesDir));
  const outsideModules = entries(path.join(root, srcDir))
    .filter((e) => e !== 'modules')
    .map((e) => `${srcDir}/${e}`);
  return modules.flatMap((mod) => [
    {
      target: [
        ...outsideModules,
        ...modules.filter((m) => m !== mod).map((m) => `${modulesDir}/${m}`),
      ],
      from: `${modulesDir}/${mod}`,
      except: ['./index.ts'],
      message: `Import the ${mod} module through its public entry modules/${mod}/index.ts.`,
    },
    {
      target: `${modulesDir}/index.ts`,
      from: `${modulesDir}/${mod}`,
      except: [
        './index.ts',
        ...entries(path.join(root, modulesDir, mod))
          .filter((f) => f.endsWith('.routes.ts'))
          .map((f) => `./${f}`),
      ],
      message: `The route registry imports the routes files of modules/${mod} or its index.ts only.`,
    },
  ]);
}

/**
 * No module-level state in the API (docs/conventions.md #12): what an app owns is an app decoration,
 * so two apps in one process (tests, a second app on one database) never share it. Refused at the
 * top level of a module: `let`/`var`, and a Map, Set, WeakMap or WeakSet unless typed ReadonlyMap or
 * ReadonlySet (a constant lookup table TypeScript keeps unchanged). The few justified ones (a memo of
 * an immutable value, a side table keyed by the object that owns the value, a registry of code) say
 * why on an `eslint-disable-next-line no-restricted-syntax -- <why>` line: that is the allow-list.
 */
const TOP_LEVEL = ':matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration';
const MODULE_STATE = [
  {
    selector: `${TOP_LEVEL}[kind!='const']`,
    message:
      'No module-level let/var in the API: state an app owns is an app decoration (docs/conventions.md #12).',
  },
  {
    selector: `${TOP_LEVEL} > VariableDeclarator[init.type='NewExpression'][init.callee.name=/^(Weak)?(Map|Set)$/]:not([id.typeAnnotation.typeAnnotation.typeName.name=/^Readonly(Map|Set)$/])`,
    message:
      'No module-level Map/Set/WeakMap in the API: make it an app decoration, or a constant typed ReadonlyMap/ReadonlySet (docs/conventions.md #12).',
  },
];

/** The whole configuration, for the repository at `root` (the lint test builds it for a fixture). */
export function createLintConfig(root) {
  const web = webFeatureBoundaries(root);
  const tsconfigs = [
    'apps/api/tsconfig.json',
    'apps/web/tsconfig.json',
    'packages/contract/tsconfig.json',
  ]
    .map((p) => path.join(root, p))
    .filter((p) => fs.existsSync(p));
  return tseslint.config(
    {
      ignores: [
        '**/dist/**',
        '.prof/**',
        '**/node_modules/**',
        'data/**',
        '**/coverage/**',
        'apps/api/src/db/migrations/**',
        'bench/.tmp/**',
        'tools/lint-rules/fixtures/**',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      languageOptions: { globals: { ...globals.node, ...globals.browser } },
      rules: {
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
        ],
        '@typescript-eslint/no-explicit-any': 'error',
        'no-console': 'off',
      },
    },
    {
      files: ['apps/web/**/*.{ts,tsx}'],
      plugins: { 'react-hooks': reactHooks },
      rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
    },
    {
      files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['@/features/*', '@/app/*', '**/features/*', '**/app/*'],
                message: 'components/ and lib/ sit below features and app.',
              },
            ],
          },
        ],
      },
    },
    ...web.aliasRules,
    {
      files: ['apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
        'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
        'import-x/resolver-next': [
          createTypeScriptImportResolver({
            project: tsconfigs,
            alwaysTryTypes: true,
            noWarnOnMultipleProjects: true,
          }),
        ],
      },
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          { basePath: root, zones: [...web.zones, ...apiModuleZones(root)] },
        ],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    {
      files: ['apps/api/src/**/*.ts'],
      // Tests and their set-up keep the app they test in module-level `let`s (beforeAll).
      ignores: [
        'apps/api/src/**/*.test.ts',
        'apps/api/src/**/*.test-app.ts',
        'apps/api/src/**/*.fixtures.ts',
        'apps/api/src/test/**',
      ],
      rules: { 'no-restricted-syntax': ['error', ...MODULE_STATE] },
    },
    {
      files: ['packages/contract/**/*.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['@wholesale/api*', '@wholesale/web*', 'react', 'fastify'],
                message: 'The contract depends on zod only.',
              },
            ],
          },
        ],
      },
    },
  );
}

export default createLintConfig(import.meta.dirname);
