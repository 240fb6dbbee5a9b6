import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { deferred, json, product, renderSignedIn, routeFetch, signInStored } from '@/test/shopping';
import { FavouriteToggle } from './favourite-toggle';
import { FavouritesBadge } from './favourites-badge';

const emptyList = {
  status: true,
  products: { data: [], total: 0, current_page: 1, last_page: 1, per_page: 1 },
};
const listWithProduct = {
  ...emptyList,
  products: { ...emptyList.products, data: [product], total: 1 },
};

/** The server: its list holds the product once an add was answered with success. */
function setup(addAnswer: Promise<Response>) {
  let saved = false;
  return renderSignedIn(
    <>
      <FavouritesBadge />
      <FavouriteToggle product={product} />
    </>,
    {
      'GET /api/favorite': () => json(saved ? listWithProduct : emptyList),
      'POST /api/fav/add': () =>
        addAnswer.then((answer) => {
          saved = answer.ok;
          return answer;
        }),
    },
  );
}

describe('FavouriteToggle', () => {
  it('flips at once, is disabled while running, updates the badge and toasts success', async () => {
    const answer = deferred<Response>();
    const calls = setup(answer.promise);
    const heart = await screen.findByRole('button', { name: 'Favourite: Dressmaker pins' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Favourites, 0 items' })).toBeInTheDocument(),
    );

    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Favourites, 1 item' })).toBeInTheDocument();
    const add = calls.find((c) => c.url.pathname === '/api/fav/add')!;
    expect(add.url.searchParams.get('product_id')).toBe('PIN-100');
    expect(add.url.searchParams.get('user_id')).toBe('7');

    answer.resolve(
      json({
        status: true,
        product_id: 'PIN-100',
        favourite: true,
        message: 'Product is added to favourites',
      }),
    );
    expect(await screen.findByText('Product is added to favourites')).toBeInTheDocument();
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('reverts, rolls back the cached list and toasts the error on failure', async () => {
    const answer = deferred<Response>();
    setup(answer.promise);
    const heart = await screen.findByRole('button', { name: 'Favourite: Dressmaker pins' });
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    answer.resolve(
      json({ status: false, error: { code: 'INTERNAL', message: 'Database down' } }, 500),
    );
    expect(
      await screen.findByText('Failed to update favourites: Something went wrong on our side'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Database down/)).toBeNull();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(heart).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Favourites, 0 items' })).toBeInTheDocument();
  });

  it('a heart set while the list is still on its way shows once the server has it', async () => {
    // The list may be asked for before the page shows; on a slow server a customer can click
    // a heart before it answers. That answer was sent before the favourite existed.
    signInStored();
    const firstList = deferred<Response>();
    let lists = 0;
    routeFetch({
      'GET /api/favorite': () => (++lists === 1 ? firstList.promise : json(listWithProduct)),
      'POST /api/fav/add': () =>
        json({ status: true, product_id: 'PIN-100', favourite: true, message: 'added' }),
    });
    renderWithProviders(
      <>
        <FavouritesBadge />
        <FavouriteToggle product={product} />
      </>,
    );
    const heart = await screen.findByRole('button', { name: 'Favourite: Dressmaker pins' });
    await userEvent.click(heart);
    expect(await screen.findByText('Product is added to favourites')).toBeInTheDocument();
    firstList.resolve(json(emptyList));

    expect(await screen.findByRole('link', { name: 'Favourites, 1 item' })).toBeInTheDocument();
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  it('is not shown to guests, whose badge reads 0', async () => {
    const { calls } = routeFetch({});
    renderWithProviders(
      <>
        <FavouritesBadge />
        <FavouriteToggle product={product} />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'Favourites, 0 items' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Favourite/ })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
