import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSession, signOutOnPurpose, storeUser } from '@/lib/session';
import { renderRoutes, Where } from '@/test/render';
import { aBuyer } from '@/test/users';
import { GuestOnlyRoute, ProtectedRoute, StaffRoute } from './guards';

const customer = aBuyer();

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/login', element: <Where withSearch /> },
  { element: <ProtectedRoute />, children: [{ path: '/cart', element: <p>Cart page</p> }] },
  { element: <GuestOnlyRoute />, children: [{ path: '/register', element: <p>Register page</p> }] },
  {
    path: '/admin',
    element: <StaffRoute />,
    children: [{ path: 'applications', element: <p>Applications page</p> }],
  },
];

async function signedInOnTheCartPage() {
  storeUser(customer);
  renderRoutes(routes, '/cart');
  await screen.findByText('Cart page');
}

describe('guards', () => {
  it('sends a guest from a protected page to /login with the page as redirect parameter', async () => {
    renderRoutes(routes, '/cart?tab=lines');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/login?redirect=%2Fcart%3Ftab%3Dlines',
    );
    expect(screen.queryByText('Cart page')).not.toBeInTheDocument();
  });

  it('shows a protected page to a signed-in user', async () => {
    storeUser(customer);
    renderRoutes(routes, '/cart');
    expect(await screen.findByText('Cart page')).toBeInTheDocument();
  });

  it('sends a user who logs out on a protected page home, not to the sign-in page', async () => {
    await signedInOnTheCartPage();
    act(() => signOutOnPurpose());
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('sends a user whose session ended (not by logging out) to sign in again and come back', async () => {
    await signedInOnTheCartPage();
    act(() => clearSession());
    expect(await screen.findByTestId('where')).toHaveTextContent('/login?redirect=%2Fcart');
  });

  it('sends a signed-in user away from a guest-only page to /', async () => {
    storeUser(customer);
    renderRoutes(routes, '/register');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.queryByText('Register page')).not.toBeInTheDocument();
  });

  it('sends a signed-in user on a guest-only page to its safe ?redirect= target (sign-in round trip)', async () => {
    storeUser(customer);
    renderRoutes(routes, '/register?redirect=%2Fcart');
    expect(await screen.findByText('Cart page')).toBeInTheDocument();
    storeUser(customer);
    renderRoutes(routes, '/register?redirect=%2F%2Fevil.example');
    expect(await screen.findAllByText('Home page')).not.toHaveLength(0);
  });

  it('shows a guest-only page to a guest', async () => {
    renderRoutes(routes, '/register');
    expect(await screen.findByText('Register page')).toBeInTheDocument();
  });

  it('keeps customers out of staff pages and lets staff in', async () => {
    storeUser(customer);
    const first = renderRoutes(routes, '/admin/applications');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    first.unmount();
    storeUser({ ...customer, role: 'staff' });
    renderRoutes(routes, '/admin/applications');
    expect(await screen.findByText('Applications page')).toBeInTheDocument();
  });

  it('sends a guest from a staff page to /login', async () => {
    renderRoutes(routes, '/admin/applications');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/login?redirect=%2Fadmin%2Fapplications',
    );
  });
});
