import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowedTransitions, type AdminOrderDetail } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { expectLink } from '@/test/links';
import { signInStaff } from '@/test/staff';
import { aDeskOrder, renderDeskOrder } from './desk-order.fixtures';

beforeAll(() => preloadTranslations(['admin-orders', 'orders', 'checkout', 'errors', 'common']));

const order = aDeskOrder();

describe('staff order page', () => {
  it('ships with carrier and tracking, sends the version seen, and says the order is shipped', async () => {
    signInStaff(['orders']);
    const user = userEvent.setup();
    const writes = renderDeskOrder(order, (current) => ({
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
    }));
    expect(await screen.findByText('Placed by Ana García for the customer')).toBeInTheDocument();
    // Why the customer paid the line's price, as kept on the line when it was placed.
    expect(screen.getByText('From 3 ship packs, list Gagnon')).toBeInTheDocument();
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
    // The recorded parcel has its own packing slip: what this box carries.
    expectLink(
      screen,
      'Packing slip of parcel #5 (PDF)',
      '/api/admin/orders/17/packing-slip.pdf?parcel=5',
    );
    expect(writes.map((w) => w.body)).toEqual([
      {
        status: 'shipped',
        expected_version: 3,
        carrier: 'ups',
        tracking_number: '1Z999',
      },
    ]);
  });

  it('shows where and when: ship-to, requested ship date, terms, PO, comment, taxes and totals, and both documents', async () => {
    signInStaff(['orders']);
    const dated: AdminOrderDetail = {
      ...order,
      order_comment: 'Back door, please',
      ship_to: {
        label: 'Back store',
        company: 'Mercerie Gagnon',
        line1: '12 rue des Érables',
        line2: 'Door 3',
        city: 'Laval',
        region: 'QC',
        postal_code: 'H7N 1A1',
        country: 'ca',
      },
      requested_ship_date: '2031-03-10',
      payment_terms: 'net_30',
      taxes: [
        { kind: 'GST', rate: 5, amount: 4.5 },
        { kind: 'QST', rate: 9.975, amount: 8.98 },
      ],
      tax_total: 13.48,
      total_with_tax: 103.48,
    };
    renderDeskOrder(dated);
    const shipTo = await screen.findByTestId('desk-ship-to');
    expect(shipTo).toHaveTextContent(
      'Mercerie Gagnon (Back store)12 rue des ÉrablesDoor 3Laval QC H7N 1A1Canada',
    );
    // The calendar day asked, whatever the browser's time zone.
    expect(screen.getByTestId('desk-ship-date')).toHaveTextContent('Monday, March 10, 2031');
    expect(screen.getByTestId('desk-ship-date').querySelector('time')).toHaveAttribute(
      'datetime',
      '2031-03-10',
    );
    expect(screen.getByTestId('desk-terms')).toHaveTextContent('Net 30 days');
    expect(screen.getByText('PO-17')).toBeInTheDocument();
    expect(screen.getByText('Back door, please')).toBeInTheDocument();
    expect(screen.getByText('Estimated GST (5 %)')).toBeInTheDocument();
    expect(screen.getByText('Estimated QST (9.975 %)')).toBeInTheDocument();
    expect(screen.getByText('Estimated QST (9.975 %)').nextElementSibling).toHaveTextContent(
      '8.98',
    );
    expect(screen.getByText('Estimated taxes').nextElementSibling).toHaveTextContent('13.48');
    expect(screen.getByTestId('desk-total-with-tax')).toHaveTextContent('103.48');
    expectLink(screen, 'Packing slip (PDF)', '/api/admin/orders/17/packing-slip.pdf');
    expectLink(screen, 'Picking list (PDF)', '/api/admin/orders/17/picking-list.pdf');
  });

  it("lists the lines as a table that stacks on a phone, each value under its column's name", async () => {
    signInStaff(['orders']);
    renderDeskOrder(order);
    const table = await screen.findByRole('table', { name: 'Lines of order #17' });
    // stacked-table.css: one small grid a line where the page is narrow, the headings hidden on
    // screen only; each value carries its column's name (data-label), the same translated words.
    expect(table).toHaveClass('stacked-table');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const cells = within(within(table).getByText('PIN-100').closest('tr')!).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(headings);
    expect(headings).toEqual([
      'Product',
      'Ship packs',
      'Per ship pack',
      'Unit price',
      'Total',
      'Parcel',
    ]);
  });

  it('says "as soon as possible" and names the missing address on an order placed without them', async () => {
    signInStaff(['orders']);
    renderDeskOrder(order);
    expect(await screen.findByTestId('desk-ship-date')).toHaveTextContent('As soon as possible');
    expect(screen.getByTestId('desk-ship-to')).toHaveTextContent(
      'No ship-to address on this order (the address on file)',
    );
    expect(screen.getByTestId('desk-terms')).toHaveTextContent('—');
    expect(screen.getByText('No tax estimated on this order.')).toBeInTheDocument();
  });

  it('ships part of an order only with some of its waiting lines ticked, and says why otherwise', async () => {
    signInStaff(['orders']);
    const user = userEvent.setup();
    const twoLines = aDeskOrder({
      lines: [
        order.lines[0]!,
        { ...order.lines[0]!, id: 2, product_id: 'BTN-200', name: 'Buttons', item: 1 },
      ],
    });
    const writes = renderDeskOrder(twoLines);
    await user.click(await screen.findByRole('radio', { name: 'Mark as Partly shipped' }));
    const lines = screen.getByRole('group', { name: 'Lines in this parcel' });
    // Each line says what it is and how many packs it holds, not a bare number.
    expect(screen.getByRole('checkbox', { name: 'PIN-100 — Pins — 3 ship packs' })).toBeVisible();
    const ship = screen.getByRole('button', { name: 'Mark as Partly shipped' });

    await user.click(ship);
    expect(lines).toHaveAccessibleDescription('Tick the lines this parcel carries.');
    await user.click(screen.getByRole('checkbox', { name: 'PIN-100 — Pins — 3 ship packs' }));
    await user.click(screen.getByRole('checkbox', { name: 'BTN-200 — Buttons — 1 ship pack' }));
    await user.click(ship);
    expect(lines).toHaveAccessibleDescription(
      'A partial shipment leaves at least one line waiting: to send every line, choose Shipped.',
    );
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'BTN-200 — Buttons — 1 ship pack' }));
    await user.click(ship);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toMatchObject({ status: 'partially_shipped', line_ids: [1] });
  });

  it('asks before cancelling an order, and changes nothing on Cancel', async () => {
    signInStaff(['orders']);
    const user = userEvent.setup();
    const placed = aDeskOrder({ status: 'placed', allowed: [...allowedTransitions('placed')] });
    const writes = renderDeskOrder(placed, (current) => ({
      ...current,
      status: 'cancelled',
      version: 4,
      allowed: [],
    }));
    await user.click(await screen.findByRole('radio', { name: 'Mark as Cancelled' }));
    await user.click(screen.getByRole('button', { name: 'Mark as Cancelled' }));
    const question =
      'Cancel order #17? Its stock goes back on the shelves and the customer is told; a cancelled order cannot be reopened.';
    const dialog = await screen.findByRole('alertdialog', { name: question });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Mark as Cancelled' }));
    const again = await screen.findByRole('alertdialog', { name: question });
    await user.click(within(again).getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() => expect(screen.getByTestId('desk-status')).toHaveTextContent('Cancelled'));
    expect(writes.map((w) => w.body)).toEqual([{ status: 'cancelled', expected_version: 3 }]);
  });
});
