import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CartLine, CartResponse } from '@wholesale/contract';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { apiError, renderRoutes, stubFetch } from '@/test/render';
import { deferred, line } from '@/test/shopping';
import { signInStaff } from '@/test/staff';
import { PhoneOrderPage } from './phone-order-page';
import { aPhoneCheckout } from './phone-order.fixtures';

beforeAll(() =>
  preloadTranslations(['admin-orders', 'errors', 'checkout', 'common'], ['en', 'fr']),
);
afterEach(() => i18n.changeLanguage('en'));

const checkout = aPhoneCheckout('ca');
const pins = line({ id: 1, product_id: 'PIN-100', name: 'Pins', item: 3, line_total: 90 });
const cartOf = (products: CartLine[], notice?: CartResponse['notice']): CartResponse => ({
  status: true,
  products,
  total: products.reduce((sum, l) => sum + l.line_total, 0),
  count: products.length,
  ...(notice ? { notice } : {}),
});

/**
 * The phone-order API, with `write` answering the cart-line calls; with `gate`, their answers wait
 * for it (the page's guess shows meanwhile).
 */
function stubApi(write: (url: URL, init?: RequestInit) => unknown, gate?: Promise<void>) {
  const stub = stubFetch({
    '/api/admin/phone-orders/40/cart/lines': write,
    '/api/admin/phone-orders/40/cart': () => cartOf([pins]),
    '/api/admin/phone-orders/40/checkout': () => checkout,
  });
  if (gate)
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = stub.fetchMock(input, init);
      if (String(input).includes('/cart/lines')) await gate;
      return answer;
    });
  return stub;
}
/**
 * Staff on the phone whose cart-line calls are refused with `error`, the answer held until the test
 * releases it (the page's guess shows meanwhile).
 */
function refusedOnRelease(status: number, error: Parameters<typeof apiError>[1]) {
  signInStaff(['orders']);
  const answer = deferred<void>();
  const { calls } = stubApi(() => apiError(status, error), answer.promise);
  return { calls, release: () => answer.resolve() };
}
const renderPage = () =>
  renderRoutes(
    [{ path: '/admin/orders/phone/:id', element: <PhoneOrderPage customerId={40} /> }],
    '/admin/orders/phone/40',
  );
const writes = (calls: ReturnType<typeof stubFetch>['calls']) =>
  calls.filter((c) => c.url.pathname.includes('/cart/lines'));

