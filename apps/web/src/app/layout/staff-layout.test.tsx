import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { expectLink } from '@/test/links';
import { renderRoutes } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { adminEntryOfPath, adminMenuFor, staffMayOpen } from './admin-menu';
import { StaffLayout } from './staff-layout';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const routes = [
  {
    path: '/admin',
    element: <StaffLayout />,
    children: [
      { index: true, element: <p>home screen</p> },
      { path: 'applications', element: <p>applications screen</p> },
      { path: 'content', element: <p>content screen</p> },
    ],
  },
  { path: '*', element: <Where /> },
];

describe('back-office menu', () => {
  it('shows each role only its screens; admin sees them all', () => {
    expect(adminMenuFor(['credit']).map((e) => e.key)).toEqual([
      'applications',
      'customers',
      'returns',
      'receivables',
      'invoices',
    ]);
    expect(adminMenuFor(['content']).map((e) => e.key)).toEqual([
      'content',
      'catalogue',
      'structure',
      'products',
      'prices',
    ]);
    expect(adminMenuFor(['orders']).map((e) => e.key)).toEqual([
      'orders',
      'customers',
      'returns',
      'invoices',
    ]);
    expect(adminMenuFor(['credit', 'orders']).map((e) => e.key)).toEqual([
      'applications',
      'orders',
      'customers',
      'returns',
      'receivables',
      'invoices',
    ]);
    expect(adminMenuFor(['admin']).map((e) => e.key)).toEqual([
      'applications',
      'content',
      'catalogue',
      'structure',
      'products',
      'prices',
      'orders',
      'customers',
      'returns',
      'receivables',
      'invoices',
      'staff',
      'integrations',
      'audit',
      'settings',
    ]);
    expect(adminMenuFor([])).toEqual([]);
  });

  it("opens an order's page to credit staff (its deposit and hold), not the order desk", () => {
    for (const path of ['/admin/orders/17', '/admin/orders/:id']) {
      expect(staffMayOpen(['credit'], path)).toBe(true);
      expect(staffMayOpen(['orders'], path)).toBe(true);
      expect(staffMayOpen(['content'], path)).toBe(false);
      expect(staffMayOpen(['admin'], path)).toBe(true);
    }
    expect(staffMayOpen(['credit'], '/admin/orders')).toBe(false);
    expect(staffMayOpen(['credit'], '/admin/orders/phone')).toBe(false);
    expect(staffMayOpen(['credit'], '/admin/orders/phone/:customerId')).toBe(false);
    expect(adminMenuFor(['credit']).map((e) => e.key)).not.toContain('orders');
  });

  it('marks the most specific screen a path belongs to', () => {
    expect(adminEntryOfPath('/admin/catalogue')?.key).toBe('catalogue');
    expect(adminEntryOfPath('/admin/catalogue/structure')?.key).toBe('structure');
    expect(adminEntryOfPath('/admin/products/BT-1')?.key).toBe('products');
  });
});

describe('staff layout', () => {
  it('lists the screens of the role and shows the screen', async () => {
    signInStaff(['credit']);
    renderRoutes(routes, '/admin/applications');
    const menu = await screen.findByRole('navigation', { name: 'Back-office menu' });
    expectLink(within(menu), 'Applications', '/admin/applications');
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

  it('shows the home at /admin (it used to render nothing), linked first in the menu', async () => {
    signInStaff(['content']);
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Back-office menu' });
    const links = within(menu).getAllByRole('link');
    expect(links[0]).toHaveAccessibleName('Home');
    expect(links[0]).toHaveAttribute('href', '/admin');
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    // The home link is not "current" on the other screens.
    expect(within(menu).getByRole('link', { name: 'Content' })).not.toHaveAttribute('aria-current');
  });

  it('tells a staff member without any role to ask for one', async () => {
    signInStaff([]);
    renderRoutes(routes, '/admin/applications');
    expect(await screen.findByRole('status')).toHaveTextContent(/no back-office role/);
  });
});
