import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One test run for the whole monorepo: contract (pure rules), api (real database), web (jsdom).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web', 'tools/lint-rules', 'bench'],
    // Vitest's default is one worker fewer than the cores: ONE worker on a 2-core machine, where
    // the main process is nearly idle once files are transformed. A worker per core, at least two
    // (docs/decisions/024-test-speed.md).
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
