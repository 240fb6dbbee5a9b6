import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fillAndSubmit } from '@/test/forms';
import { expectLink } from '@/test/links';
import { renderWithProviders, validationFailed } from '@/test/render';
import { SetPasswordForm } from './set-password-form';

const save = () =>
  fillAndSubmit(
    { 'New password': 'a-good-password', 'Confirm new password': 'a-good-password' },
    'Save my password',
  );

describe('SetPasswordForm (docs/product/accounts.md "Choose your password")', () => {
  it('says why a used or expired link failed, offers a new one, and clears it on the next try', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const message = 'This reset link is invalid or has expired. Please ask for a new one.';
    const bodies: unknown[] = [];
    let answer = () => validationFailed({ token: message }, message);
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return answer();
    });
    renderWithProviders(<SetPasswordForm token="used-token" />);
    await save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expectLink(screen, 'Ask for a new link', '/forget-password');
    expect(warn).toHaveBeenCalledWith('set-password failed', expect.anything());
    expect(bodies[0]).toEqual({
      new_password: 'a-good-password',
      confirm_password: 'a-good-password',
      token: 'used-token',
    });

    answer = () =>
      new Response(JSON.stringify({ status: true, message: 'Password reset successfully' }), {
        status: 200,
      });
    await save();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save my password' })).toBeNull();
  });
});
