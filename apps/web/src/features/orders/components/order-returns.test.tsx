import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReturnableLine, ReturnRequest } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { expectLink } from '@/test/links';
import { onePage, renderRoutes } from '@/test/render';
import { json, routeFetch, signInStored } from '@/test/shopping';
import { OrderReturns } from './order-returns';
import { ReturnsPage } from './returns-page';

beforeAll(() => preloadTranslations(['returns', 'errors', 'common', 'orders']));

const lines: ReturnableLine[] = [
  {
    order_line_id: 71,
    product_code: 'YARN',
    name: 'Merino <b>yarn</b>',
    ship_pack: 2,
    unit_price_cents: 1000,
    shipped: 3,
    shipped_on: '2026-11-02',
    last_day: '2027-01-01',
    within_window: true,
    available: 3,
  },
  {
    order_line_id: 72,
    product_code: 'NEEDLE',
    name: 'Needles',
    ship_pack: 1,
    unit_price_cents: 250,
    shipped: 0,
    shipped_on: null,
    last_day: null,
    within_window: false,
    available: 0,
  },
];

const received: ReturnRequest = {
  id: 4,
  order_id: 5,
  country: 'ca',
  status: 'received',
  reason: 'Wrong colour',
  staff_note: 'Thanks',
  created_at: '2026-11-10T15:00:00.000Z',
  decided_at: '2026-11-11T15:00:00.000Z',
  received_at: '2026-11-12T15:00:00.000Z',
  restocked: true,
  subtotal_cents: 2000,
  lines: [
    {
      order_line_id: 71,
      product_code: 'YARN',
      name: 'Merino yarn',
      quantity: 1,
      ship_pack: 2,
      unit_price_cents: 1000,
      line_total_cents: 2000,
    },
  ],
  credit_note: { id: 9, number: 'CN-CA-000009', total_cents: 2299 },
};

const page = (data: ReturnRequest[]) => json(onePage(data));

function renderOrderReturns(post: (body: unknown) => Response) {
  signInStored();
  const { calls } = routeFetch({
    'GET /api/returns': () => page([received]),
    'GET /api/orders/5/returnable-lines': () => json({ status: true, data: lines }),
    'POST /api/orders/5/returns': (_url, init) => post(JSON.parse(String(init?.body))),
  });
  renderRoutes(
    [
      {
        path: '*',
        element: <OrderReturns order={{ order_id: 5, status: 'shipped', country: 'ca' }} />,
      },
    ],
    '/orderdetails/5',
  );
  return calls;
}

describe('returns on the order page', () => {
  it('shows the order’s returns and their credit note, and asks lines back from a keyboard-driven dialog', async () => {
    const bodies: unknown[] = [];
    renderOrderReturns((body) => {
      bodies.push(body);
      return json({ status: true, data: { ...received, id: 6, status: 'requested' } });
    });
    expect(await screen.findByText('Return #4')).toBeInTheDocument();
    expect(screen.getByText('Received')).toBeInTheDocument();
    expectLink(screen, 'Download the credit note (PDF)', '/api/credit-notes/9/pdf');

    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Request a return' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Return lines of order #5' });
    const yarn = await within(dialog).findByLabelText(/YARN/);
    expect(within(dialog).getByLabelText(/NEEDLE/)).toBeDisabled();
    expect(within(dialog).getByText('Not shipped yet')).toBeInTheDocument();

    // Nothing chosen and no reason: said under the fields, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    expect(within(dialog).getByText('Choose at least one ship pack to return')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Please say why you are returning these ship packs'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(yarn, '2');
    await user.type(within(dialog).getByLabelText('Reason for the return'), 'Wrong dye lot');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { lines: [{ order_line_id: 71, quantity: 2 }], reason: 'Wrong dye lot' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of a line under that line, in the buyer’s language', async () => {
    renderOrderReturns(() =>
      json(
        {
          status: false,
          error: {
            code: 'VALIDATION_FAILED',
            message:
              'Returns are accepted within 60 days of shipment; this line shipped on 2026-11-02',
            fields: {
              'lines.0':
                'Returns are accepted within 60 days of shipment; this line shipped on 2026-11-02',
            },
            reason: { key: 'RETURN_WINDOW_PASSED', params: { days: 60, date: '2026-11-02' } },
          },
        },
        400,
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request a return' }));
    const dialog = await screen.findByRole('dialog');
    const yarn = await within(dialog).findByLabelText(/YARN/);
    await user.type(yarn, '1');
    await user.type(within(dialog).getByLabelText('Reason for the return'), 'Late');
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    const error = await within(dialog).findByText(
      'Returns are accepted within 60 days of shipment; this line shipped on 2026-11-02',
    );
    expect(yarn).toHaveAttribute('aria-describedby', error.id);
    expect(yarn).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('/profile/returns', () => {
  it('lists the buyer’s returns with their order, status and credit note', async () => {
    signInStored();
    routeFetch({ 'GET /api/returns': () => page([received]) });
    renderRoutes([{ path: '*', element: <ReturnsPage /> }], '/profile/returns');
    expect(await screen.findByRole('heading', { name: 'My returns' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Order #5' })).toHaveAttribute(
      'href',
      '/orderdetails/5',
    );
    expect(screen.getByText('1 ship pack of YARN')).toBeInTheDocument();
    expect(screen.getByText(/Credit note CN-CA-000009/)).toBeInTheDocument();
  });
});
