import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  toCents,
  type AdminOrderDetail,
  type AdminWaitingOrdersResponse,
  type WaitingOrderDto,
} from '@wholesale/contract';
import { AdminHome } from '@/features/admin-home/components/admin-home';
import { aDeskOrder } from '@/features/admin-orders/components/desk-order.fixtures';
import { WaitingOrders } from '@/features/admin-receivables/components/waiting-orders';
import { waitingOrdersKey } from '@/lib/admin-keys';
import { createQueryClient } from '@/lib/query-client';
import { preloadTranslations } from '@/test/i18n';
import { onePage, renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import AdminOrderDetailPage from './routes/admin-order-detail';

// docs/product/accounts-receivable.md "Orders waiting for credit": a step taken on an order's page
// takes it off the list credit staff came from and off the home's count at once. Before, both kept
// the order (the home for 30 s, the list until it was shown again) after the deposit, the release
// or the cancel.
beforeAll(() =>
  preloadTranslations([
    'admin-home',
    'admin-receivables',
    'admin-orders',
    'admin-credit',
    'orders',
    'checkout',
    'staff',
    'errors',
    'common',
  ]),
);

/** Order 21 as placed: waiting for its CA$650 deposit, or on credit hold, or both. */
const placedOrder = (waits: Partial<AdminOrderDetail>): AdminOrderDetail =>
  aDeskOrder({
    order_id: 21,
    status: 'placed',
    version: 1,
    allowed: [...allowedTransitions('placed')],
    hold_reason: null,
    deposit: 0,
    deposit_received_at: null,
    hold_released_at: null,
    ...waits,
  });

/** The order as the waiting list shows it, while it waits. */
const waitingRow = (o: AdminOrderDetail): WaitingOrderDto => ({
  order_id: o.order_id,
  placed_at: o.date,
  customer_id: o.customer.id,
  customer_code: o.customer.customer_code,
  customer_name: o.customer.name,
  company_name: o.customer.company,
  country: o.country,
  currency: 'CAD',
  total_cents: toCents(o.total_with_tax),
  waits: [
    ...(o.hold_reason ? (['credit_review'] as const) : []),
    ...(o.deposit && !o.deposit_received_at ? (['deposit'] as const) : []),
  ],
  hold_reason: o.hold_reason ?? null,
  deposit_due_cents: o.deposit_received_at ? 0 : toCents(o.deposit ?? 0),
});

/**
 * The back office over an API that keeps order 21: the home counts it and Receivables lists it
 * while it waits; its page answers it and takes the credit step or status change posted to it. The
 * app's own query client: what it keeps fresh (the home, 30 s) is what the test is about.
 */
function renderBackOffice(order: AdminOrderDetail) {
  let current = order;
  const waiting = () => waitingRow(current).waits.length > 0 && current.status === 'placed';
  const apply = (path: string, body: { status?: string }): AdminOrderDetail => {
    const version = current.version + 1;
    if (path.endsWith('/deposit'))
      return { ...current, version, deposit_received_at: '2026-11-28T15:00:00Z' };
    if (path.endsWith('/release-hold'))
      return { ...current, version, hold_reason: null, hold_released_at: '2026-11-28T15:00:00Z' };
    return { ...current, version, status: body.status as AdminOrderDetail['status'], allowed: [] };
  };
  stubFetch({
    '/api/admin/home': () => ({
      status: true,
      data: { sections: ['credit'], credit: { orders_waiting: waiting() ? 1 : 0 } },
    }),
    '/api/admin/receivables/waiting-orders': () => onePage(waiting() ? [waitingRow(current)] : []),
    '/api/admin/orders/21': (url, init) => {
      if (init?.method === 'POST') current = apply(url.pathname, JSON.parse(String(init.body)));
      return { status: true, order: current };
    },
  });
  signInStaff(['admin']);
  return renderRoutes(
    [
      { path: '/admin', element: <AdminHome /> },
      { path: '/admin/receivables', element: <WaitingOrders /> },
      { path: '/admin/orders/:id', element: <AdminOrderDetailPage /> },
    ],
    '/admin',
    createQueryClient(),
  );
}

type User = ReturnType<typeof userEvent.setup>;

const STEPS: Array<[string, Partial<AdminOrderDetail>, (user: User) => Promise<void>]> = [
  [
    'records its deposit',
    { deposit: 650 },
    async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Record the deposit' }));
      await screen.findByText('Deposit recorded');
    },
  ],
  [
    'releases its credit hold',
    { hold_reason: 'credit_limit' },
    async (user) => {
      await user.click(await screen.findByRole('button', { name: 'Release the credit hold' }));
      await screen.findByText('Credit hold released');
    },
  ],
  [
    'cancels it',
    { hold_reason: 'account_hold' },
    async (user) => {
      await user.click(await screen.findByRole('radio', { name: 'Mark as Cancelled' }));
      await user.click(screen.getByRole('button', { name: 'Mark as Cancelled' }));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
      await waitFor(() => expect(screen.getByTestId('desk-status')).toHaveTextContent('Cancelled'));
    },
  ],
];

describe('the orders waiting for credit after a step on the order page', () => {
  it.each(STEPS)(
    'leave the list and the home count at once when staff %s',
    async (_step, waits, takeStep) => {
      const user = userEvent.setup();
      const { router, queryClient } = renderBackOffice(placedOrder(waits));
      const home = await screen.findByRole('region', { name: 'Orders waiting for credit' });
      await within(home).findByText('1 order waits for a deposit or a credit hold decision');
      await user.click(
        within(home).getByRole('link', { name: 'Open the orders waiting for credit' }),
      );
      const row = await screen.findByTestId('waiting-order-21');
      await user.click(within(row).getByRole('link', { name: 'Order #21' }));

      await takeStep(user);

      // The list's page, off screen now, was read again: going back shows no stale row.
      await waitFor(() =>
        expect(
          queryClient.getQueryData<AdminWaitingOrdersResponse>(waitingOrdersKey(1))?.data,
        ).toEqual([]),
      );
      await router.navigate('/admin/receivables');
      expect(screen.queryByTestId('waiting-order-21')).toBeNull();
      expect(await screen.findByText('No order is waiting for credit.')).toBeVisible();
      // The home's count, fresh for 30 s otherwise, is read again too.
      await router.navigate('/admin');
      expect(
        await screen.findByText('0 orders wait for a deposit or a credit hold decision'),
      ).toBeVisible();
    },
  );
});
