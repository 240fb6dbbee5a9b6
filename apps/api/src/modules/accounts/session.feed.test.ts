import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// Sessions are cached per API process for minutes while it follows the session feed (migration
// 0009). A revocation made by another process, or straight in the database, must end access at once.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) => t.get('/api/me', headers).then((r) => r.statusCode);
// Far below SESSION_CACHE_MS (5 s) and the followed lifetime (minutes): only the feed can do it.
const soon = { timeout: 1500, interval: 20 };

describe('session cache: changes made elsewhere', () => {
  it('ends a session revoked in the database at the next request', async () => {
    const a = await t.signIn();
    expect(await me(a.headers)).toBe(200);
    await t.handle.exec(`update sessions set revoked_at = now() where user_id = ${a.userId}`);
    await expect.poll(() => me(a.headers), soon).toBe(401);
  });

  it('ends the sessions of a deactivated user and of a deleted session', async () => {
    const b = await t.signIn();
    const c = await t.signIn();
    expect(await me(b.headers)).toBe(200);
    expect(await me(c.headers)).toBe(200);
    await t.handle.exec(`update users set is_active = false where id = ${b.userId}`);
    await t.handle.exec(`delete from sessions where user_id = ${c.userId}`);
    await expect.poll(() => me(b.headers), soon).toBe(401);
    await expect.poll(() => me(c.headers), soon).toBe(401);
  });

  it('keeps other sessions, and notifies nothing for a last-seen touch', async () => {
    const d = await t.signIn();
    expect(await me(d.headers)).toBe(200);
    await t.handle.exec(`update sessions set last_seen_at = now() where user_id = ${d.userId}`);
    expect(await me(d.headers)).toBe(200);
  });
});

describe('session cache with CACHES=off', () => {
  it('still keeps sessions (the switch is for the catalogue and search answers)', async () => {
    const cold = await createTestApp({ env: { CACHES: 'off' } });
    try {
      const { headers } = await cold.signIn();
      const sessions = () => cold.app.caches.stats()['accounts.sessions'];
      const hitsBefore = sessions().hits;
      for (let i = 0; i < 3; i++)
        expect((await cold.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(
          200,
        );
      expect(sessions().hits - hitsBefore).toBeGreaterThanOrEqual(2);
    } finally {
      await cold.close();
    }
  });
});
