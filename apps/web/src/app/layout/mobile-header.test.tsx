import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectLink } from '@/test/links';
import { renderRoutes, stubFetch } from '@/test/render';
import { MobileBottomBar } from './mobile-bottom-bar';
import { MobileHeader } from './mobile-header';

describe('mobile layout (docs/product/storefront-ux.md)', () => {
  it('shows the page title, and the back arrow goes one step back in history', async () => {
    stubFetch({ '/api/categories': () => ({ status: true, data: [] }) });
    const u = userEvent.setup();
    const { router } = renderRoutes([{ path: '*', element: <MobileHeader /> }], '/');
    await act(() => router.navigate('/about-us'));
    await act(() => router.navigate('/cart'));
    expect(screen.getByText('Cart')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Go back' }));
    expect(router.state.location.pathname).toBe('/about-us');
    expect(screen.getByText('About Us')).toBeInTheDocument();
  });

  it('names the back office on every back-office page (it read "Credit applications" on all)', async () => {
    stubFetch({ '/api/categories': () => ({ status: true, data: [] }) });
    const { router } = renderRoutes([{ path: '*', element: <MobileHeader /> }], '/admin/audit');
    expect(screen.getByText('Back office')).toBeInTheDocument();
    await act(() => router.navigate('/admin/content'));
    expect(screen.getByText('Content administration')).toBeInTheDocument();
  });

  it('has home, language and profile in the bottom bar', () => {
    renderRoutes([{ path: '*', element: <MobileBottomBar /> }]);
    const nav = screen.getByRole('navigation', { name: 'Quick navigation' });
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Home' }));
    expect(nav).toContainElement(screen.getByRole('combobox', { name: 'Language' }));
    expectLink(screen, 'Login', '/login');
  });
});
