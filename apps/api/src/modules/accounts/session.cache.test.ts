import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';

// The session cache belongs to the app that built it (docs/decisions/016-caches-and-change-feed.md):
// two apps on ONE database in one process keep their own resolved sessions.
describe('session cache', () => {
  let t: TestApp;
  let other: FastifyInstance;
  const sessions = (app: FastifyInstance) => app.caches.stats()['accounts.sessions'];

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    other = await buildApp({ config: t.config, db: t.handle, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('is kept per app, however many apps share the database', async () => {
    const { headers } = await t.signIn();
    const me = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/me', headers });
    expect((await me(t.app)).statusCode).toBe(200);
    expect((await me(t.app)).statusCode).toBe(200);
    expect(sessions(t.app)).toMatchObject({ hits: 1, misses: 1, size: 1 });
    // The other app resolves the same token itself, once, then from its own cache.
    expect((await me(other)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(200);
    expect(sessions(other)).toMatchObject({ hits: 1, misses: 1, size: 1 });
    expect(sessions(t.app)).toMatchObject({ hits: 1, misses: 1 });
  });
});
