import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderRow } from '@wholesale/contract';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { expectLink } from '@/test/links';
import { apiError, onePage, renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { OrdersDesk } from './orders-desk';

beforeAll(() =>
  preloadTranslations(['admin-orders', 'staff', 'orders', 'errors', 'common'], ['en', 'fr', 'es']),
);
afterEach(() => i18n.changeLanguage('en'));

const row = (id: number, requested_ship_date: string | null): AdminOrderRow => ({
  order_id: id,
  date: '2026-11-20T15:00:00.000Z',
  updated_at: '2026-11-20T15:00:00.000Z',
  status: 'placed',
  country: 'ca',
  customer_id: 40,
  customer_name: 'Julien Gagnon',
  company_name: 'Mercerie Gagnon',
  po_number: null,
  requested_ship_date,
  total: 90,
  total_with_tax: 101.7,
  version: 1,
});

const renderDesk = (at = '/admin/orders') =>
  renderRoutes([{ path: '/admin/orders', element: <OrdersDesk /> }], at);

describe('/admin/orders: where and when', () => {
  it('shows each order’s requested ship date, filters by its range and sorts by it, in the URL', async () => {
    signInStaff(['orders']);
    const { calls } = stubFetch({
      '/api/admin/orders': () => ({
        ...onePage([row(1, '2031-03-10'), row(2, null)], 50),
        counts: { placed: 2 },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderDesk();
    const dated = await screen.findByTestId('desk-row-1');
    expectLink(within(dated), 'Order #1', '/admin/orders/1');
    const cell = within(dated).getByText('Mar 10, 2031');
    expect(cell).toHaveAttribute('datetime', '2031-03-10');
    expect(
      within(screen.getByTestId('desk-row-2')).getByText('As soon as possible'),
    ).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Ship date' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Ship date from'), { target: { value: '2031-03-02' } });
    fireEvent.change(screen.getByLabelText('Ship date to'), { target: { value: '2031-03-13' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(calls.at(-1)!.url.searchParams.get('ship_date_from')).toBe('2031-03-02'),
    );
    expect(calls.at(-1)!.url.searchParams.get('ship_date_to')).toBe('2031-03-13');
    await user.selectOptions(screen.getByLabelText('Sort'), 'ship_date_asc');
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('sort')).toBe('ship_date_asc'));
    expect(calls.at(-1)!.url.searchParams.get('ship_date_from')).toBe('2031-03-02');
    expect(router.state.location.search).toContain('ship_date_from=2031-03-02');
    expect(router.state.location.search).toContain('ship_date_to=2031-03-13');
    // The CSV export takes the same filters.
    const csv = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!;
    expect(new URL(csv, 'http://localhost').searchParams.get('ship_date_from')).toBe('2031-03-02');
  });

  it('shows the server’s refusal of a ship date range, naming the field', async () => {
    signInStaff(['orders']);
    stubFetch({
      '/api/admin/orders': (url) =>
        url.searchParams.get('ship_date_from')
          ? apiError(400, {
              code: 'VALIDATION_FAILED',
              message: 'ship_date_from must not be after ship_date_to',
              fields: { ship_date_from: 'ship_date_from must not be after ship_date_to' },
              reason: {
                key: 'DATE_RANGE_REVERSED',
                params: { field: 'ship_date_from', other: 'ship_date_to' },
              },
            })
          : { ...onePage([row(1, null)], 50), counts: { placed: 1 } },
    });
    renderDesk('/admin/orders?ship_date_from=2031-03-20&ship_date_to=2031-03-02');
    expect(
      await screen.findByText(/ship_date_from must not be after ship_date_to/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Ship date from')).toHaveValue('2031-03-20');
  });
});

describe('/admin/orders: the total', () => {
  /** The desk at `at`, its one order of CA$90.00 before taxes and CA$101.70 with them. */
  async function totalCell(at: string) {
    signInStaff(['orders']);
    stubFetch({
      '/api/admin/orders': () => ({ ...onePage([row(1, null)], 50), counts: { placed: 1 } }),
    });
    renderDesk(at);
    return within(await screen.findByTestId('desk-row-1'))
      .getAllByRole('cell')
      .at(-1)!;
  }

  it('shows the goods total before taxes, which the total sorts order by, and says so', async () => {
    const cell = await totalCell('/admin/orders');
    expect(cell).toHaveTextContent('CA$90.00');
    expect(cell).toHaveAttribute('data-label', 'Total before taxes');
    expect(screen.getByRole('columnheader', { name: 'Total before taxes' })).toBeInTheDocument();
  });

  it('waiting for credit, shows what the customer owes with taxes, as Receivables lists it', async () => {
    const cell = await totalCell('/admin/orders?waiting=credit');
    expect(cell).toHaveTextContent('CA$101.70');
    expect(cell).toHaveAttribute('data-label', 'Total with taxes');
    expect(screen.getByRole('columnheader', { name: 'Total with taxes' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Total before taxes' })).toBeNull();
  });
});

/** The desk's first column heading in each language, which names the order number on a phone. */
const ORDER_HEADING = { en: 'Order', fr: 'Commande', es: 'Pedido' } as const;

describe('/admin/orders on a phone', () => {
  it.each(Object.entries(ORDER_HEADING))(
    'stacks, each value named by its column heading in %s',
    async (lang, order) => {
      await i18n.changeLanguage(lang);
      signInStaff(['orders']);
      stubFetch({
        '/api/admin/orders': () => ({ ...onePage([row(1, null)], 50), counts: { placed: 1 } }),
      });
      renderDesk();
      const cells = within(await screen.findByTestId('desk-row-1')).getAllByRole('cell');
      // stacked-table.css: one small grid an order where the desk is narrow (a phone, or beside the
      // menu), each value under its column's name (data-label), the headings hidden on screen only.
      expect(screen.getByRole('table')).toHaveClass('stacked-table');
      const headings = screen.getAllByRole('columnheader').map((h) => h.textContent);
      expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(headings);
      expect(headings[0]).toBe(order);
    },
  );
});
