import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { useLocation } from 'react-router';
import { cartKeys } from '@/lib/shopping-keys';
import { renderRoutes } from '@/test/render';
import { CART_DELETE_REFETCH_MS } from '../api/delete-cart-line';
import { CartPage, selectedTotalCents } from './cart-page';
import { retype } from '@/test/forms';
import { cart, deferred, json, line, routeFetch, signInStored } from '@/test/shopping';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** The cart page at /cart; any other path shows where the page sent the buyer. */
const renderCartPage = () =>
  renderRoutes(
    [
      { path: '/cart', element: <CartPage /> },
      { path: '*', element: <Where /> },
    ],
    '/cart',
  );

const lines = [
  line(),
  line({
    id: 2,
    product: 12,
    product_id: 'SOON-1',
    name: 'Coming thing',
    class: 'N',
    available: 0,
    item: 1,
    price: 5,
    selling_price: 5,
    ship_pack: 1,
    line_total: 5,
  }),
  line({
    id: 3,
    product: 13,
    product_id: 'OUT-1',
    name: 'Sold out',
    available: 0,
    item: 1,
    price: 9,
    selling_price: 9,
    ship_pack: 1,
    unavailable: true,
    line_total: 0,
  }),
];

describe('selectedTotalCents (docs/product/cart-and-orders.md)', () => {
  it('sums selected available or class-N lines, price else selling price, times ship pack', () => {
    expect(selectedTotalCents(lines)).toBe(6000 + 500);
    expect(selectedTotalCents([line({ price: 0, selling_price: 3 })])).toBe(300 * 2 * 12);
    expect(selectedTotalCents([line({ selected: false })])).toBe(0);
  });
});

