import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lastAuditRow } from '../../test/audit-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { passwordTokens, users } from '../../db/schema';
import type { SessionUser } from '../accounts';
import { changeStaffRoles, createOrPromoteStaff, setStaffActive } from './staff.service';
import { mailsTo } from '../../test/mail-outbox';

let t: TestApp;
let admin: { userId: number; headers: Record<string, string> };
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ role: 'staff', staffRoles: ['admin'], email: 'boss@test.example' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const uniqueEmail = (label: string) => `${label}${++n}-${Date.now()}@staff.example`;

const lastAudit = (id: number) => lastAuditRow(t.handle.db, 'staff', id);

function invite(payload: unknown, headers = admin.headers) {
  return t.post('/api/admin/staff', headers, payload as object);
}

describe('staff administration', () => {
  it('invites a staff member: account with roles, set-password mail in their language, audit row', async () => {
    const email = uniqueEmail('invitee');
    const res = await invite({
      email,
      name: 'Inès Invitée',
      roles: ['orders', 'credit'],
      lang: 'fr',
    });
    expect(res.statusCode).toBe(200);
    const member = res.json().data;
    expect(member).toMatchObject({
      email,
      roles: ['credit', 'orders'],
      active: true,
      password_set: false,
      lang: 'fr',
    });
    const [mail] = await mailsTo(t.handle.db, email);
    expect(mail.template).toBe('staff-invite');
    expect(mail.subject).toMatch(/invité/);
    expect(mail.text).toMatch(/\/reset-password\?token=/);
    const tokens = await t.handle.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, member.id));
    expect(tokens.map((x) => x.purpose)).toEqual(['set']);
    const audit = await lastAudit(member.id);
    expect(audit.action).toBe('staff.invite');
    expect(audit.actorUserId).toBe(admin.userId);
    expect(audit.after).toMatchObject({ email, roles: ['credit', 'orders'] });
    expect(JSON.stringify(audit.after)).not.toMatch(/token/i);

    const list = await t.get('/api/admin/staff', admin.headers);
    expect(list.json().data.map((m: { email: string }) => m.email)).toContain(email);
  });

  it('refuses an invitation naming the field: bad e-mail, unknown role, long name, taken e-mail', async () => {
    const bad = await invite({ email: 'not-an-email', name: 'X', roles: ['admin'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.email).toBeTruthy();
    const role = await invite({ email: uniqueEmail('r'), name: 'X', roles: ['boss'] });
    expect(role.statusCode).toBe(400);
    expect(JSON.stringify(role.json().error.fields)).toMatch(/Roles must be/);
    const none = await invite({ email: uniqueEmail('r'), name: 'X', roles: [] });
    expect(none.statusCode).toBe(400);
    const long = await invite({
      email: uniqueEmail('r'),
      name: 'x'.repeat(201),
      roles: ['orders'],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.name).toBe('Name must be at most 200 characters');
    const taken = await invite({ email: 'BOSS@test.example', name: 'Again', roles: ['orders'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.reason.key).toBe('EMAIL_TAKEN');
    expect(taken.json().error.fields.email).toBeTruthy();
    const count = await t.handle.db.select().from(users).where(eq(users.ownerName, 'Again'));
    expect(count).toEqual([]);
  });

  it('changes roles with before/after in the audit, and the member’s next request uses them', async () => {
    const member = await t.signIn({ role: 'staff', staffRoles: ['content'] });
    const before = await t.get('/api/admin/customers', member.headers);
    expect(before.statusCode).toBe(403);
    const res = await t.patch(`/api/admin/staff/${member.userId}`, admin.headers, {
      roles: ['credit', 'content'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roles).toEqual(['credit', 'content']);
    const audit = await lastAudit(member.userId);
    expect(audit.action).toBe('staff.roles');
    expect(audit.before).toEqual({ roles: ['content'] });
    expect(audit.after).toEqual({ roles: ['credit', 'content'] });
    const after = await t.get('/api/admin/customers', member.headers);
    expect(after.statusCode).toBe(200);
  });

  it('deactivates a member: their next request is 401; reactivating lets them sign in again', async () => {
    const member = await t.signIn({ role: 'staff', staffRoles: ['orders'] });
    const me = () => t.get('/api/admin/orders', member.headers);
    expect((await me()).statusCode).toBe(200);
    const off = await t.post(`/api/admin/staff/${member.userId}/deactivate`, admin.headers);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await me()).statusCode).toBe(401);
    const on = await t.post(`/api/admin/staff/${member.userId}/reactivate`, admin.headers);
    expect(on.json().data.active).toBe(true);
    expect((await lastAudit(member.userId)).action).toBe('staff.reactivate');
    // The old session stays ended: deactivation revoked it.
    expect((await me()).statusCode).toBe(401);
  });

  it('refuses removing one’s own admin role or deactivating oneself, and demoting the last admin', async () => {
    const own = await t.patch(`/api/admin/staff/${admin.userId}`, admin.headers, {
      roles: ['credit'],
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().error.reason.key).toBe('STAFF_SELF_ADMIN');
    expect(own.json().error.message).toMatch(/your own admin role/);
    const self = await t.post(`/api/admin/staff/${admin.userId}/deactivate`, admin.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.reason.key).toBe('STAFF_SELF_DEACTIVATE');

    // Demote every other admin; the last one left cannot be demoted by anyone else either.
    const second = await t.signIn({ role: 'staff', staffRoles: ['admin'] });
    const others = await t.handle.db.select().from(users).where(eq(users.role, 'staff'));
    for (const other of others) {
      if (other.id === admin.userId || !other.staffRoles.includes('admin')) continue;
      if (other.id === second.userId) continue;
      await t.handle.db
        .update(users)
        .set({ staffRoles: ['orders'] })
        .where(eq(users.id, other.id));
    }
    const demoteBoss = await t.patch(`/api/admin/staff/${admin.userId}`, second.headers, {
      roles: ['orders'],
    });
    expect(demoteBoss.statusCode).toBe(200);
    // The second admin is now the last: a change racing with that demotion (its actor no longer an
    // admin once the rows are locked) cannot remove them.
    const boss = { id: admin.userId, email: 'boss@test.example' } as SessionUser;
    await expect(
      changeStaffRoles({ db: t.handle.db, sessions: t.app.sessions }, boss, second.userId, [
        'orders',
      ]),
    ).rejects.toThrow(/last active admin/);
    await expect(
      setStaffActive({ db: t.handle.db, sessions: t.app.sessions }, boss, second.userId, false),
    ).rejects.toThrow(/last active admin/);
    const [stillAdmin] = await t.handle.db.select().from(users).where(eq(users.id, second.userId));
    expect(stillAdmin).toMatchObject({ isActive: true, staffRoles: ['admin'] });
    // Back to the first admin for the other tests.
    const restore = await t.patch(`/api/admin/staff/${admin.userId}`, second.headers, {
      roles: ['admin'],
    });
    expect(restore.statusCode).toBe(200);
  });

  it('answers 404 for an id that is no staff member, 400 for an id the database cannot hold', async () => {
    const buyer = await t.signIn({ role: 'customer' });
    const res = await t.patch(`/api/admin/staff/${buyer.userId}`, admin.headers, {
      roles: ['orders'],
    });
    expect(res.statusCode).toBe(404);
    const huge = await t.post('/api/admin/staff/99999999999/deactivate', admin.headers);
    expect(huge.statusCode).toBe(400);
  });
});

describe('createOrPromoteStaff (the staff:create command)', () => {
  it('creates an admin with a one-time set-password link, then promotes it with more roles', async () => {
    const email = uniqueEmail('first-admin');
    const created = await createOrPromoteStaff(t.handle.db, {
      email,
      roles: ['admin'],
      publicUrl: 'https://shop.example/',
    });
    expect(created.created).toBe(true);
    expect(created.link).toMatch(/^https:\/\/shop\.example\/reset-password\?token=/);
    const promoted = await createOrPromoteStaff(t.handle.db, {
      email: email.toUpperCase(),
      roles: ['credit'],
      publicUrl: 'https://shop.example',
    });
    expect(promoted).toMatchObject({ userId: created.userId, created: false });
    expect(promoted.roles).toEqual(['admin', 'credit']);
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, created.userId));
    expect(row).toMatchObject({ role: 'staff', isActive: true, passwordHash: null });
    const audit = await lastAudit(created.userId);
    expect(audit.actorEmail).toBe('staff:create (command line)');
    expect(audit.after).toEqual({ roles: ['admin', 'credit'] });
  });

  it('refuses an e-mail that belongs to a customer, changing nothing', async () => {
    const buyer = await t.signIn({ role: 'customer', email: uniqueEmail('buyer') });
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, buyer.userId));
    await expect(
      createOrPromoteStaff(t.handle.db, {
        email: row.email,
        roles: ['admin'],
        publicUrl: 'http://localhost',
      }),
    ).rejects.toThrow(/customer account/);
    const [after] = await t.handle.db.select().from(users).where(eq(users.id, buyer.userId));
    expect(after.role).toBe('customer');
  });
});
