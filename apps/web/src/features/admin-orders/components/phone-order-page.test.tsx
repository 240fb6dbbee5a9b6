import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, type CartLine } from '@wholesale/contract';
import { adminHomeKeys, waitingOrdersKey } from '@/lib/admin-keys';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { expectLink } from '@/test/links';
import { apiError, onePage, renderRoutes, stubFetch } from '@/test/render';
import { line } from '@/test/shopping';
import { signInStaff } from '@/test/staff';
import { PhoneOrderPage } from './phone-order-page';
import { aPhoneCheckout } from './phone-order.fixtures';

beforeAll(() =>
  preloadTranslations(['admin-orders', 'staff', 'errors', 'checkout', 'common'], ['en', 'fr']),
);
afterEach(() => i18n.changeLanguage('en'));

const checkout = aPhoneCheckout('us', {
  addresses: [
    {
      id: 5,
      label: 'Store',
      company: 'Yarn Barn',
      line1: '1 Main Street',
      line2: null,
      city: 'Portland',
      region: 'OR',
      postal_code: '97201',
      country: 'us',
      is_default: true,
    },
    {
      id: 6,
      label: 'Warehouse',
      company: 'Yarn Barn',
      line1: '9 Dock Road',
      line2: null,
      city: 'Salem',
      region: 'OR',
      postal_code: '97301',
      country: 'us',
      is_default: false,
    },
  ],
  opening_minimum: 200,
});
const lines: CartLine[] = [
  line({
    id: 1,
    product_id: 'PIN-100',
    name: 'Pins',
    item: 3,
    line_total: 90,
    selected: true,
    price_reason: { kind: 'price_list', list_name: 'Barn', assignee: 'group', min_packs: 1 },
  }),
  line({ id: 2, product_id: 'TAPE-7', name: 'Tape', item: 1, line_total: 12, selected: false }),
];
const cart = { status: true, products: lines, total: 102, count: 2 };

/** The phone-order API answering `place` for the order itself. */
function stubPhoneApi(place: () => unknown) {
  const stub = stubFetch({
    '/api/admin/phone-orders/40/cart': () => cart,
    '/api/admin/phone-orders/40/checkout': () => checkout,
    '/api/admin/phone-orders/40': (_url, init) => (init?.method === 'POST' ? place() : cart),
  });
  return stub;
}
const renderFor = (path = '/admin/orders/phone/40') =>
  renderRoutes(
    [
      { path: '/admin/orders/phone', element: <PhoneOrderPage /> },
      { path: '/admin/orders/phone/:id', element: <PhoneOrderPage customerId={40} /> },
    ],
    path,
  );
const sentBody = (calls: ReturnType<typeof stubFetch>['calls']) =>
  JSON.parse(String(calls.find((c) => c.init?.method === 'POST')?.init?.body));

