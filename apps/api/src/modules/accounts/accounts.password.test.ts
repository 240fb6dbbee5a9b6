import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordTokens, users } from '../../db/schema';
import { createPasswordToken, sendPasswordLink } from './accounts.service';
import { browserHeaders, loginAs, newUser, PASSWORD } from './accounts.fixtures';
import { t, useAccountsTestApp } from './accounts.test-app';
import { mailsTo } from '../../test/mail-outbox';

useAccountsTestApp();

/** The signed-in browser `session` of `user` changes its password from PASSWORD to `next`. */
function changeOwnPassword(
  user: { id: number },
  session: Parameters<typeof browserHeaders>[0],
  next: string,
) {
  return t.put('/api/updateProfile', browserHeaders(session, true), {
    id: String(user.id),
    old_password: PASSWORD,
    new_password: next,
  });
}

describe('PUT /api/updateProfile (password change)', () => {
  it('answers 401 to guests and 403 to a foreign id', async () => {
    const body = { id: 1, old_password: PASSWORD, new_password: 'another-long-password' };
    expect(
      (await t.inject({ method: 'PUT', url: '/api/updateProfile', payload: body })).statusCode,
    ).toBe(401);
    const a = await t.signIn();
    const b = await t.signIn();
    const foreign = await t.put('/api/updateProfile', a.headers, { ...body, id: b.userId });
    expect(foreign.statusCode).toBe(403);
  });

  it('requires the current password, checks it and applies the policy', async () => {
    const a = await t.signIn();
    const missing = await t.put('/api/updateProfile', a.headers, {
      id: a.userId,
      new_password: 'another-long-password',
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(['old_password']);
    const wrong = await t.put('/api/updateProfile', a.headers, {
      id: a.userId,
      old_password: 'not-it-at-all',
      new_password: 'another-long-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({
      old_password: 'The current password is incorrect',
    });
    const weak = await t.put('/api/updateProfile', a.headers, {
      id: a.userId,
      old_password: PASSWORD,
      new_password: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.new_password).toBe(
      'This password is too common, please choose another one',
    );
    const short = await t.put('/api/updateProfile', a.headers, {
      id: a.userId,
      old_password: PASSWORD,
      new_password: 'short1',
    });
    expect(short.json().error.fields.new_password).toBe('Password must be at least 10 characters');
  });

  it('changes the password with argon2id, keeps the current session and revokes the others', async () => {
    const user = await newUser();
    const here = await loginAs(user.email);
    const elsewhere = await loginAs(user.email);
    const res = await changeOwnPassword(user, here, 'brand-new-password-42');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: 'Password changed successfully' });
    expect((await t.get('/api/me', browserHeaders(here, false))).statusCode).toBe(200);
    const other = await t.get('/api/me', { authorization: `Bearer ${elsewhere.json().token}` });
    expect(other.statusCode).toBe(401);
    expect((await loginAs(user.email)).statusCode).toBe(401);
    expect((await loginAs(user.email, 'brand-new-password-42')).statusCode).toBe(200);
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const mails = await mailsTo(t.handle.db, user.email);
    expect(mails.map((m) => m.template)).toContain('password-changed');
  });
});

describe('forgot-password and reset-password', () => {
  /** Asks for a reset link and waits for the work done after the answer (lookup, token, mail). */
  async function forgot(email: string) {
    const res = await t.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
    await t.app.background.idle();
    return res;
  }
  /** The raw token from the newest reset mail sent to an address (as a person would click it). */
  async function tokenFromMail(email: string): Promise<string> {
    const newest = (await mailsTo(t.handle.db, email)).at(-1)!;
    const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(newest.text);
    expect(match).not.toBeNull();
    return match![1];
  }
  function reset(body: Record<string, unknown>) {
    return t.inject({ method: 'POST', url: '/api/reset-password', payload: body });
  }
  /** The mailed `token` of `email` used to choose `password`. */
  const resetTo = (email: string, token: string, password: string) =>
    reset({ email, new_password: password, confirm_password: password, token });

  it('answers identically for known and unknown addresses, and mails only the known one', async () => {
    const user = await newUser({ lang: 'es' });
    const known = await forgot(user.email);
    const unknown = await forgot('no-such-person@shop.example');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mails = await mailsTo(t.handle.db, user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: 'password-reset', lang: 'es', status: 'pending' });
    expect(mails[0].subject).toBe('Restablezca su contraseña');
    expect(mails[0].html).toContain(`${t.config.publicUrl}/reset-password?token=`);
    const none = await mailsTo(t.handle.db, 'no-such-person@shop.example');
    expect(none).toHaveLength(0);
    // The token is stored hashed and expires in one hour.
    const token = await tokenFromMail(user.email);
    const [row] = await t.handle.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, user.id));
    expect(row.tokenHash).not.toBe(token);
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('answers before looking the address up: the same answer, and the work queued, either way', async () => {
    const user = await newUser();
    const mailCount = async (email: string) => (await mailsTo(t.handle.db, email)).length;
    t.app.background.hold();
    try {
      const answers = [];
      for (const email of [user.email, 'nobody-here@shop.example']) {
        const res = await t.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { email },
        });
        // Answered while its work is still waiting: nothing looked up, no token, no mail yet.
        expect(t.app.background.pending()).toBe(answers.length + 1);
        answers.push({ status: res.statusCode, body: res.body });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0].status).toBe(200);
      expect(await mailCount(user.email)).toBe(0);
      expect(
        await t.handle.db.select().from(passwordTokens).where(eq(passwordTokens.userId, user.id)),
      ).toHaveLength(0);
    } finally {
      t.app.background.release();
    }
    await t.app.background.idle();
    expect(t.app.background.pending()).toBe(0);
    expect(await mailCount(user.email)).toBe(1);
    expect(await mailCount('nobody-here@shop.example')).toBe(0);
  });

  it('a first-password (set) link needs no e-mail: its token names the user; a reset link still does', async () => {
    const user = await newUser({ passwordHash: null });
    await t.handle.db.transaction(async (tx) => {
      const token = await createPasswordToken(tx, user.id, 'set');
      await sendPasswordLink(tx, { userId: user.id, token, purpose: 'set', publicUrl: 'http://x' });
    });
    const [mail] = await mailsTo(t.handle.db, user.email);
    // The page reads the link's purpose: "Choose your password", no e-mail field.
    expect(mail.text).toMatch(/reset-password\?token=[A-Za-z0-9_-]+&purpose=set/);
    const token = await tokenFromMail(user.email);
    const chosen = { new_password: 'first-password-4567', confirm_password: 'first-password-4567' };
    const set = await reset({ ...chosen, token });
    expect(set.statusCode).toBe(200);
    expect((await loginAs(user.email, 'first-password-4567')).statusCode).toBe(200);
    // A reset link keeps asking for the e-mail it was sent to.
    await forgot(user.email);
    const refused = await reset({ ...chosen, token: await tokenFromMail(user.email) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('token');
  });

  it('resets with the mailed token once, revokes every session, and the token cannot be reused', async () => {
    const user = await newUser();
    const session = await loginAs(user.email);
    await forgot(user.email);
    const token = await tokenFromMail(user.email);
    const body = {
      email: user.email,
      new_password: 'reset-password-4567',
      confirm_password: 'reset-password-4567',
      token,
    };
    const first = await reset(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, message: 'Password reset successfully' });
    const old = await t.get('/api/me', { authorization: `Bearer ${session.json().token}` });
    expect(old.statusCode).toBe(401);
    expect((await loginAs(user.email, 'reset-password-4567')).statusCode).toBe(200);
    const second = await reset({
      ...body,
      new_password: 'yet-another-password',
      confirm_password: 'yet-another-password',
    });
    expect(second.statusCode).toBe(400);
    expect(Object.keys(second.json().error.fields)).toEqual(['token']);
    expect((await loginAs(user.email, 'yet-another-password')).statusCode).toBe(401);
  });

  it('refuses an expired token and changes nothing', async () => {
    const user = await newUser();
    await forgot(user.email);
    const token = await tokenFromMail(user.email);
    await t.handle.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, user.id));
    const res = await resetTo(user.email, token, 'reset-password-4567');
    expect(res.statusCode).toBe(400);
    expect((await loginAs(user.email)).statusCode).toBe(200);
  });

  it('requires the token, and a token only works for its own e-mail', async () => {
    const user = await newUser();
    const other = await newUser();
    const base = {
      email: user.email,
      new_password: 'reset-password-4567',
      confirm_password: 'reset-password-4567',
    };
    const missing = await reset(base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ token: 'The reset link is missing or invalid' });
    const made_up = await reset({ ...base, token: 'made-up-token' });
    expect(made_up.statusCode).toBe(400);
    await forgot(other.email);
    const otherToken = await tokenFromMail(other.email);
    const crossed = await reset({ ...base, token: otherToken });
    expect(crossed.statusCode).toBe(400);
    expect((await loginAs(user.email)).statusCode).toBe(200);
    expect((await loginAs(other.email)).statusCode).toBe(200);
    // The crossed attempt did not use the token up: its owner can still reset.
    const own = await reset({ ...base, email: other.email, token: otherToken });
    expect(own.statusCode).toBe(200);
  });

  it('mails at most five reset links an hour, even to twenty asked for at once', async () => {
    const user = await newUser();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        t.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } }),
      ),
    );
    await t.app.background.idle();
    expect(await mailsTo(t.handle.db, user.email)).toHaveLength(5);
    await forgot(user.email);
    expect(await mailsTo(t.handle.db, user.email)).toHaveLength(5);
  });

  it('a password change ends the reset links mailed before it', async () => {
    const user = await newUser();
    await forgot(user.email);
    const token = await tokenFromMail(user.email);
    const here = await loginAs(user.email);
    expect((await changeOwnPassword(user, here, 'changed-by-owner-42')).statusCode).toBe(200);
    // Whoever else holds the earlier link (a shared or leaked mailbox) can no longer use it.
    const late = await resetTo(user.email, token, 'taken-over-4567');
    expect(late.statusCode).toBe(400);
    expect(Object.keys(late.json().error.fields)).toEqual(['token']);
    expect((await loginAs(user.email, 'taken-over-4567')).statusCode).toBe(401);
    expect((await loginAs(user.email, 'changed-by-owner-42')).statusCode).toBe(200);
  });

  it('answers the docs/product/accounts.md messages for a bad form', async () => {
    const res = await reset({ email: '', new_password: '', confirm_password: '', token: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: 'Email is required',
      new_password: 'Password is required',
      confirm_password: 'Please confirm your password',
    });
    const mismatch = await reset({
      email: 'a@b.co',
      new_password: 'reset-password-4567',
      confirm_password: 'other-thing-123',
      token: 'x',
    });
    expect(mismatch.json().error.fields).toEqual({ confirm_password: 'Passwords do not match' });
  });
});
