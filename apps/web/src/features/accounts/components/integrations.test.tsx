import { act, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getStoredUser, storeUser, type StoredUser } from '@/lib/session';
import { renderWithProviders, stubFetch } from '@/test/render';
import { clientConfigQuery } from '../api/get-client-config';
import { Integrations } from './integrations';

/**
 * Waits until the client config has arrived and the component has rendered with it: the query has
 * settled, then one zero-delay turn lets the query's batched notification (itself a zero-delay
 * timer, queued first) reach React. An order of events, not a time window.
 */
async function configApplied(queryClient: QueryClient) {
  await waitFor(() =>
    expect(queryClient.getQueryState(clientConfigQuery().queryKey)?.status).toBe('success'),
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

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

/** The /api/client-config answer: no chat widget and no analytics unless given. */
function clientConfig(urls: { chat_widget_url?: string; analytics_script_url?: string } = {}) {
  return () => ({ status: true, chat_widget_url: null, analytics_script_url: null, ...urls });
}

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
    stubFetch({
      '/api/client-config': clientConfig(),
    });
    storeUser(user);
    const { queryClient } = renderWithProviders(page());
    await screen.findByText('page');
    await configApplied(queryClient);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('loads the chat widget only while signed in', async () => {
    stubFetch({
      '/api/client-config': clientConfig({ chat_widget_url: 'https://chat.example.net/w.js' }),
      '/api/me': () => ({ status: true, user: me }),
    });
    const { queryClient } = renderWithProviders(page());
    await screen.findByText('page');
    await configApplied(queryClient);
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
    stubFetch({
      '/api/client-config': clientConfig(),
      '/api/me': () => ({ status: true, user: me }),
    });
    storeUser(user);
    renderWithProviders(page());
    await waitFor(() => expect(getStoredUser()?.owner_name).toBe('New Name'));
    expect(getStoredUser()?.lang).toBe('fr');
  });

  it('signs out locally when the server no longer knows the session', async () => {
    stubFetch({
      '/api/client-config': clientConfig(),
      '/api/me': () =>
        new Response(
          JSON.stringify({ status: false, error: { code: 'UNAUTHENTICATED', message: 'x' } }),
          { status: 401 },
        ),
    });
    storeUser(user);
    renderWithProviders(page());
    await waitFor(() => expect(getStoredUser()).toBeNull());
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual({ lang: 'fr' });
  });

  it('loads analytics, sends page views and the geolocation event once per browser', async () => {
    const { calls } = stubFetch({
      '/api/client-config': clientConfig({
        analytics_script_url: 'https://stats.example.net/a.js',
      }),
      '/api/geolocation': () => ({
        status: true,
        country_name: 'Canada',
        city: 'Montréal',
        province: 'Quebec',
      }),
    });
    const views: unknown[] = [];
    const geos: unknown[] = [];
    const onView = (e: Event) => views.push((e as CustomEvent).detail);
    const onGeo = (e: Event) => geos.push((e as CustomEvent).detail);
    window.addEventListener('wholesale:pageview', onView);
    window.addEventListener('wholesale:geolocation', onGeo);
    try {
      const first = renderWithProviders(page(), '/products?page=2');
      await waitFor(() => expect(geos).toHaveLength(1));
      expect(geos[0]).toEqual({ city: 'Montréal', country: 'Canada', province: 'Quebec' });
      expect(views).toContainEqual({ path: '/products?page=2' });
      expect(document.getElementById('analytics-script')).toHaveAttribute(
        'src',
        'https://stats.example.net/a.js',
      );
      first.unmount();
      renderWithProviders(page());
      await waitFor(() => expect(views.length).toBeGreaterThan(1));
      expect(calls.filter((c) => c.url.pathname === '/api/geolocation')).toHaveLength(1);
    } finally {
      window.removeEventListener('wholesale:pageview', onView);
      window.removeEventListener('wholesale:geolocation', onGeo);
      document.getElementById('analytics-script')?.remove();
    }
  });
});
