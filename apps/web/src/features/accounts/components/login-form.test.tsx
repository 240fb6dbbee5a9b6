import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { getStoredUser } from '@/lib/session';
import { getString } from '@/lib/storage';
import { renderRoutes, stubFetch, Where } from '@/test/render';
import { aBuyer } from '@/test/users';
import { safeRedirect } from '../safe-redirect';
import { LoginForm } from './login-form';

// Locale chunks load lazily; on a busy machine 1 s is not always enough.
afterEach(async () => {
  await setLanguage('');
});

const user = aBuyer({ user_value: 12, customer_code: 'C0012', lang: 'fr' });

const routes = [
  { path: '/login', element: <LoginForm /> },
  { path: '*', element: <Where withSearch /> },
];

/** The login API refusing the e-mail and password, whatever they are. */
function stubWrongCredentials() {
  stubFetch({
    '/api/login': () =>
      new Response(
        JSON.stringify({ status: false, error: { code: 'INVALID_CREDENTIALS', message: 'x' } }),
        { status: 401 },
      ),
  });
}

describe('LoginForm', () => {
  it('validates in the user language before calling the server', async () => {
    await setLanguage('es');
    const { calls } = stubFetch({});
    renderRoutes(routes, '/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('El correo electrónico es obligatorio')).toBeInTheDocument();
    expect(screen.getByText('La contraseña es obligatoria')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await setLanguage('');
  });

  it('shows and hides the password', async () => {
    renderRoutes(routes, '/login');
    const input = await screen.findByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('signs in: shows Loading..., stores the user without the token, applies its language and goes back', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      await gate;
      return new Response(JSON.stringify({ status: true, token: 'secret-token-value', user }), {
        status: 200,
      });
    });
    renderRoutes(routes, '/login?redirect=%2Fcart%3Ftab%3D1');
    await userEvent.type(await screen.findByLabelText('Email'), 'buyer.ca@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wholesale-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    expect(await screen.findByTestId('where')).toHaveTextContent('/cart?tab=1');
    // Only the sign-in call matters here (a page's data may be fetched beside it).
    const logins = calls.filter((c) => c.url === '/api/login');
    expect(logins).toHaveLength(1);
    expect(JSON.parse(String(logins[0].init?.body))).toEqual({
      email: 'buyer.ca@example.com',
      password: 'wholesale-demo',
    });
    expect(getStoredUser()).toMatchObject({ user_value: 12, lang: 'fr' });
    expect(JSON.stringify(window.localStorage)).not.toContain('secret-token-value');
    expect(getString('selectedLanguage')).toBe('fr');
    await setLanguage('');
  });

  it('shows the generic credentials error in the user language', async () => {
    await setLanguage('fr');
    stubWrongCredentials();
    renderRoutes(routes, '/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'buyer.ca@example.com');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    expect(getStoredUser()).toBeNull();
    await setLanguage('');
  });

  it('drops the credentials error as soon as the user edits a field', async () => {
    stubWrongCredentials();
    renderRoutes(routes, '/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'buyer.ca@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The e-mail or password is incorrect');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('The e-mail or password is incorrect')).not.toBeInTheDocument();
  });

  it('says when the user may try again, in the user language', async () => {
    await setLanguage('es');
    stubFetch({
      '/api/login': () =>
        new Response(
          JSON.stringify({
            status: false,
            error: {
              code: 'RATE_LIMITED',
              message: 'x',
              reason: { key: 'SIGN_IN_WAIT', params: { seconds: 8 } },
            },
          }),
          { status: 429, headers: { 'retry-after': '8' } },
        ),
    });
    renderRoutes(routes, '/login');
    await userEvent.type(
      await screen.findByLabelText('Correo electrónico'),
      'buyer.ca@example.com',
    );
    await userEvent.type(screen.getByLabelText('Contraseña'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demasiados intentos de inicio de sesión fallidos; inténtelo de nuevo en 8 segundos',
    );
    await setLanguage('');
  });

  it('only redirects to same-site paths', () => {
    expect(safeRedirect('/cart')).toBe('/cart');
    expect(safeRedirect('//evil.example/x')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
