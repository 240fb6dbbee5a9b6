import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/**
 * The guard of a group of routes, checked call by call (a failure names its URL): each answers 401
 * to a guest and, given a signed-in buyer's headers, 403 to the buyer.
 */
export async function expectRefused(
  t: TestApp,
  calls: readonly InjectOptions[],
  buyerHeaders?: InjectOptions['headers'],
): Promise<void> {
  for (const call of calls) {
    const url = String(call.url);
    expect((await t.inject({ ...call })).statusCode, url).toBe(401);
    if (buyerHeaders)
      expect((await t.inject({ ...call, headers: buyerHeaders })).statusCode, url).toBe(403);
  }
}
