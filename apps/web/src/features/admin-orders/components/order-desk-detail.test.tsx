import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { allowedTransitions, type AdminOrderDetail } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { OrderDeskDetail } from './order-desk-detail';

beforeAll(() => preloadTranslations(['admin-orders', 'orders', 'errors', 'common']));

const order: AdminOrderDetail = {
  order_id: 17,
  date: '2026-11-20T15:00:00.000Z',
  status: 'picking',
  version: 3,
  country: 'ca',
  total: 90,
  po_number: 'PO-17',
  order_comment: null,
  placed_by: 'Ana García',
  customer: {
    id: 40,
    name: 'Julien Gagnon',
    company: 'Mercerie Gagnon',
    email: 'julien@example.com',
    customer_code: 'CA100002',
    lang: 'fr',
  },
  lines: [
    {
      id: 1,
      product_id: 'PIN-100',
      name: 'Pins',
      class: 'A',
      item: 3,
      ship_pack: 12,
      price: 2.5,
      line_total: 90,
      backorder: false,
      shipment_id: null,
    },
  ],
  shipments: [],
  history: [{ status: 'placed', at: '2026-11-20T15:00:00.000Z', by: 'Ana García', note: null }],
  allowed: [...allowedTransitions('picking')],
};

describe('staff order page', () => {
  it('ships with carrier and tracking, sends the version seen, and says the order is shipped', async () => {
    signInStaff(['orders']);
    let current = order;
    const { fetchMock, calls } = stubFetch({
      '/api/admin/orders/17': (_url, init) => {
        if (init?.method === 'POST')
          current = {
            ...current,
            status: 'shipped',
            version: 4,
            allowed: [...allowedTransitions('shipped')],
            lines: current.lines.map((l) => ({ ...l, shipment_id: 5 })),
            shipments: [
              {
                id: 5,
                carrier: 'ups',
                tracking_number: '1Z999',
                tracking_url: 'https://www.ups.com/track?tracknum=1Z999',
                shipped_at: '2026-11-21T15:00:00.000Z',
              },
            ],
          };
        return { status: true, order: current };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/admin/orders/:id', element: <OrderDeskDetail orderId={17} /> }],
      '/admin/orders/17',
    );
    expect(await screen.findByText('Placed by Ana García for the customer')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Mark as Shipped' }));
    await user.selectOptions(screen.getByLabelText('Carrier'), 'ups');
    await user.type(screen.getByLabelText('Tracking number'), '1Z999');
    await user.click(screen.getByRole('button', { name: 'Mark as Shipped' }));
    // The form remounts for the new version; the confirmation stays.
    expect(await screen.findByText('The order is now Shipped.', { selector: 'p' })).toHaveAttribute(
      'role',
      'status',
    );
    await waitFor(() => expect(screen.getByTestId('desk-status')).toHaveTextContent('Shipped'));
    expect(JSON.parse(String(calls.find((c) => c.init?.method === 'POST')?.init?.body))).toEqual({
      status: 'shipped',
      expected_version: 3,
      carrier: 'ups',
      tracking_number: '1Z999',
    });
  });
});
