import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getStoredUser, storeUser, type StoredUser } from '@/lib/session';
import { renderWithProviders, stubFetch } from '@/test/render';
import { Integrations } from './integrations';

configure({ asyncUtilTimeout: 5000 });

const user: StoredUser = {
  user_value: 5,
  owner_name: 'Old Name',
  email: 'a@shop.example',
  customer_code: 'C5',
  flag: 'active',
  cflag: 'ca',
  lang: 'fr',
  role: 'customer',
};
const me = { ...user, owner_name: 'New Name', lang: '', company_name: 'Shop' };

function page() {
  return (
    <>
      <Integrations />
      <p>page</p>
    </>
  );
}

describe('Integrations', () => {
  it('loads no script when nothing is configured', async () => {
    const { fetchMock } = stubFetch({
      '/api/client-config': () => ({
        status: true,
        chat_widget_url: null,
        analytics_script_url: null,
      }),
    });
    vi.stubGlobal('fetch', fetchMock);
    storeUser(user);
    renderWithProviders(page());
    await screen.findByText('page');
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('loads the chat widget only while signed in', async () => {
    const { fetchMock } = stubFetch({
      '/api/client-config': () => ({
        status: true,
        chat_widget_url: 'https://chat.example.net/w.js',
        analytics_script_url: null,
      }),
      '/api/me': () => ({ status: true, user: me }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(page());
    await screen.findByText('page');
    await new Promise((r) => setTimeout(r, 50));
    expect(document.getElementById('live-chat-widget')).toBeNull();
    storeUser(user);
    await waitFor(() =>
      expect(document.getElementById('live-chat-widget')).toHaveAttribute(
        'src',
        'https://chat.example.net/w.js',
      ),
    );
  });

  it('refreshes the stored user from /api/me, keeping the local language', async () => {
    const { fetchMock } = stubFetch({
      '/api/client-config': () => ({
        status: true,
        chat_widget_url: null,
        analytics_script_url: null,
      }),
      '/api/me': () => ({ status: true, user: me }),
    });
    vi.stubGlobal('fetch', fetchMock);
    storeUser(user);
    renderWithProviders(page());
    await waitFor(() => expect(getStoredUser()?.owner_name).toBe('New Name'));
    expect(getStoredUser()?.lang).toBe('fr');
  });

  it('signs out locally when the server no longer knows the session', async () => {
    const { fetchMock } = stubFetch({
      '/api/client-config': () => ({
        status: true,
        chat_widget_url: null,
        analytics_script_url: null,
      }),
      '/api/me': () =>
        new Response(
          JSON.stringify({ status: false, error: { code: 'UNAUTHENTICATED', message: 'x' } }),
          { status: 401 },
        ),
    });
    vi.stubGlobal('fetch', fetchMock);
    storeUser(user);
    renderWithProviders(page());
    await waitFor(() => expect(getStoredUser()).toBeNull());
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({ lang: 'fr' });
  });
});
