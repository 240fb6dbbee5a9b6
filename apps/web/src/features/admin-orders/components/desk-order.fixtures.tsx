import { allowedTransitions, type AdminOrderDetail } from '@wholesale/contract';
import { renderRoutes } from '@/test/render';
import { stubStaffResource } from '@/test/staff-resource';
import { OrderDeskDetail } from './order-desk-detail';

/**
 * Order 17 as the desk reads it: being picked (version 3), one line of pins for CA$90, placed by
 * Ana García for Mercerie Gagnon at their list's volume price, nothing shipped, no ship-to, terms or
 * taxes yet. A test overrides what it checks.
 */
export function aDeskOrder(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
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
        price_reason: {
          kind: 'price_list',
          list_name: 'Gagnon',
          assignee: 'customer',
          min_packs: 3,
        },
        selling_price: 3,
        shipment_id: null,
      },
    ],
    shipments: [],
    history: [{ status: 'placed', at: '2026-11-20T15:00:00.000Z', by: 'Ana García', note: null }],
    allowed: [...allowedTransitions('picking')],
    ship_to: null,
    requested_ship_date: null,
    payment_terms: null,
    taxes: [],
    tax_total: 0,
    total_with_tax: 90,
    ...overrides,
  };
}

/**
 * Renders the desk's page of `order` against an API that keeps it: a GET answers it as it now is,
 * a write (a status step, a deposit, a release) changes it through `write`. Answers the writes.
 */
export function renderDeskOrder(
  order: AdminOrderDetail,
  write: (current: AdminOrderDetail, url: URL) => AdminOrderDetail = (current) => current,
) {
  let current = order;
  const id = order.order_id;
  const writes = stubStaffResource(
    `/api/admin/orders/${id}`,
    () => current,
    (_method, url) => (current = write(current, url)),
    (answer) => ({ status: true, order: answer }),
  );
  renderRoutes(
    [{ path: '/admin/orders/:id', element: <OrderDeskDetail orderId={id} /> }],
    `/admin/orders/${id}`,
  );
  return writes;
}
