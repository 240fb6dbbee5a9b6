import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the production build (e2e/README.md). Not part of `npm test`:
// run with `npm run test:e2e`. One server for the run (global-setup.ts), one file at a time.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  root,
  // The layout walk reads the web router's route table (e2e/support/layout-walk-plan.ts), which imports
  // the web app's modules by its `@/` alias.
  resolve: { alias: { '@': path.join(root, 'apps/web/src') } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
