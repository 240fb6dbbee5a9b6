import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadTranslations } from '@/test/i18n';
import { renderRoutes } from '@/test/render';
import { json, routeFetch, signInStored } from '@/test/shopping';
import { OrderDetails } from './order-details';

beforeAll(() => preloadTranslations(['errors', 'common', 'orders']));

/** What the API answers for an order id that is not the caller's (or does not exist). */
const notTheirs = {
  status: false,
  error: { code: 'NOT_FOUND', message: 'This order does not exist' },
};

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
    expect(screen.getByRole('link', { name: 'Back to order history' })).toHaveAttribute(
      'href',
      '/order',
    );
    expect(screen.queryByText('Not found')).not.toBeInTheDocument();
    expect(screen.queryByText('Invoices of this order')).not.toBeInTheDocument();
  });
});
