// Lint rules, including the import boundaries of CONVENTIONS.md #1:
// web: components/ui and lib → features → app; a feature never imports another feature.
// api: a module's tables are read only through its own queries (enforced by review), routes never
// import another module's queries.
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: features.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}`, `@/features/${f}/*`, `**/features/${f}/*`]),
            message: 'Features do not import each other: lift shared code to components/ or lib/, or compose in app/.',
          },
          { group: ['@/app/*', '**/app/*'], message: 'Features do not import app/: code flows lib → features → app.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: ['**/dist/**', '.prof/**', '**/node_modules/**', 'data/**', '**/coverage/**', 'apps/api/src/db/migrations/**', 'bench/.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
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
        { patterns: [{ group: ['@/features/*', '@/app/*', '**/features/*', '**/app/*'], message: 'components/ and lib/ sit below features and app.' }] },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@wholesale/api*', '@wholesale/web*', 'react', 'fastify'], message: 'The contract depends on zod only.' }] }],
    },
  },
);
