import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeUser } from '@/lib/session';
import { fillAndSubmit } from '@/test/forms';
import { renderWithProviders, validationFailed } from '@/test/render';
import { ChangePasswordForm } from './change-password-form';

const user = {
  user_value: 31,
  owner_name: 'Ann',
  email: 'ann@shop.example',
  customer_code: null,
  flag: 'active',
  cflag: 'ca' as const,
  lang: '' as const,
  role: 'customer' as const,
};

const fill = (old: string, next: string, confirm: string) =>
  fillAndSubmit(
    { 'Current password': old, 'New password': next, 'Confirm new password': confirm },
    'Change password',
  );

describe('ChangePasswordForm', () => {
  it('requires the current password and applies the policy before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    storeUser(user);
    renderWithProviders(<ChangePasswordForm />);
    await screen.findByRole('heading', { name: 'Change password' });
    await fill('', 'password123', 'password123');
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(
      screen.getByText('This password is too common, please choose another one'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends PUT /api/updateProfile with the caller's id and shows the server's field error", async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const message = 'The current password is incorrect';
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return validationFailed({ old_password: message }, message);
    });
    storeUser(user);
    renderWithProviders(<ChangePasswordForm />);
    await fill('wrong-old-password', 'a-brand-new-password', 'a-brand-new-password');
    expect(await screen.findByText(message)).toBeInTheDocument();
    // Only the writes: test files share a worker (isolate: false), and on a loaded machine an earlier
    // file's home route (router.tsx) prefetched the carousel through this stub (seen once on a busy machine).
    const writes = calls.filter((call) => (call.init?.method ?? 'GET') !== 'GET');
    expect(writes.map((call) => `${call.init?.method} ${call.url}`)).toEqual([
      'PUT /api/updateProfile',
    ]);
    expect(JSON.parse(String(writes[0].init?.body))).toEqual({
      id: 31,
      old_password: 'wrong-old-password',
      new_password: 'a-brand-new-password',
    });
  });
});
