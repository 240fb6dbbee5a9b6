import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { getStoredUser, storeUser, type StoredUser } from '@/lib/session';
import { expectLink } from '@/test/links';
import { renderRoutes, stubFetch } from '@/test/render';
import { TopBar } from './top-bar';

const user: StoredUser = {
  user_value: 4,
  owner_name: 'Marie Tremblay',
  email: 'buyer.ca@example.com',
  customer_code: 'C0004',
  flag: 'ca',
  cflag: 'ca',
  lang: '',
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const routes = [
  {
    path: '*',
    element: (
      <>
        <TopBar />
        <Where />
      </>
    ),
  },
];

describe('top bar (docs/product/storefront-ux.md)', () => {
  it('shows the login link to guests and no logout icon', () => {
    renderRoutes(routes);
    expectLink(screen, 'Login', '/login');
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('shows the profile name to a signed-in user; logout ends the session keeping lang and goes to /', async () => {
    storeUser({ ...user, lang: 'es' });
    const { calls } = stubFetch({
      '/api/logout': () => ({ status: true, message: 'Signed out' }),
    });
    const u = userEvent.setup();
    renderRoutes(routes, '/cart');
    expectLink(screen, /Marie Tremblay/, '/profile');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: /Log out|Cerrar sesión/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(calls.map((c) => `${c.init?.method} ${c.url.pathname}`)).toContain('POST /api/logout');
    expect(getStoredUser()).toBeNull();
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ lang: 'es' });
  });

  it('still signs out locally when the server has no session (404/401)', async () => {
    storeUser(user);
    stubFetch({});
    const u = userEvent.setup();
    renderRoutes(routes, '/cart');
    await u.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(getStoredUser()).toBeNull());
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('gives staff the back-office link instead of order history and Opticon', () => {
    storeUser({ ...user, role: 'staff', staff_roles: ['credit'] });
    renderRoutes(routes);
    expectLink(screen, 'Back office', '/admin');
    expect(screen.queryByRole('link', { name: 'Order History' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Opticon Upload' })).not.toBeInTheDocument();
  });

  it('gives a buyer order history and Opticon, and no back-office link', () => {
    storeUser(user);
    renderRoutes(routes);
    expect(screen.getByRole('link', { name: 'Order History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Opticon Upload' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back office' })).not.toBeInTheDocument();
  });
});
