import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeUser } from '@/lib/session';
import { renderRoutes } from '@/test/render';
import { cart, json, line, routeFetch, signInStored } from '@/test/shopping';
import { CartTotalBar } from './cart-total-bar';

function serve() {
  const { fetchMock } = routeFetch({
    'GET /api/cart': () => json(cart([line(), line({ id: 2, product_id: 'PIN-200' })], 125.5)),
  });
  vi.stubGlobal('fetch', fetchMock);
}

const routes = [
  { path: '/cart', element: <CartTotalBar /> },
  { path: '*', element: <CartTotalBar /> },
];

describe('phone cart total bar', () => {
  it("shows a signed-in customer the cart's count and total, linking to the cart", async () => {
    signInStored();
    serve();
    renderRoutes(routes, '/products/Buttons');
    const bar = await screen.findByRole('link', { name: /Cart total/ });
    expect(bar).toHaveAttribute('href', '/cart');
    expect(bar).toHaveTextContent('Cart total (Cart, 2 items)CA$125.50View cart');
  });

  it('is not shown on the cart page itself, to guests or to staff', async () => {
    signInStored();
    serve();
    const onCart = renderRoutes(routes, '/cart');
    await Promise.resolve();
    expect(screen.queryByTestId('cart-total-bar')).not.toBeInTheDocument();
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
