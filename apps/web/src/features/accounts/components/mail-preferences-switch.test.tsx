import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { signInStored } from '@/test/shopping';
import { MailPreferencesSwitch } from './mail-preferences-switch';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('MailPreferencesSwitch', () => {
  it('shows the saved preference and saves a change with PUT', async () => {
    const puts: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        return json({ status: true, preferences: body });
      }
      return json({ status: true, preferences: { order_status_mails: true } });
    });
    signInStored();
    renderWithProviders(<MailPreferencesSwitch />);
    const toggle = await screen.findByRole('switch', {
      name: 'E-mail me when an order is accepted or cancelled',
    });
    expect(toggle).toBeChecked();
    expect(screen.getByText(/always sent/)).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    await waitFor(() => expect(puts).toEqual([{ order_status_mails: false }]));
    expect(await screen.findByText('E-mail preference saved')).toBeInTheDocument();
  });

  it('rolls the switch back and says why when the server refuses', async () => {
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? json({ status: false, error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500)
        : json({ status: true, preferences: { order_status_mails: false } }),
    );
    signInStored();
    renderWithProviders(<MailPreferencesSwitch />);
    const toggle = await screen.findByRole('switch');
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
  });
});