describe("phone orders: staff change the customer's cart", () => {
  it('adds a product by its code and packs with Enter, then is ready for the next code', async () => {
    signInStaff(['orders']);
    const bow = line({ id: 2, product_id: 'BOW-9', name: 'Bows', item: 4, line_total: 48 });
    const { calls } = stubApi(() =>
      cartOf([pins, bow], { product_id: 'BOW-9', requested: 4, quantity: 4, clamped: false }),
    );
    const user = userEvent.setup();
    renderPage();
    const code = await screen.findByLabelText('Product code');
    await user.type(code, ' BOW-9 ');
    const packs = screen.getByLabelText('Ship packs');
    await user.clear(packs);
    await user.type(packs, '4{Enter}');

    expect(await screen.findByTestId('phone-line-BOW-9')).toBeInTheDocument();
    const [sent] = writes(calls);
    expect(sent?.init?.method).toBe('POST');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ product_id: 'BOW-9', item: 4 });
    expect(new Headers(sent?.init?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(
      await screen.findByText("BOW-9: the customer's cart holds 4 ship packs."),
    ).toBeInTheDocument();
    await waitFor(() => expect(code).toHaveValue(''));
    expect(code).toHaveFocus();
    expect(packs).toHaveValue('1');
  });

  it("lists the lines as a table that stacks on a phone, each value under its column's name", async () => {
    signInStaff(['orders']);
    stubApi(() => cartOf([pins]));
    renderPage();
    const row = await screen.findByTestId('phone-line-PIN-100');
    const table = row.closest('table')!;
    // stacked-table.css, as the desk's tables: one small grid a line where the page is narrow, the
    // headings hidden on screen only; each value carries its column's name (data-label).
    expect(table).toHaveClass('stacked-table');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const labels = within(row)
      .getAllByRole('cell')
      .map((c) => c.getAttribute('data-label'));
    expect(labels).toEqual(headings);
    expect(within(row).getByLabelText('Ship packs of PIN-100')).toHaveValue('3');
  });

  it('refuses a bad quantity before sending and shows the server’s refusal under the code, for staff', async () => {
    signInStaff(['orders']);
    const { calls } = stubApi(() =>
      apiError(404, {
        code: 'NOT_FOUND',
        message: 'This product is not sold in your country',
        reason: { key: 'NOT_SOLD_HERE' },
        fields: { product_id: 'This product is not sold in your country' },
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const submit = await screen.findByRole('button', { name: "Add to the customer's cart" });
    await user.click(submit);
    expect(screen.getByLabelText('Product code')).toHaveAccessibleDescription(
      'Enter the product code the customer reads out.',
    );
    await user.type(screen.getByLabelText('Product code'), 'NOPE');
    const packs = screen.getByLabelText('Ship packs');
    await user.clear(packs);
    await user.type(packs, '2.5');
    await user.click(submit);
    expect(packs).toHaveAccessibleDescription('“2.5” is not a whole number of ship packs');
    expect(writes(calls)).toHaveLength(0);

    await user.clear(packs);
    await user.type(packs, '2{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText('Product code')).toHaveAccessibleDescription(
        "No product with this code is sold in the customer's country.",
      ),
    );
    expect(packs).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Product code')).toHaveValue('NOPE');
  });

  it("changes a line's packs at once and puts them back, with the staff wording, when refused", async () => {
    await i18n.changeLanguage('fr');
    const { calls, release } = refusedOnRelease(422, {
      code: 'UNPROCESSABLE',
      message: 'This product is currently out of stock',
      reason: { key: 'OUT_OF_STOCK' },
      fields: { product_id: 'This product is currently out of stock' },
    });
    const user = userEvent.setup();
    renderPage();
    const box = await screen.findByLabelText('Emballages pour PIN-100');
    await user.clear(box);
    await user.type(box, '5{Enter}');
    // The guess shows while the server thinks.
    expect(box).toHaveValue('5');
    const [sent] = writes(calls);
    expect(sent?.url.pathname).toBe('/api/admin/phone-orders/40/cart/lines/1');
    expect(sent?.init?.method).toBe('PATCH');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ item: 5 });
    release();
    await waitFor(() => expect(box).toHaveValue('3'));
    expect(box).toHaveAccessibleDescription(
      'Ce produit est en rupture de stock ; il ne peut pas aller dans le panier du client.',
    );
    expect(box).toHaveFocus();
    // 0 is not a line's packs (the line has its own remove button): nothing is sent.
    await user.clear(box);
    await user.type(box, '0{Enter}');
    expect(box).toHaveAccessibleDescription('Saisissez un nombre entier d’emballages, au moins 1.');
    expect(writes(calls)).toHaveLength(1);
  });

  it('shows the packs the server clamped to stock, with a warning', async () => {
    signInStaff(['orders']);
    stubApi(() =>
      cartOf([{ ...pins, item: 7 }], {
        product_id: 'PIN-100',
        requested: 9,
        quantity: 7,
        clamped: true,
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const box = await screen.findByLabelText('Ship packs of PIN-100');
    await user.clear(box);
    await user.type(box, '9');
    await user.tab();
    await waitFor(() => expect(box).toHaveValue('7'));
    expect(
      await screen.findByText('Only 7 ship packs of PIN-100 are in stock: the line holds 7.'),
    ).toBeInTheDocument();
  });

  it('removes a line at once and brings it back when the server refuses', async () => {
    const { calls, release } = refusedOnRelease(404, {
      code: 'NOT_FOUND',
      message: 'This cart line does not exist',
      reason: { key: 'CART_LINE_MISSING' },
      fields: { line_id: 'This cart line does not exist' },
    });
    const user = userEvent.setup();
    renderPage();
    const row = await screen.findByTestId('phone-line-PIN-100');
    await user.click(
      within(row).getByRole('button', { name: "Remove PIN-100 from the customer's cart" }),
    );
    await waitFor(() => expect(screen.queryByTestId('phone-line-PIN-100')).toBeNull());
    expect(writes(calls)[0]?.init?.method).toBe('DELETE');
    release();
    expect(await screen.findByTestId('phone-line-PIN-100')).toBeInTheDocument();
    expect(
      await screen.findByText("This line is no longer in the customer's cart; reload the cart."),
    ).toBeInTheDocument();
  });
});
