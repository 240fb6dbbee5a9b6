import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { renderRoutes } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { adminMenuFor } from './admin-menu';
import { StaffLayout } from './staff-layout';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const routes = [
  {
    path: '/admin',
    element: <StaffLayout />,
    children: [
      { path: 'applications', element: <p>applications screen</p> },
      { path: 'content', element: <p>content screen</p> },
    ],
  },
  { path: '*', element: <Where /> },
];

describe('back-office menu', () => {
  it('shows each role only its screens; admin sees them all', () => {
    expect(adminMenuFor(['credit']).map((e) => e.key)).toEqual(['applications', 'customers']);
    expect(adminMenuFor(['content']).map((e) => e.key)).toEqual([
      'content',
      'catalogue',
      'products',
    ]);
    expect(adminMenuFor(['orders']).map((e) => e.key)).toEqual(['orders', 'customers']);
    expect(adminMenuFor(['credit', 'orders']).map((e) => e.key)).toEqual([
      'applications',
      'orders',
      'customers',
    ]);
    expect(adminMenuFor(['admin']).map((e) => e.key)).toEqual([
      'applications',
      'content',
      'catalogue',
      'products',
      'orders',
      'customers',
      'staff',
      'integrations',
      'audit',
      'settings',
    ]);
    expect(adminMenuFor([])).toEqual([]);
  });
});

describe('staff layout', () => {
  it('lists the screens of the role and shows the screen', async () => {
    signInStaff(['credit']);
    renderRoutes(routes, '/admin/applications');
    const menu = await screen.findByRole('navigation', { name: 'Back-office menu' });
    expect(within(menu).getByRole('link', { name: 'Applications' })).toHaveAttribute(
      'href',
      '/admin/applications',
    );
    expect(within(menu).queryByRole('link', { name: 'Content' })).not.toBeInTheDocument();
    expect(screen.getByText('applications screen')).toBeInTheDocument();
  });

  it('says so, instead of the screen, when the role does not open it', async () => {
    signInStaff(['credit']);
    renderRoutes(routes, '/admin/content');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role does not give access to this screen.',
    );
    expect(screen.queryByText('content screen')).not.toBeInTheDocument();
  });

  it('opens the first screen of the menu at /admin', async () => {
    signInStaff(['content']);
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('content screen')).toBeInTheDocument();
  });

  it('tells a staff member without any role to ask for one', async () => {
    signInStaff([]);
    renderRoutes(routes, '/admin/applications');
    expect(await screen.findByRole('status')).toHaveTextContent(/no back-office role/);
  });
});