describe('CartPage', () => {
  it('lists lines with availability, totals the selection, and places the order with PO number and key', async () => {
    signInStored();
    let current = cart(lines, 65);
    const { calls } = routeFetch({
      'GET /api/cart': () => json(current),
      'POST /api/add/item': (_u, init) => {
        const body = JSON.parse(String(init?.body));
        current = cart(
          current.products.map((l) => (l.id === body.id ? { ...l, selected: body.selected } : l)),
          5,
        );
        return json(current);
      },
      'POST /api/store/orders': () =>
        json({ status: true, order_id: 42, total: 5, replayed: false }),
    });
    renderCartPage();

    // The heading shows at once (the page holds its place while loading); the lines follow.
    expect(await screen.findByRole('heading', { name: 'Shopping cart' })).toBeInTheDocument();
    const out = await screen.findByTestId('cart-line-OUT-1');
    expect(within(out).getByText('Currently Out Of Stock')).toBeInTheDocument();
    expect(within(out).getByLabelText('Quantity of Sold out in ship packs')).toBeDisabled();
    expect(
      within(screen.getByTestId('cart-line-PIN-100')).getByText('10 Ship Packs Available'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$65.00');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Order Dressmaker pins' }));
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$5.00'));

    await userEvent.type(screen.getByLabelText('PO number'), 'PO-99');
    await userEvent.type(screen.getByLabelText('Order comment'), 'Back door');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/order-confirm?order_id=42');
    const placed = calls.find((c) => c.url.pathname === '/api/store/orders')!;
    expect(JSON.parse(String(placed.init?.body))).toMatchObject({
      product_id: ['SOON-1'],
      po_number: 'PO-99',
      order_comment: 'Back door',
      user_id: 7,
    });
    expect(new Headers(placed.init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server refusal (opening minimum) and stays on the page', async () => {
    signInStored();
    routeFetch({
      'GET /api/cart': () => json(cart([line()], 60)),
      'POST /api/store/orders': () =>
        json(
          {
            status: false,
            error: {
              code: 'UNPROCESSABLE',
              message: 'Your opening order must reach $500.00; this order comes to $60.00',
              reason: {
                key: 'OPENING_MINIMUM',
                params: { minimumCents: 50_000, totalCents: 6_000 },
              },
            },
          },
          422,
        ),
    });
    renderCartPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your opening order must reach CA$500.00; this order comes to CA$60.00',
    );
  });

  it('keeps the Idempotency-Key after a network failure and renews it after a refusal', async () => {
    signInStored();
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () =>
        json(
          {
            status: false,
            error: {
              code: 'CONFLICT',
              message: 'Only 1 ship packs of PIN-100 are available',
              reason: { key: 'ONLY_AVAILABLE', params: { product: 'PIN-100', available: 1 } },
            },
          },
          409,
        ),
      () => json({ status: true, order_id: 5, total: 60, replayed: false }),
    ];
    const { calls } = routeFetch({
      'GET /api/cart': () => json(cart([line()], 60)),
      'POST /api/store/orders': () => answers.shift()!(),
    });
    renderCartPage();
    const place = await screen.findByRole('button', { name: 'Place order' });
    await userEvent.click(place);
    await screen.findByRole('alert');
    await userEvent.click(place);
    expect(
      await screen.findByText('Only 1 ship packs of PIN-100 are available'),
    ).toBeInTheDocument();
    await userEvent.click(place);
    expect(await screen.findByTestId('where')).toHaveTextContent('/order-confirm?order_id=5');
    const keys = calls
      .filter((c) => c.url.pathname === '/api/store/orders')
      .map((c) => new Headers(c.init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('removes a line and refetches the cart at once and again after 1.5 s', async () => {
    // Fake timers that move with real time (so TanStack's and testing-library's zero-delay timers
    // still run) with a fake Date: each request notes the fake clock, so the 1.5 s is measured on
    // that clock however slowly the machine runs, and the test skips it instead of waiting for it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    try {
      signInStored();
      const readAt: number[] = [];
      let deletedAt = Number.NaN;
      const { calls } = routeFetch({
        'GET /api/cart': () => {
          readAt.push(Date.now());
          return json(cart([line()], 60));
        },
        'DELETE /api/cart/delete': () => {
          deletedAt = Date.now();
          return json(cart([], 0));
        },
      });
      renderCartPage();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(
        await screen.findByRole('button', { name: 'Remove Dressmaker pins from the cart' }),
      );
      const del = await waitFor(() => calls.find((c) => c.url.pathname === '/api/cart/delete')!);
      expect(del.url.searchParams.get('id')).toBe('1');
      expect(del.url.searchParams.get('user_id')).toBe('7');
      // At once: the read after the delete comes before the 1.5 s timer is due.
      await waitFor(() => expect(readAt.length).toBeGreaterThanOrEqual(2));
      expect(readAt[1]! - deletedAt).toBeLessThan(CART_DELETE_REFETCH_MS);
      await vi.advanceTimersByTimeAsync(CART_DELETE_REFETCH_MS);
      await waitFor(() => expect(readAt).toHaveLength(3));
      expect(readAt[2]! - deletedAt).toBeGreaterThanOrEqual(CART_DELETE_REFETCH_MS);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a changed quantity when a cart read sent while the change was on its way answers after it', async () => {
    // The server reads the cart when a request arrives and answers when the test says so: a read
    // arriving before the change is written answers the old quantity, later than the change's own answer.
    signInStored();
    let serverItem = 2;
    const answers: Array<() => void> = [];
    const later = (answer: () => Response) => {
      const sent = deferred<Response>();
      answers.push(() => sent.resolve(answer()));
      return sent.promise;
    };
    let holdReads = false;
    const { calls } = routeFetch({
      'GET /api/cart': () => {
        const read = cart([line({ item: serverItem })], 60);
        return holdReads ? later(() => json(read)) : json(read);
      },
      'POST /api/add/item': (_u, init) =>
        later(() => {
          serverItem = JSON.parse(String(init?.body)).item;
          return json(cart([line({ item: serverItem })], 60));
        }),
    });
    const { queryClient } = renderCartPage();
    const box = await screen.findByLabelText('Quantity of Dressmaker pins in ship packs');
    expect(box).toHaveValue('2');

    await userEvent.clear(box);
    await userEvent.type(box, '5{Enter}');
    await waitFor(() => expect(answers).toHaveLength(1));
    // Something reads the carts while the change is on its way (another write's refresh, a focus).
    holdReads = true;
    act(() => void queryClient.invalidateQueries({ queryKey: cartKeys.all }));
    // The change is written and answered; then any read held meanwhile answers.
    act(() => answers.shift()!());
    await waitFor(() => expect(box).toHaveValue('5'));
    holdReads = false;
    while (answers.length > 0) act(() => answers.shift()!());
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === '/api/cart').length).toBeGreaterThan(1),
    );
    await waitFor(() => expect(queryClient.isFetching({ queryKey: cartKeys.lists() })).toBe(0));
    expect(screen.getByLabelText('Quantity of Dressmaker pins in ship packs')).toHaveValue('5');
  });

  it("shows each line's price reason and its next volume break under the price", async () => {
    signInStored();
    const priced = line({
      price: 2,
      selling_price: 2.5,
      line_total: 72,
      item: 3,
      price_reason: {
        kind: 'price_list',
        list_name: 'Tremblay',
        assignee: 'customer',
        min_packs: 1,
      },
      next_break: { min_packs: 5, more_packs: 2, price: 1.8 },
    });
    routeFetch({ 'GET /api/cart': () => json(cart([priced], 72)) });
    renderCartPage();
    const row = await screen.findByTestId('cart-line-PIN-100');
    expect(within(row).getByText('Contract price, list Tremblay')).toBeInTheDocument();
    expect(within(row).getByText('2 more ship packs for CA$1.80 each')).toBeInTheDocument();
    expect(within(row).getByText('CA$2.50').tagName).toBe('S');
  });

  // Regression: with "2.5" refused in a line's box, Place order ordered the quantity before it.
  it('holds Place order back while a selected line’s quantity box holds a refused entry', async () => {
    signInStored();
    const { calls } = routeFetch({ 'GET /api/cart': () => json(cart([line()], 60)) });
    renderCartPage();
    const box = await screen.findByLabelText('Quantity of Dressmaker pins in ship packs');
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place).toBeEnabled();

    await retype(box, '2.5');
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription(
      'Correct the quantity of Dressmaker pins to place the order.',
    );
    await userEvent.click(place);
    expect(calls.some((c) => c.url.pathname === '/api/store/orders')).toBe(false);

    await retype(box, '2');
    await waitFor(() => expect(place).toBeEnabled());
  });

  // Regression: a French cart turned English at the first change (the answers came in English).
  it('asks every cart answer in the reader’s language, so the lines stay in it', async () => {
    await preloadTranslations(['cart', 'checkout', 'common', 'errors'], ['fr']);
    await setLanguage('fr');
    signInStored();
    const named = (lang: string | null | undefined) =>
      cart([line({ name: lang === 'fr' ? 'Épingles de couturière' : 'Dressmaker pins' })], 60);
    const { calls } = routeFetch({
      'GET /api/cart': (url) => json(named(url.searchParams.get('lang'))),
      'POST /api/add/item': (_url, init) => json(named(JSON.parse(String(init?.body)).lang)),
      'DELETE /api/cart/delete': (url) => json(named(url.searchParams.get('lang'))),
    });
    try {
      renderCartPage();
      const row = await screen.findByTestId('cart-line-PIN-100');
      expect(within(row).getByText('Épingles de couturière')).toBeInTheDocument();
      await userEvent.click(within(row).getAllByRole('checkbox')[0]);
      await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/add/item')).toBe(true));
      await act(() => Promise.resolve());
      expect(within(row).getByText('Épingles de couturière')).toBeInTheDocument();
      await userEvent.click(within(row).getByRole('button', { name: /Épingles de couturière/ }));
      await waitFor(() =>
        expect(calls.some((c) => c.url.pathname === '/api/cart/delete')).toBe(true),
      );
      const del = calls.find((c) => c.url.pathname === '/api/cart/delete')!;
      expect(del.url.searchParams.get('lang')).toBe('fr');
    } finally {
      await setLanguage('');
    }
  });
});
