import { defineProject } from 'vitest/config';

// API tests run against a real database: in-memory PGlite by default, a fresh PostgreSQL database
// per test file when DATABASE_URL is set (src/test/test-app.ts).
export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/fail-on-console-error.ts'],
    // Migrates once per run; each test database is a copy (docs/decisions/024-test-speed.md).
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
