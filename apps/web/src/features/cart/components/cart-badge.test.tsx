import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectLink } from '@/test/links';
import { renderWithProviders } from '@/test/render';
import { CartBadge } from './cart-badge';
import { cart, json, line, routeFetch, signInStored } from '@/test/shopping';

describe('CartBadge and cart popup', () => {
  // Regression: the popup said CA$1,245.00 where the cart says CA$1,244.96.
  it('opens on keyboard focus, shows exact lines and the exact total the cart shows, and closes with its arrow', async () => {
    signInStored();
    routeFetch({
      'GET /api/cart': () =>
        json(
          cart(
            [
              line({ line_total: 1234.56 }),
              line({ id: 2, product_id: 'TAPE-9', name: 'Tape', line_total: 10.4 }),
            ],
            1244.96,
          ),
        ),
    });
    renderWithProviders(<CartBadge />);
    const link = await screen.findByRole('link', { name: 'Cart, 2 items' });
    await userEvent.tab();
    expect(link).toHaveFocus();
    const popup = await screen.findByRole('region', { name: 'Cart summary' });
    expect(popup).toHaveTextContent('CA$1,234.56');
    expect(popup).toHaveTextContent('CA$10.40');
    expect(screen.getByTestId('cart-popup-total')).toHaveTextContent(/^CA\$1,244\.96$/);
    expect(popup).not.toHaveTextContent('CA$1,245.00');
    expectLink(screen, 'Checkout', '/cart#checkout');
    // The scrolling line list can be reached and scrolled from the keyboard.
    const list = screen.getByRole('list', { name: 'Items in your cart' });
    expect(list).toHaveAttribute('tabindex', '0');
    await userEvent.click(screen.getByRole('button', { name: 'Close the cart summary' }));
    expect(screen.queryByRole('region', { name: 'Cart summary' })).not.toBeInTheDocument();
  });

  it('closes when keyboard focus leaves it, stays open while focus moves inside it', async () => {
    signInStored();
    routeFetch({ 'GET /api/cart': () => json(cart([line()], 12)) });
    renderWithProviders(
      <>
        <CartBadge />
        <button type="button">After the cart</button>
      </>,
    );
    await screen.findByRole('link', { name: 'Cart, 1 item' });
    await userEvent.tab();
    await screen.findByRole('region', { name: 'Cart summary' });
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close the cart summary' })).toHaveFocus();
    expect(screen.getByRole('region', { name: 'Cart summary' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'After the cart' }).focus();
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Cart summary' })).not.toBeInTheDocument(),
    );
  });

  it('opens on hover over the cart icon', async () => {
    signInStored();
    routeFetch({ 'GET /api/cart': () => json(cart([], 0)) });
    renderWithProviders(<CartBadge />);
    const link = await screen.findByRole('link', { name: 'Cart, 0 items' });
    fireEvent.mouseEnter(link.parentElement!);
    expect(await screen.findByRole('region', { name: 'Cart summary' })).toHaveTextContent(
      'Your cart is empty.',
    );
  });

  it('reads 0 with no popup and no call for guests', async () => {
    const { calls } = routeFetch({});
    renderWithProviders(<CartBadge />);
    const link = await screen.findByRole('link', { name: 'Cart, 0 items' });
    fireEvent.mouseEnter(link.parentElement!);
    expect(screen.queryByRole('region', { name: 'Cart summary' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
