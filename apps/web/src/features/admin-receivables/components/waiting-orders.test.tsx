import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WaitingOrderDto } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { expectLink } from '@/test/links';
import { apiError, onePage, renderWithProviders, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { WaitingOrders } from './waiting-orders';

beforeAll(() => preloadTranslations(['admin-receivables', 'staff', 'errors', 'common']));

const depositOrder: WaitingOrderDto = {
  order_id: 501,
  placed_at: '2026-11-20T15:00:00.000Z',
  customer_id: 41,
  customer_code: 'CA100002',
  customer_name: 'Nora New',
  company_name: 'Laine Nouvelle',
  country: 'ca',
  currency: 'CAD',
  total_cents: 114_975,
  waits: ['deposit'],
  hold_reason: null,
  deposit_due_cents: 65_000,
};
const heldOrder: WaitingOrderDto = {
  ...depositOrder,
  order_id: 502,
  placed_at: '2026-11-25T15:00:00.000Z',
  customer_id: 42,
  customer_code: null,
  customer_name: 'Hal Held',
  company_name: null,
  country: 'us',
  currency: 'USD',
  total_cents: 212_000,
  waits: ['credit_review', 'deposit'],
  hold_reason: 'account_hold',
  deposit_due_cents: 30_000,
};

const URL = '/api/admin/receivables/waiting-orders';

function renderList(answer: (url: globalThis.URL) => unknown) {
  signInStaff(['credit']);
  const { calls } = stubFetch({ [URL]: answer });
  renderWithProviders(<WaitingOrders />, '/admin/receivables');
  return { calls, user: userEvent.setup() };
}

describe('Orders waiting for credit (staff)', () => {
  it('lists each order with its customer, total and what it waits for, linked to the order page', async () => {
    renderList(() => onePage([depositOrder, heldOrder]));
    expect(
      screen.getByRole('heading', { level: 2, name: 'Orders waiting for credit' }),
    ).toBeVisible();
    // Loading: the overlay until the first page answers.
    expect(screen.getByRole('status')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Orders waiting for credit' });
    expect(screen.getByText('2 orders waiting')).toBeVisible();
    const first = within(table).getByTestId('waiting-order-501');
    expectLink(within(first), 'Order #501', '/admin/orders/501');
    expectLink(within(first), 'Laine Nouvelle', '/admin/customers/41');
    expect(first).toHaveTextContent('(CA100002)');
    expect(first).toHaveTextContent('CA$1,149.75');
    expect(first).toHaveTextContent('Deposit due: CA$650.00');
    expect(first).not.toHaveTextContent('Credit hold');
    const second = within(table).getByTestId('waiting-order-502');
    expect(within(second).getByRole('link', { name: 'Hal Held' })).toBeVisible();
    expect(second).toHaveTextContent('US$2,120.00');
    const waits = within(second)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(waits).toEqual(['Credit hold: account on hold', 'Deposit due: US$300.00']);
    // On a phone each row stacks its cells, each named by its column (stacked-table.css).
    expect(table).toHaveClass('stacked-table');
    expect(within(second).getByText('US$2,120.00').closest('td')).toHaveAttribute(
      'data-label',
      'Total with taxes',
    );
  });

  it('says so when no order waits', async () => {
    renderList(() => onePage([]));
    expect(await screen.findByText('No order is waiting for credit.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages through the list, asking the API for each page', async () => {
    const { calls, user } = renderList((url) => {
      const page = Number(url.searchParams.get('page'));
      const order = page === 2 ? heldOrder : depositOrder;
      return { ...onePage([order], 1), total: 2, current_page: page, last_page: 2 };
    });
    await screen.findByTestId('waiting-order-501');
    await user.click(screen.getByRole('button', { name: /next/i }));
    expect(await screen.findByTestId('waiting-order-502')).toBeVisible();
    expect(calls.map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(calls.every((c) => c.url.searchParams.get('per_page') === '25')).toBe(true);
  });

  it('says what failed when the list cannot be read', async () => {
    renderList(() => apiError(403, { code: 'FORBIDDEN', message: 'Not allowed' }));
    expect(
      await screen.findByText(/The orders waiting for credit could not be loaded\./),
    ).toBeVisible();
  });
});