describe('phone orders', () => {
  it('finds a customer and links only the active ones to their phone order', async () => {
    signInStaff(['orders']);
    const { calls } = stubFetch({
      '/api/admin/customers': () =>
        onePage(
          [
            {
              ...checkout.customer,
              company_name: 'Yarn Barn',
              active: true,
              last_sign_in_at: null,
            },
            {
              ...checkout.customer,
              id: 41,
              company_name: 'Closed Shop',
              active: false,
              last_sign_in_at: null,
            },
          ],
          10,
        ),
    });
    const user = userEvent.setup();
    renderFor('/admin/orders/phone');
    await user.type(screen.getByLabelText('Find a customer'), 'yarn');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByRole('link', { name: 'Take a phone order for Yarn Barn' }),
    ).toHaveAttribute('href', '/admin/orders/phone/40');
    expect(calls.at(-1)?.url.searchParams.get('q')).toBe('yarn');
    expect(screen.getByText(/Closed Shop \(inactive/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Closed Shop/ })).toBeNull();
  });

  it("shows the customer's cart and checkout in their currency, and places the order with the choices", async () => {
    signInStaff(['orders']);
    const { calls } = stubPhoneApi(() => ({ status: true, order_id: 77, total: 90 }));
    const user = userEvent.setup();
    const { queryClient } = renderFor();
    // What credit staff saw earlier in this session: the orders waiting for credit and the home.
    const reads = { waiting: 0, home: 0 };
    await queryClient.prefetchQuery({
      queryKey: waitingOrdersKey(1),
      queryFn: () => ++reads.waiting,
    });
    await queryClient.prefetchQuery({
      queryKey: adminHomeKeys.details(),
      queryFn: () => ++reads.home,
    });
    expect(
      await screen.findByRole('heading', { name: 'Phone order for Yarn Barn' }),
    ).toBeInTheDocument();
    const usd = formatMoney('en', 'us');
    const pins = await screen.findByTestId('phone-line-PIN-100');
    expect(within(pins).getByText('Yes')).toBeInTheDocument();
    // The customer's price and why, as their own cart shows it.
    expect(within(pins).getByText('Barn price')).toBeInTheDocument();
    expect(within(screen.getByTestId('phone-line-TAPE-7')).getByText(/not ticked/)).toBeVisible();
    expect(screen.getByText(`Total of the ticked lines: ${usd(9000)}`)).toBeInTheDocument();
    expect(
      screen.getByText(`First order of this customer: it must reach ${usd(20000)}.`),
    ).toBeVisible();
    expect(screen.getByText('Payment terms: Net 30 days')).toBeInTheDocument();
    expect(screen.getByLabelText('Ship to')).toHaveValue('5');

    await user.selectOptions(screen.getByLabelText('Ship to'), '6');
    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-PHONE');
    await user.type(screen.getByLabelText('Requested ship date (optional)'), '2026-11-27');
    await user.click(screen.getByRole('button', { name: 'Place the order for Yarn Barn' }));
    // The sentence names the order by its link, as every staff screen does.
    const placed = await screen.findByText(/placed for Yarn Barn/, { selector: 'p' });
    expect(placed).toHaveAttribute('role', 'status');
    expect(placed).toHaveTextContent(/^Order placed for Yarn Barn \(.+\): #77$/);
    expectLink(within(placed), 'Order #77', '/admin/orders/77');
    expect(sentBody(calls)).toEqual({
      ship_to_address_id: 6,
      requested_ship_date: '2026-11-27',
      po_number: 'PO-PHONE',
    });
    // The new order may owe a deposit or be held: both are read again, though not on screen.
    await waitFor(() => expect(reads).toEqual({ waiting: 2, home: 2 }));
  });

  it('words the refusals for staff, with the amounts in the customer currency', async () => {
    signInStaff(['orders']);
    let answer: Response | undefined;
    stubPhoneApi(() => answer);
    const user = userEvent.setup();
    renderFor();
    const submit = await screen.findByRole('button', { name: 'Place the order for Yarn Barn' });

    answer = apiError(422, {
      code: 'UNPROCESSABLE',
      message: 'There is nothing selected in your cart to order',
      reason: { key: 'NOTHING_SELECTED' },
    });
    await user.click(submit);
    expect(
      await screen.findByText("The customer's cart has nothing ticked to order.", {
        selector: 'p',
      }),
    ).toHaveAttribute('role', 'alert');

    answer = apiError(422, {
      code: 'UNPROCESSABLE',
      message: 'Your opening order must reach …',
      reason: { key: 'OPENING_MINIMUM', params: { minimumCents: 20000, totalCents: 9000 } },
      fields: { total: 'Your opening order must reach …' },
    });
    await user.click(submit);
    const usd = formatMoney('en', 'us');
    expect(
      await screen.findByText(
        `The customer's opening order must reach ${usd(20000)}; this order comes to ${usd(9000)}.`,
        { selector: 'p' },
      ),
    ).toBeInTheDocument();

    answer = apiError(409, {
      code: 'CONFLICT',
      message: 'Only 2 ship packs of PIN-100 are available',
      reason: { key: 'ONLY_AVAILABLE', params: { product: 'PIN-100', available: 2 } },
      fields: { 'product_id.PIN-100': 'Only 2 ship packs of PIN-100 are available' },
    });
    await user.click(submit);
    expect(
      await screen.findByText('Only 2 ship packs of PIN-100 are available', { selector: 'p' }),
    ).toBeInTheDocument();

    answer = apiError(422, {
      code: 'UNPROCESSABLE',
      message: 'This ship-to address is not one of your addresses',
      reason: { key: 'UNKNOWN_ADDRESS' },
      fields: { ship_to_address_id: 'This ship-to address is not one of your addresses' },
    });
    await user.click(submit);
    await waitFor(() =>
      expect(screen.getByLabelText('Ship to')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByLabelText('Ship to')).toHaveAccessibleDescription(
      "This ship-to address is not one of the customer's addresses.",
    );
  });

  it('says in French why an inactive customer cannot order', async () => {
    signInStaff(['orders']);
    await i18n.changeLanguage('fr');
    stubFetch({
      '/api/admin/phone-orders/40': () =>
        apiError(409, {
          code: 'CONFLICT',
          message: 'This account is inactive; reactivate it first',
          reason: { key: 'ACCOUNT_NOT_ACTIVE' },
          fields: { customer_id: 'This account is inactive; reactivate it first' },
        }),
    });
    renderFor();
    expect(
      await screen.findByText(
        'Ce compte client est inactif ; réactivez-le avant de prendre une commande.',
      ),
    ).toHaveAttribute('role', 'alert');
    expectLink(screen, 'Choisir un autre client', '/admin/orders/phone');
  });
});
