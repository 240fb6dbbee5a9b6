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
    // Ceilings for a hung test, not windows to finish in: a test that starts its own app (a fresh
    // database) took over 30 s at load average 20.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    isolate: false,
  },
});
