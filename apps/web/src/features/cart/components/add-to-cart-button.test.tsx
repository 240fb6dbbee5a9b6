import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { retype } from '@/test/forms';
import { renderWithProviders } from '@/test/render';
import { AddToCartButton } from './add-to-cart-button';
import { CartBadge } from './cart-badge';
import {
  added,
  cart,
  deferred,
  json,
  line,
  product,
  renderSignedIn,
  routeFetch,
  signInStored,
} from '@/test/shopping';

function setup(answer: Promise<Response>, reread?: () => Response) {
  let reads = 0;
  return renderSignedIn(
    <>
      <CartBadge />
      <AddToCartButton product={product} />
    </>,
    {
      'GET /api/cart': () => (reads++ > 0 && reread ? reread() : json(cart([], 0))),
      'POST /api/cart/add': () => answer,
    },
  );
}

/** The button for the shared product, its add never answered, with `text` typed in its quantity box. */
async function typedPacks(text: string) {
  const calls = setup(new Promise<Response>(() => {}));
  const qty = await screen.findByLabelText('Quantity of Dressmaker pins in ship packs');
  const button = screen.getByRole('button', { name: 'Add Dressmaker pins to the cart' });
  await retype(qty, text);
  return { calls, qty, button };
}

describe('AddToCartButton', () => {
  it('shows a placeholder line at once, then the server cart, and toasts success', async () => {
    const answer = deferred<Response>();
    const calls = setup(answer.promise);
    await screen.findByRole('link', { name: 'Cart, 0 items' });
    const qty = await screen.findByLabelText('Quantity of Dressmaker pins in ship packs');
    await userEvent.clear(qty);
    await userEvent.type(qty, '3{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Add Dressmaker pins to the cart' }));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    const add = calls.find((c) => c.url.pathname === '/api/cart/add')!;
    expect(add.url.searchParams.get('user_id')).toBe('7');
    // The written line comes back named in the reader's language, as the cart shows it.
    expect(add.url.searchParams.get('lang')).toBe('en');
    expect(JSON.parse(String(add.init?.body))).toEqual({ product_id: 'PIN-100', item: 3 });

    answer.resolve(json(added(line({ item: 3, line_total: 90 }), 90)));
    expect(await screen.findByText('Added item to the cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    // The answer's line took the placeholder's place and adds up: the cart is not read again.
    expect(calls.filter((c) => c.url.pathname === '/api/cart')).toHaveLength(1);
  });

  it('reads the cart again when the answer says it holds lines this page does not', async () => {
    const other = line({ id: 2, product: 12, product_id: 'TAPE-1', name: 'Tape', line_total: 40 });
    const answer = deferred<Response>();
    const calls = setup(answer.promise, () =>
      json(cart([other, line({ item: 1, line_total: 30 })], 70)),
    );
    await screen.findByRole('link', { name: 'Cart, 0 items' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add Dressmaker pins to the cart' }),
    );
    // Another tab had added a line: the server's count is 2 where this page holds 1.
    answer.resolve(json(added(line({ item: 1, line_total: 30 }), 70, 2)));
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === '/api/cart')).toHaveLength(2),
    );
  });

  it('sends a second add only once the first is answered, and reads the cart for neither', async () => {
    // Cart writes run one at a time (lib/cart-writes.ts): the second answer already holds the first.
    const first = deferred<Response>();
    const second = deferred<Response>();
    const tape = { ...product, id: 12, product_id: 'TAPE-1', name: 'Tape' };
    let adds = 0;
    signInStored();
    const { calls } = routeFetch({
      'GET /api/cart': () => json(cart([], 0)),
      'POST /api/cart/add': () => (adds++ === 0 ? first.promise : second.promise),
    });
    const { queryClient } = renderWithProviders(
      <>
        <CartBadge />
        <AddToCartButton product={product} />
        <AddToCartButton product={tape} />
      </>,
    );
    const addCalls = () => calls.filter((c) => c.url.pathname === '/api/cart/add');
    await screen.findByRole('link', { name: 'Cart, 0 items' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add Dressmaker pins to the cart' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add Tape to the cart' }));
    // Both placeholders show at once; only the first add is on its way.
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    await waitFor(() => expect(addCalls()).toHaveLength(1));
    expect(JSON.parse(String(addCalls()[0].init?.body)).product_id).toBe('PIN-100');
    expect(queryClient.isMutating()).toBe(2);

    first.resolve(json(added(line({ item: 1, line_total: 30 }), 30, 1)));
    await waitFor(() => expect(addCalls()).toHaveLength(2));
    expect(JSON.parse(String(addCalls()[1].init?.body)).product_id).toBe('TAPE-1');
    const tapeLine = line({
      id: 2,
      product: 12,
      product_id: 'TAPE-1',
      name: 'Tape',
      line_total: 40,
    });
    second.resolve(json(added(tapeLine, 70, 2)));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    // Each answer added up once the placeholder still waiting was set aside: one read, at the start.
    expect(queryClient.isFetching()).toBe(0);
    expect(calls.filter((c) => c.url.pathname === '/api/cart')).toHaveLength(1);
  });

  it('rolls the placeholder back and toasts the failure in the user’s words, not the server’s', async () => {
    const answer = deferred<Response>();
    setup(answer.promise);
    await screen.findByRole('link', { name: 'Cart, 0 items' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add Dressmaker pins to the cart' }),
    );
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    answer.resolve(
      json(
        {
          status: false,
          error: {
            code: 'UNPROCESSABLE',
            message: 'raw server text',
            reason: { key: 'OUT_OF_STOCK' },
          },
        },
        422,
      ),
    );
    expect(await screen.findByText('Failed to add to cart')).toBeInTheDocument();
    expect(screen.getByText('This product is currently out of stock')).toBeInTheDocument();
    expect(screen.queryByText('raw server text')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument(),
    );
  });

  it('is disabled for an unavailable product and hidden for guests', async () => {
    signInStored();
    routeFetch({ 'GET /api/cart': () => json(cart([], 0)) });
    const { unmount } = renderWithProviders(
      <AddToCartButton product={{ ...product, available: 0 }} />,
    );
    expect(
      await screen.findByRole('button', { name: 'Add Dressmaker pins to the cart' }),
    ).toBeDisabled();
    expect(screen.getByLabelText('Quantity of Dressmaker pins in ship packs')).toBeDisabled();
    unmount();
  });

  it('cannot add while the quantity box shows NA, and can again once it holds a quantity', async () => {
    const { calls, qty, button } = await typedPacks('-2');
    expect(qty).toHaveValue('NA');
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(calls.some((c) => c.url.pathname === '/api/cart/add')).toBe(false);
    await retype(qty, '4{Enter}');
    expect(button).toBeEnabled();
  });

  // Regression: on the product card and page, `2.5` was sent as 25 packs.
  it('cannot add 2.5 packs: says why and sends nothing', async () => {
    const { calls, qty, button } = await typedPacks('2.5');
    expect(qty).toHaveValue('2.5');
    expect(button).toBeDisabled();
    expect(qty).toHaveAccessibleDescription('“2.5” is not a whole number of ship packs');
    await userEvent.click(button);
    expect(calls.some((c) => c.url.pathname === '/api/cart/add')).toBe(false);
  });
});
