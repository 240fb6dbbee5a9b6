import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { RootLayout } from '@/app/layout/root-layout';
import { TopBar } from '@/app/layout/top-bar';
import { renderRoutes, renderWithProviders, stubFetch } from '@/test/render';
import i18n, { resolveInitialLang } from '@/lib/i18n';
import { clearSession, storeUser, type StoredUser } from '@/lib/session';

const user: StoredUser = {
  user_value: 9,
  owner_name: 'Élise Gagnon',
  email: 'buyer2.ca@example.com',
  customer_code: 'C0009',
  flag: 'ca',
  cflag: 'ca',
  lang: 'fr',
};

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('language rules (docs/product/storefront-ux.md)', () => {
  it('switching language translates the shell and saves it locally and in the stored record', async () => {
    const u = userEvent.setup();
    renderWithProviders(<TopBar />);
    expect(screen.getByRole('link', { name: 'About Us' })).toBeInTheDocument();
    await u.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    expect(await screen.findByRole('link', { name: 'À propos' })).toBeInTheDocument();
    expect(localStorage.getItem('selectedLanguage')).toBe('fr');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ lang: 'fr' });
    expect(document.documentElement.lang).toBe('fr');

    await u.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), '');
    expect(await screen.findByRole('link', { name: 'About Us' })).toBeInTheDocument();
    expect(localStorage.getItem('selectedLanguage')).toBe('');
    expect(document.documentElement.lang).toBe('en');
  });

  it('keeps the signed-in user record, updates its lang and saves it on the server', async () => {
    const u = userEvent.setup();
    storeUser({ ...user, lang: '' });
    const { calls } = stubFetch({ '/api/me/preferences': () => ({ status: true }) });
    renderWithProviders(<TopBar />);
    await u.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');
    await screen.findByRole('link', { name: 'Quiénes somos' });
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({
      user_value: 9,
      owner_name: 'Élise Gagnon',
      lang: 'es',
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === '/api/me/preferences')).toHaveLength(1),
    );
    const saved = calls.find((c) => c.url.pathname === '/api/me/preferences')!;
    expect(saved.init?.method).toBe('PUT');
    expect(JSON.parse(String(saved.init?.body))).toEqual({ lang: 'es' });
  });

  it("a signed-in user's saved language wins over the locally selected one", async () => {
    localStorage.setItem('selectedLanguage', 'es');
    storeUser(user);
    expect(resolveInitialLang()).toBe('fr');

    stubFetch({ '/api/categories': () => ({ status: true, data: [] }) });
    renderRoutes([
      { path: '/', element: <RootLayout />, children: [{ index: true, element: <p>home</p> }] },
    ]);
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(document.documentElement.lang).toBe('fr');
    expect(await screen.findByRole('link', { name: 'À propos' })).toBeInTheDocument();
  });

  it('a guest starts in the selected language, else the lang kept after logout, else English', () => {
    expect(resolveInitialLang()).toBe('');
    storeUser(user);
    clearSession();
    expect(resolveInitialLang()).toBe('fr');
    localStorage.setItem('selectedLanguage', 'es');
    expect(resolveInitialLang()).toBe('es');
    localStorage.setItem('selectedLanguage', 'sp');
    expect(resolveInitialLang()).toBe('es');
  });
});
