import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { aBuyer } from '@/test/users';
import { storeUser } from '@/lib/session';
import { renderWithProviders } from '@/test/render';
import { ChangePasswordForm } from './change-password-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { ResetPasswordForm } from './reset-password-form';

/** Each field of an account form: its label, the input's type and its autofill hint. */
async function fieldsOf(form: ReactElement, title: string) {
  renderWithProviders(form);
  await screen.findByRole('heading', { name: title });
  return [...document.querySelectorAll('input')].map((input) => [
    document.querySelector(`label[for="${input.id}"]`)?.textContent,
    input.type,
    input.autocomplete,
  ]);
}

describe('account form fields', () => {
  it('asks the sign-in form for the e-mail as a user name and the current password', async () => {
    expect(await fieldsOf(<LoginForm />, 'Sign in')).toEqual([
      ['Email', 'email', 'username'],
      ['Password', 'password', 'current-password'],
    ]);
  });

  it('asks the forgotten-password form for the e-mail as an e-mail', async () => {
    expect(await fieldsOf(<ForgotPasswordForm />, 'Forgot your password?')).toEqual([
      ['Email', 'email', 'email'],
    ]);
  });

  it('asks for a new password and its confirmation the same way on both password forms', async () => {
    expect(await fieldsOf(<ResetPasswordForm token="tok" />, 'Reset Password')).toEqual([
      ['Email', 'email', 'username'],
      ['New password', 'password', 'new-password'],
      ['Confirm new password', 'password', 'new-password'],
    ]);
  });

  it('asks the change-password form for the current password first', async () => {
    storeUser(aBuyer());
    expect(await fieldsOf(<ChangePasswordForm />, 'Change password')).toEqual([
      ['Current password', 'password', 'current-password'],
      ['New password', 'password', 'new-password'],
      ['Confirm new password', 'password', 'new-password'],
    ]);
  });
});
