import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The caches belong to the app that built them (docs/conventions.md #12): two apps on ONE database
 * in one process share no entry, and CACHES=off turns off only the caches of the app it configures.
 */
describe('app-scoped caches', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let off: FastifyInstance;
  const tree = (app: FastifyInstance) => app.caches.stats()['catalogue.tree'];
  const categories = (app: FastifyInstance) =>
    app.inject({ method: 'GET', url: '/api/categories?lang=en&country=ca' });

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    other = await buildApp({ config: t.config, db: t.handle, logger: false });
    off = await buildApp({
      config: { ...t.config, cachesEnabled: false },
      db: t.handle,
      logger: false,
    });
    await Promise.all([other.ready(), off.ready()]);
  });
  afterAll(async () => {
    await Promise.all([other?.close(), off?.close()]);
    await t?.close();
  });

  it('keeps each app its own entries, however many apps share the database', async () => {
    expect((await categories(t.app)).statusCode).toBe(200);
    expect((await categories(t.app)).statusCode).toBe(200);
    expect(tree(t.app)).toMatchObject({ hits: 1, misses: 1, size: 1 });
    // The same request in another app on the same database is that app's first.
    expect((await categories(other)).statusCode).toBe(200);
    expect(tree(other)).toMatchObject({ hits: 0, misses: 1, size: 1 });
    expect(tree(t.app)).toMatchObject({ hits: 1, misses: 1 });
  });

  it('turns off only the caches of the app configured with CACHES=off', async () => {
    await categories(off);
    await categories(off);
    expect(off.caches.enabled).toBe(false);
    expect(tree(off)).toMatchObject({ hits: 0, misses: 2, size: 0 });
    await categories(t.app);
    expect(tree(t.app)).toMatchObject({ hits: 2, misses: 1 });
  });
});
