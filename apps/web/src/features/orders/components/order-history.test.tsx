import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectLink } from '@/test/links';
import { onePage, renderRoutes } from '@/test/render';
import { json, routeFetch, signInStored } from '@/test/shopping';
import { OrderHistory } from './order-history';

const order = (id: number, extra: object = {}) => ({
  order_id: id,
  date: '2026-11-20T15:00:00.000Z',
  status: 'placed',
  country: 'ca',
  total: 645,
  po_number: `PO-${id}`,
  order_comment: null,
  lines: 2,
  ...extra,
});

describe('OrderHistory', () => {
  it('lists orders newest first, filters by date and status through the API, and re-orders', async () => {
    signInStored();
    const { calls } = routeFetch({
      'GET /api/order-history': (url) =>
        json(
          onePage(
            url.searchParams.get('status') === 'shipped'
              ? [order(3, { status: 'shipped' })]
              : [order(9), order(3)],
          ),
        ),
      'GET /api/cart': () => json({ status: true, products: [], total: 0, count: 0 }),
      'POST /api/re-orders': () =>
        json({
          status: true,
          products: [],
          total: 0,
          count: 1,
          added: 1,
          skipped: [{ product_id: 'OUT-1', requested: 3, added: 0, reason: 'unavailable' }],
        }),
    });
    renderRoutes([{ path: '/order', element: <OrderHistory /> }], '/order');

    const rows = await screen.findAllByTestId(/^order-row-/);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['order-row-9', 'order-row-3']);
    expect(within(rows[0]).getByText('PO-9')).toBeInTheDocument();
    expectLink(within(rows[0]), '#9', '/orderdetails/9');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'shipped');
    await waitFor(() => expect(screen.getAllByTestId(/^order-row-/)).toHaveLength(1));
    const last = calls.filter((c) => c.url.pathname === '/api/order-history').at(-1)!;
    expect(last.url.searchParams.get('status')).toBe('shipped');
    expect(last.url.searchParams.get('user_id')).toBe('7');

    await userEvent.click(screen.getByRole('button', { name: 'Re-order order #3' }));
    expect(await screen.findByText('1 line was added to your cart.')).toBeInTheDocument();
    expect(screen.getByText('OUT-1: currently out of stock')).toBeInTheDocument();
    const reorder = calls.find((c) => c.url.pathname === '/api/re-orders')!;
    expect(JSON.parse(String(reorder.init?.body))).toEqual({ user_id: 7, order_id: 3 });
  });

  it('says so when nothing matches the filters', async () => {
    signInStored();
    routeFetch({
      'GET /api/order-history': () => json(onePage([])),
    });
    renderRoutes([{ path: '/order', element: <OrderHistory /> }], '/order?status=cancelled');
    expect(await screen.findByText(/No order matches these filters\./)).toBeInTheDocument();
  });

  it('keeps the date range in the address, each end bounded by the other', async () => {
    signInStored();
    const { calls } = routeFetch({
      'GET /api/order-history': () => json(onePage([])),
    });
    const { router } = renderRoutes(
      [{ path: '/order', element: <OrderHistory /> }],
      '/order?from=2026-01-05&to=2026-02-01',
    );
    const from = await screen.findByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2026-01-05');
    expect(from).toHaveAttribute('max', '2026-02-01');
    expect(from).not.toHaveAttribute('min');
    expect(to).toHaveValue('2026-02-01');
    expect(to).toHaveAttribute('min', '2026-01-05');
    expect(to).not.toHaveAttribute('max');
    expect(from.id).not.toBe(to.id);
    fireEvent.change(to, { target: { value: '2026-03-01' } });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-01-05&to=2026-03-01'),
    );
    await waitFor(() => expect(calls.at(-1)?.url.searchParams.get('to')).toBe('2026-03-01'));
    expect(screen.getByLabelText('From')).toHaveAttribute('max', '2026-03-01');
  });
  it('says since when an order has its status, but not for a placed order', async () => {
    signInStored();
    const at = '2026-11-21T15:00:00.000Z';
    routeFetch({
      'GET /api/order-history': () =>
        json(
          onePage([order(9, { status: 'shipped', status_at: at }), order(3, { status_at: at })]),
        ),
      'GET /api/cart': () => json({ status: true, products: [], total: 0, count: 0 }),
    });
    renderRoutes([{ path: '/order', element: <OrderHistory /> }], '/order');
    const [shipped, placed] = await screen.findAllByTestId(/^order-row-/);
    expect(shipped).toHaveTextContent(/since November 21, 2026/);
    expect(placed).not.toHaveTextContent(/since/);
  });
});
