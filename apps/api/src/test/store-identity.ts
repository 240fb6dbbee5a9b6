import { TEST_STORE_IDENTITY } from '@wholesale/contract/testing';
import type { TestApp } from './test-app';

/** The tests' store identity (not the demo store's), as an admin's form sends it. */
export const TEST_IDENTITY = TEST_STORE_IDENTITY;

/** Saves `identity` as an admin through the API (the cache and the change feed see it). */
export async function saveTestIdentity(
  t: TestApp,
  identity: object = TEST_IDENTITY,
): Promise<void> {
  const admin = await t.signIn({ role: 'staff', staffRoles: ['admin'] });
  const res = await t.put('/api/admin/settings/identity', admin.headers, identity);
  if (res.statusCode !== 200) throw new Error(`identity not saved: ${res.body}`);
}
