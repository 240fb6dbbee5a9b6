import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The test app of each accounts test file (accounts.*.test.ts; their customers and sign-ins come
 * from accounts.fixtures.ts). NOTE: an exported `let` is a live binding, so a file reads the app its
 * own beforeAll made (the API tests run with isolate: false and share this module).
 */
export let t: TestApp;

/** Gives the calling test file its own app: made before its tests, closed after them. */
export function useAccountsTestApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
}
