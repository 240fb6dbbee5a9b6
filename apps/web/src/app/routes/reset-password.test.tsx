import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { fillAndSubmit } from '@/test/forms';
import { renderWithProviders } from '@/test/render';
import ResetPasswordPage from './reset-password';

describe('the first-password page (a set link from an approval)', () => {
  it('is "Choose your password", asks no e-mail, sends the token and then offers to sign in', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(
        JSON.stringify({ status: true, message: 'Password reset successfully' }),
        {
          status: 200,
        },
      );
    });
    renderWithProviders(<ResetPasswordPage />, '/reset-password?token=the-token&purpose=set');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your password' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await fillAndSubmit(
      { 'New password': 'a-good-password', 'Confirm new password': 'a-good-password' },
      'Save my password',
    );
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(bodies[0]).toEqual({
      new_password: 'a-good-password',
      confirm_password: 'a-good-password',
      token: 'the-token',
    });
    // The form is gone: nothing left to submit twice.
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('is titled in French and Spanish too', async () => {
    for (const [lang, title] of [
      ['fr', 'Choisissez votre mot de passe'],
      ['es', 'Elija su contraseña'],
    ] as const) {
      await setLanguage(lang);
      const { unmount } = renderWithProviders(
        <ResetPasswordPage />,
        '/reset-password?token=t&purpose=set',
      );
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      unmount();
    }
    await setLanguage('');
  });

  it('a reset link (no purpose) keeps the Reset Password form with its e-mail', async () => {
    renderWithProviders(<ResetPasswordPage />, '/reset-password?token=the-token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset Password' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});
