import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadTranslations } from '@/test/i18n';
import { expectLink } from '@/test/links';
import { setLanguage } from '@/lib/i18n';
import { renderRoutes, renderWithProviders } from '@/test/render';
import { json, routeFetch, signInStored } from '@/test/shopping';
import type { OrderDetail } from '@wholesale/contract';
import { OrderCheckoutSummary } from './order-checkout-summary';
import { OrderDetails } from './order-details';

beforeAll(() => preloadTranslations(['errors', 'common', 'orders', 'checkout'], ['en', 'fr']));

/** What the API answers for an order id that is not the caller's (or does not exist). */
const notTheirs = {
  status: false,
  error: { code: 'NOT_FOUND', message: 'This order does not exist' },
};

afterEach(() => setLanguage(''));

describe('OrderDetails', () => {
  it("says an order that is not the buyer's cannot be found, leads back to the history and shows nothing under it", async () => {
    routeFetch({ 'GET /api/fetch-order': () => json(notTheirs, 404) });
    signInStored();
    renderRoutes(
      [
        {
          path: '/orderdetails/:id',
          element: <OrderDetails orderId={17} more={<p>Invoices of this order</p>} />,
        },
      ],
      '/orderdetails/17',
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This order cannot be found.');
    expectLink(screen, 'Back to order history', '/order');
    expect(screen.queryByText('Not found')).not.toBeInTheDocument();
    expect(screen.queryByText('Invoices of this order')).not.toBeInTheDocument();
  });

  // Regression: the requested ship date read "2026-12-07" beside "November 30, 2026".
  it.each([
    ['', 'December 7, 2026'],
    ['fr', '7 décembre 2026'],
  ])('writes the requested ship date as the order date is written (%s)', async (lang, day) => {
    await setLanguage(lang as '' | 'fr');
    const order = {
      ship_to: null,
      requested_ship_date: '2026-12-07',
      payment_terms: null,
      total: 10,
      taxes: [],
      tax_total: 0,
      total_with_tax: 10,
      country: 'ca',
    };
    renderWithProviders(<OrderCheckoutSummary order={order as unknown as OrderDetail} />);
    expect(screen.getByTestId('order-ship-date')).toHaveTextContent(day);
  });
});
