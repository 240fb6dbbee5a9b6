import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutResponse } from '@wholesale/contract';
import { renderRoutes } from '@/test/render';
import { cart, json, line, routeFetch, signInStored } from '@/test/shopping';
import { CartPage } from './cart-page';

const address = (id: number, region: string, isDefault: boolean) => ({
  id,
  label: isDefault ? 'Boutique' : 'Warehouse',
  company: 'Atelier',
  line1: `${id} Main Street`,
  line2: null,
  city: 'Town',
  region,
  postal_code: 'H2X 3J8',
  country: 'ca' as const,
  is_default: isDefault,
});

// The shop's today is fixed (only Date is faked: the user events keep their timers): a requested
// ship date may be at most a year ahead of it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2098-12-01T15:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const checkout = (over: Partial<CheckoutResponse> = {}): CheckoutResponse => ({
  status: true,
  addresses: [address(1, 'QC', true), address(2, 'ON', false)],
  payment_terms: 'net_30',
  opening_minimum: null,
  earliest_ship_date: '2099-01-05',
  ...over,
});

function renderCart(answer: CheckoutResponse, path = '/cart') {
  signInStored();
  const { calls } = routeFetch({
    'GET /api/cart': () => json(cart([line()], 60)),
    'GET /api/checkout': () => json(answer),
    'POST /api/store/orders': () => json({ status: true, order_id: 9, total: 60, replayed: false }),
  });
  renderRoutes(
    [
      { path: '/cart', element: <CartPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
  return calls;
}

describe('checkout on the cart page', () => {
  it('preselects the default address, estimates its taxes, shows the terms and re-estimates for another address', async () => {
    const calls = renderCart(checkout());
    const shipTo = await screen.findByLabelText('Ship to');
    expect(shipTo).toHaveValue('1');
    expect(screen.getByText('Payment terms:')).toHaveTextContent('Net 30 days');
    expect(screen.getByText('Estimated GST (5 %)')).toBeInTheDocument();
    expect(screen.getByText('Estimated QST (9.975 %)')).toBeInTheDocument();
    // 60.00 + 3.00 GST + 5.99 QST (5.985 rounded half away from zero)
    expect(screen.getByTestId('total-with-tax')).toHaveTextContent('$68.99');

    await userEvent.selectOptions(shipTo, '2');
    expect(screen.getByText('Estimated HST (13 %)')).toBeInTheDocument();
    expect(screen.getByTestId('total-with-tax')).toHaveTextContent('$67.80');

    await userEvent.type(screen.getByLabelText('Requested ship date'), '2099-01-06');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const placed = await waitFor(() => calls.find((c) => c.url.pathname === '/api/store/orders')!);
    expect(JSON.parse(String(placed.init?.body))).toMatchObject({
      ship_to_address_id: 2,
      requested_ship_date: '2099-01-06',
    });
  });

  it('takes the QST a certificate exempts off the Québec estimate, and says which certificate', async () => {
    renderCart(
      checkout({
        tax_exemptions: [{ tax_kind: 'QST', region: 'QC', certificate_number: 'QST-1000' }],
      }),
    );
    const shipTo = await screen.findByLabelText('Ship to');
    expect(screen.getByText('Estimated GST (5 %)')).toBeInTheDocument();
    expect(screen.queryByText('Estimated QST (9.975 %)')).toBeNull();
    expect(screen.getByTestId('tax-exempt')).toHaveTextContent('QST exempt (certificate QST-1000)');
    expect(screen.getByTestId('total-with-tax')).toHaveTextContent('$63.00');
    // An Ontario address: the Québec certificate exempts nothing there (HST stays).
    await userEvent.selectOptions(shipTo, '2');
    expect(screen.queryByTestId('tax-exempt')).toBeNull();
    expect(screen.getByTestId('total-with-tax')).toHaveTextContent('$67.80');
  });

  it('shows no minimum to an account that has ordered before', async () => {
    renderCart(checkout({ opening_minimum: null }));
    await screen.findByLabelText('Ship to');
    expect(screen.queryByTestId('place-order-reason')).toBeNull();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('writes the chosen ship-to address out in full under the box', async () => {
    renderCart(checkout());
    const shipTo = await screen.findByLabelText('Ship to');
    expect(screen.getByTestId('ship-to-address')).toHaveTextContent('1 Main Street');
    expect(shipTo).toHaveAccessibleDescription(screen.getByTestId('ship-to-address').textContent!);
    await userEvent.selectOptions(shipTo, '2');
    expect(screen.getByTestId('ship-to-address')).toHaveTextContent('2 Main Street');
  });

  it('refuses a weekend ship date before sending and says why', async () => {
    renderCart(checkout());
    await userEvent.type(await screen.findByLabelText('Requested ship date'), '2099-01-03');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The requested ship date must be a business day (Monday to Friday)',
    );
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('refuses a ship date more than a year ahead before sending, and the picker stops there', async () => {
    renderCart(checkout());
    const date = await screen.findByLabelText('Requested ship date');
    expect(date).toHaveAttribute('max', '2099-12-01');
    await userEvent.type(date, '2099-12-07');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The requested ship date must be within a year of today',
    );
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  // Regression: Place order stayed enabled under the opening minimum and refused only after the click.
  it('keeps Place order disabled under the opening minimum and says why next to it', async () => {
    const calls = renderCart(checkout({ opening_minimum: 500 }));
    const place = await screen.findByRole('button', { name: 'Place order' });
    expect(place).toBeDisabled();
    const reason = 'Your first order must reach CA$500.00 before taxes: add CA$440.00 to place it.';
    expect(place).toHaveAccessibleDescription(reason);
    expect(screen.getByTestId('place-order-reason')).toHaveTextContent(reason);
    await userEvent.click(place);
    expect(calls.some((c) => c.url.pathname === '/api/store/orders')).toBe(false);
  });

  // Regression: a past ship date disabled Place order with no reason next to it.
  it('says next to Place order why a past ship date keeps it disabled', async () => {
    renderCart(checkout());
    await userEvent.type(await screen.findByLabelText('Requested ship date'), '2000-01-03');
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place).toBeDisabled();
    expect(place).toHaveAccessibleDescription('The requested ship date must not be in the past');
  });

  it("scrolls to the checkout when opened from the cart popup's Checkout button", async () => {
    // jsdom has no layout, hence no scrollIntoView: record the calls instead.
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    renderCart(checkout(), '/cart#checkout');
    const panel = await screen.findByTestId('checkout-panel');
    expect(scrolled).toContain(panel);
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });
});
