import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ACCOUNT_MESSAGES,
  ChangePasswordForm,
  LoginBody,
  ResetPasswordBody,
  ResetPasswordForm,
  UpdateProfileBody,
  accountMessageKey,
  passwordPolicyError,
  toWireLang,
} from './index';
import COMMON_PASSWORDS_FOR_TEST from './common-passwords.json';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  // The first issue of each field, as react-hook-form's resolver and the API error shape show it.
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}

describe('password policy', () => {
  it('refuses fewer than 10 characters', () => {
    expect(passwordPolicyError('short-pw1')).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(passwordPolicyError('long-enough-pw')).toBeNull();
  });
  it('refuses every listed common password, whatever its case', () => {
    expect(COMMON_PASSWORDS_FOR_TEST.length).toBe(1000);
    for (const p of COMMON_PASSWORDS_FOR_TEST)
      expect(passwordPolicyError(p)).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
    expect(passwordPolicyError('PassWord123')).toBe(ACCOUNT_MESSAGES.passwordTooCommon);
  });
  it('accepts the demo password', () => {
    expect(passwordPolicyError('wholesale-demo')).toBeNull();
  });
  it('never accepts anything shorter than 10, accepts long random strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 9 }), (s) => passwordPolicyError(s) !== null));
    fc.assert(
      fc.property(fc.string({ minLength: 10, maxLength: 200 }), (s) => {
        const r = passwordPolicyError(s);
        return r === null || r === ACCOUNT_MESSAGES.passwordTooCommon;
      }),
    );
  });
});

describe('docs/product/accounts.md reset password messages', () => {
  it('gives the exact messages for empty fields', () => {
    const r = ResetPasswordForm.safeParse({ email: '', new_password: '', confirm_password: '' });
    expect(messages(r)).toEqual({
      email: 'Email is required',
      new_password: 'Password is required',
      confirm_password: 'Please confirm your password',
    });
  });
  it('checks the e-mail pattern and the match', () => {
    const r = ResetPasswordForm.safeParse({
      email: 'nope',
      new_password: 'a-good-password',
      confirm_password: 'other-password',
    });
    expect(messages(r)).toEqual({
      email: 'Invalid email address',
      confirm_password: 'Passwords do not match',
    });
  });
  it('requires the token on the wire', () => {
    const ok = {
      email: 'a@b.co',
      new_password: 'a-good-password',
      confirm_password: 'a-good-password',
    };
    expect(ResetPasswordForm.safeParse(ok).success).toBe(true);
    expect(messages(ResetPasswordBody.safeParse(ok))).toEqual({
      token: ACCOUNT_MESSAGES.tokenRequired,
    });
    expect(ResetPasswordBody.safeParse({ ...ok, token: 'abc' }).success).toBe(true);
  });
});

describe('other account forms', () => {
  it('login needs an e-mail and a password', () => {
    expect(messages(LoginBody.safeParse({}))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(LoginBody.parse({ email: '  A@B.CO ', password: 'x' }).email).toBe('A@B.CO');
  });
  it('password change needs the current password and a policy-conforming new one', () => {
    expect(
      messages(UpdateProfileBody.safeParse({ id: 3, old_password: '', new_password: 'short' })),
    ).toEqual({
      old_password: ACCOUNT_MESSAGES.oldPasswordRequired,
      new_password: ACCOUNT_MESSAGES.passwordTooShort,
    });
    expect(
      UpdateProfileBody.safeParse({ id: '3', old_password: 'x', new_password: 'a-good-password' })
        .success,
    ).toBe(true);
    expect(
      messages(
        ChangePasswordForm.safeParse({
          old_password: 'x',
          new_password: 'a-good-password',
          confirm_password: 'b',
        }),
      ),
    ).toEqual({ confirm_password: 'Passwords do not match' });
  });
  it('maps messages back to their keys and languages to the wire', () => {
    expect(accountMessageKey('Passwords do not match')).toBe('passwordsMismatch');
    expect(accountMessageKey('something else')).toBeUndefined();
    expect(toWireLang('en')).toBe('');
    expect(toWireLang('fr')).toBe('fr');
  });
});
