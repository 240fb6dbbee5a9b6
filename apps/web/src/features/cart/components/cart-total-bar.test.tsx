import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeUser } from '@/lib/session';
import { renderRoutes } from '@/test/render';
import { cart, json, line, routeFetch, signInStored } from '@/test/shopping';
import { CartTotalBar } from './cart-total-bar';

function serve() {
  routeFetch({
    'GET /api/cart': () => json(cart([line(), line({ id: 2, product_id: 'PIN-200' })], 125.5)),
  });
}

const routes = [
  { path: '/cart', element: <CartTotalBar /> },
  { path: '*', element: <CartTotalBar /> },
];

describe('phone cart total bar', () => {
  // Regression: it read "Cart total (Cart, 0 items)".
  it("names the cart's count and total once, linking to the cart", async () => {
    signInStored();
    serve();
    renderRoutes(routes, '/products/Buttons');
    const bar = await screen.findByRole('link', { name: 'Cart: 2 items, CA$125.50' });
    expect(bar).toHaveAttribute('href', '/cart');
    expect(bar).toHaveTextContent(/^CA\$125\.50$/);
  });

  it('marks the cart page as the current page, and is not shown to guests or to staff', async () => {
    signInStored();
    serve();
    const onCart = renderRoutes(routes, '/cart');
    expect(await screen.findByTestId('cart-total-bar')).toHaveAttribute('aria-current', 'page');
    onCart.unmount();

    localStorage.clear();
    const guest = renderRoutes(routes, '/');
    expect(screen.queryByTestId('cart-total-bar')).not.toBeInTheDocument();
    guest.unmount();

    storeUser({
      user_value: 9,
      owner_name: 'Staff',
      email: 's@example.com',
      customer_code: null,
      flag: 'active',
      cflag: 'ca',
      lang: '',
      role: 'staff',
    });
    serve();
    renderRoutes(routes, '/');
    expect(screen.queryByTestId('cart-total-bar')).not.toBeInTheDocument();
  });
});
