import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsFor } from '../../test/audit-rows';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/api/admin/integrations/tokens';

const createToken = (headers: Record<string, string>, name: string, scopes: string[]) =>
  t.post(URL, headers, { name, scopes });

/** A stock feed call (it needs the catalogue:write scope), changing no real product. */
const feedStock = (headers: Record<string, string>) =>
  t.patch('/api/admin/stock', headers, [{ sku: 'NONE', country: 'ca', available: 1 }]);

describe('integration tokens', () => {
  it('answers 401 to guests and 403 to buyers on every token call', async () => {
    const buyer = await t.signIn();
    for (const call of [
      { method: 'GET', url: URL },
      { method: 'POST', url: URL, payload: { name: 'x', scopes: ['orders:read'] } },
      { method: 'DELETE', url: `${URL}/1` },
    ] as const) {
      expect((await t.inject(call)).statusCode, call.method).toBe(401);
      expect((await t.inject({ ...call, headers: buyer.headers })).statusCode, call.method).toBe(
        403,
      );
    }
  });

  it('shows the secret once, stores only its hash, and lists tokens without it', async () => {
    const staff = await t.signIn({ role: 'staff' });
    const created = await createToken(staff.headers, 'ERP', ['catalogue:write']);
    expect(created.statusCode).toBe(201);
    const { secret, token } = created.json();
    expect(secret).toMatch(/^wsi_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(token.hint)).toBe(true);
    const list = await t.get(URL, staff.headers);
    expect(list.body).not.toContain(secret);
    const stored = await t.handle.db.query.integrationTokens.findFirst();
    expect(stored?.tokenHash).not.toBe(secret);
    expect(JSON.stringify(stored)).not.toContain(secret.slice(10));
  });

  it('names the bad field of a creation', async () => {
    const staff = await t.signIn({ role: 'staff' });
    const bad = await t.post(URL, staff.headers, { name: ' ', scopes: ['everything'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['name', 'scopes.0']),
    );
  });

  it('authenticates a token as a machine with its scopes only, stamps its last use, and stops at revocation', async () => {
    const staff = await t.signIn({ role: 'staff' });
    const { secret, token } = (
      await createToken(staff.headers, 'Orders reader', ['orders:read'])
    ).json();
    const bearer = { authorization: `Bearer ${secret}` };
    // Without catalogue:write the stock feed refuses it; it is not a user, so staff pages refuse it too.
    const feed = await feedStock(bearer);
    expect(feed.statusCode).toBe(403);
    expect((await t.get(URL, bearer)).statusCode).toBe(401);
    const listed = (await t.get(URL, staff.headers))
      .json()
      .tokens.find((x: { id: number }) => x.id === token.id);
    expect(listed.last_used_at).not.toBeNull();

    const revoked = await t.delete(`${URL}/${token.id}`, staff.headers);
    expect(revoked.json().revoked_at).not.toBeNull();
    const after = await feedStock(bearer);
    expect(after.statusCode).toBe(401);
    expect((await t.delete(`${URL}/99999`, staff.headers)).statusCode).toBe(404);
  });

  it('writes an audit row for each creation and revocation, never with the secret', async () => {
    const staff = await t.signIn({ role: 'staff' });
    const { secret, token } = (
      await createToken(staff.headers, 'Audited ERP', ['catalogue:write'])
    ).json();
    await t.delete(`${URL}/${token.id}`, staff.headers);
    // A second revocation changes nothing and leaves no second row.
    await t.delete(`${URL}/${token.id}`, staff.headers);
    const audit = await auditRowsFor(t.handle.db, 'integration_token', token.id);
    expect(audit).toEqual([
      {
        actor_user_id: staff.userId,
        action: 'integration_token.create',
        before: null,
        after: {
          name: 'Audited ERP',
          hint: token.hint,
          scopes: ['catalogue:write'],
          revoked: false,
        },
      },
      {
        actor_user_id: staff.userId,
        action: 'integration_token.revoke',
        before: { revoked: false },
        after: { revoked: true },
      },
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(token.hint.length));
  });
});

describe('tokens of a staff member who is no longer an active admin', () => {
  /** A token `creator` makes; answers its id and how a machine calls with it. */
  async function tokenOf(creator: Record<string, string>) {
    const { secret, token } = (await createToken(creator, 'ERP', ['orders:read'])).json();
    const call = () => t.get('/api/admin/orders', { authorization: `Bearer ${secret}` });
    expect((await call()).statusCode).toBe(200);
    return { id: token.id as number, call };
  }

  it('revokes them when the admin is deactivated, audit-logged, and they stay revoked after reactivation', async () => {
    const leaving = await t.signIn({ role: 'staff' });
    const other = await t.signIn({ role: 'staff' });
    const token = await tokenOf(leaving.headers);
    const off = await t.post(`/api/admin/staff/${leaving.userId}/deactivate`, other.headers);
    expect(off.statusCode, off.body).toBe(200);
    expect((await token.call()).statusCode).toBe(401);
    const listed = (await t.get(URL, other.headers))
      .json()
      .tokens.find((x: { id: number }) => x.id === token.id);
    expect(listed.revoked_at).not.toBeNull();
    const audit = await auditRowsFor(t.handle.db, 'integration_token', token.id);
    expect(audit.at(-1)).toMatchObject({
      actor_user_id: other.userId,
      action: 'integration_token.revoke',
      after: { revoked: true, reason: 'staff.deactivate' },
    });
    await t.post(`/api/admin/staff/${leaving.userId}/reactivate`, other.headers);
    expect((await token.call()).statusCode).toBe(401);
  });

  it('revokes them when the admin role is taken away', async () => {
    const demoted = await t.signIn({ role: 'staff' });
    const other = await t.signIn({ role: 'staff' });
    const token = await tokenOf(demoted.headers);
    const changed = await t.patch(`/api/admin/staff/${demoted.userId}`, other.headers, {
      roles: ['orders'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await token.call()).statusCode).toBe(401);
  });

  it('refuses a token whose creator stopped being an active admin by any other way', async () => {
    const creator = await t.signIn({ role: 'staff' });
    const token = await tokenOf(creator.headers);
    // The account changed without the staff page (a script, a restore): the token is not revoked,
    // yet the guard refuses it because its creator is no longer an active admin.
    await t.handle.db.execute(sql`update users set is_active = false where id = ${creator.userId}`);
    expect((await token.call()).statusCode).toBe(401);
    await t.handle.db.execute(sql`update users set is_active = true where id = ${creator.userId}`);
    expect((await token.call()).statusCode).toBe(200);
  });
});
