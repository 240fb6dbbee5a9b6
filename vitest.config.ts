import { defineConfig } from 'vitest/config';

// One test run for the whole monorepo: contract (pure rules), api (real database), web (jsdom).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web', 'tools/lint-rules'],
  },
});
