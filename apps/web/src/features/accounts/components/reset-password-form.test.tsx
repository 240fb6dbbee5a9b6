import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fillAndSubmit } from '@/test/forms';
import { renderWithProviders, validationFailed } from '@/test/render';
import { ResetPasswordForm } from './reset-password-form';

const fill = (email: string, password: string, confirm: string) =>
  fillAndSubmit(
    { Email: email, 'New password': password, 'Confirm new password': confirm },
    'Reset Password',
  );

describe('ResetPasswordForm (docs/product/accounts.md screen, docs/product/accounts.md messages)', () => {
  it('shows the docs/product/accounts.md messages exactly', async () => {
    renderWithProviders(<ResetPasswordForm token="tok" />);
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    await fill('', '', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('New password'), 'a-good-password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'different-password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('has a show/hide toggle on each password field', async () => {
    renderWithProviders(<ResetPasswordForm token="tok" />);
    expect(await screen.findAllByRole('button', { name: 'Show password' })).toHaveLength(2);
  });

  it('sends the token, shows Loading..., then the success toast and clears the form', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      await gate;
      return new Response(
        JSON.stringify({ status: true, message: 'Password reset successfully' }),
        { status: 200 },
      );
    });
    renderWithProviders(<ResetPasswordForm token="the-token" />);
    await fill('buyer@shop.example', 'a-good-password', 'a-good-password');
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    expect(await screen.findAllByText(/Password reset successfully/)).not.toHaveLength(0);
    expect(bodies[0]).toEqual({
      email: 'buyer@shop.example',
      new_password: 'a-good-password',
      confirm_password: 'a-good-password',
      token: 'the-token',
    });
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.getByLabelText('Confirm new password')).toHaveValue('');
  });

  it('says when the link is missing or no longer valid', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const message = 'This reset link is invalid or has expired. Please ask for a new one.';
    vi.stubGlobal('fetch', async () => validationFailed({ token: message }, message));
    renderWithProviders(<ResetPasswordForm token={null} />);
    expect(
      await screen.findByText(/This page needs the link from your e-mail/),
    ).toBeInTheDocument();
    await fill('buyer@shop.example', 'a-good-password', 'a-good-password');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(screen.getByLabelText('Email')).toHaveValue('buyer@shop.example');
  });
});
