import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowedTransitions } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { retype } from '@/test/forms';
import { expectLink } from '@/test/links';
import { signInStaff } from '@/test/staff';
import { aDeskOrder, renderDeskOrder } from './desk-order.fixtures';

beforeAll(() =>
  preloadTranslations(['admin-orders', 'admin-credit', 'orders', 'checkout', 'errors', 'common']),
);

/** A new order of CA$1,000 held over the limit, owing a CA$650 opening deposit. */
const waiting = aDeskOrder({
  order_id: 21,
  status: 'placed',
  version: 1,
  total: 1000,
  po_number: null,
  placed_by: null,
  lines: [],
  history: [{ status: 'placed', at: '2026-11-20T15:00:00.000Z', by: null, note: null }],
  allowed: [...allowedTransitions('placed')],
  total_with_tax: 1000,
  hold_reason: 'credit_limit',
  deposit: 650,
  deposit_received_at: null,
  hold_released_at: null,
});

function renderIt(roles: Array<'credit' | 'orders'>) {
  signInStaff(roles);
  return renderDeskOrder(waiting, (current, url) => {
    if (url.pathname.endsWith('/deposit'))
      return {
        ...current,
        version: current.version + 1,
        deposit_received_at: '2026-11-28T15:00:00Z',
      };
    if (url.pathname.endsWith('/release-hold'))
      return {
        ...current,
        version: current.version + 1,
        hold_reason: null,
        hold_released_at: '2026-11-28T15:00:00Z',
      };
    return current;
  });
}

describe('the desk order waiting for credit', () => {
  it('says what it waits for; orders staff cannot record or release', async () => {
    renderIt(['orders']);
    expect((await screen.findAllByTestId('desk-wait')).map((e) => e.textContent?.trim())).toEqual([
      'Credit hold: over the limit',
      'Waiting for deposit',
    ]);
    expect(
      screen.getByText(/^Opening deposit owed: CA\$650\.00 \(not received yet\)\.$/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Release the credit hold' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record the deposit' })).toBeNull();
  });

  it("shows credit staff the order's credit, not the desk's steps and documents, and leads back to the customer", async () => {
    renderIt(['credit']);
    expect(await screen.findByRole('button', { name: 'Release the credit hold' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Next step' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Picking list (PDF)' })).toBeNull();
    expectLink(screen, 'Back to the customer', '/admin/customers/40');
    expect(screen.queryByRole('link', { name: 'Back to the order desk' })).toBeNull();
  });

  it('lets credit staff record the deposit (amount, method, reference, date) and release the hold', async () => {
    const user = userEvent.setup();
    const writes = renderIt(['credit']);
    await user.selectOptions(await screen.findByLabelText('Method'), 'transfer');
    await user.type(screen.getByLabelText('Reference'), 'WIRE-88');
    const date = screen.getByLabelText('Received on');
    await retype(date, '2026-11-27');
    await user.click(screen.getByRole('button', { name: 'Record the deposit' }));
    expect(await screen.findByText('Deposit recorded')).toBeInTheDocument();
    expect(writes.find((w) => w.path.endsWith('/deposit'))?.body).toEqual({
      amount_cents: 65_000,
      method: 'transfer',
      reference: 'WIRE-88',
      received_on: '2026-11-27',
    });
    await user.click(screen.getByRole('button', { name: 'Release the credit hold' }));
    expect(await screen.findByText('Credit hold released')).toBeInTheDocument();
    expect(screen.queryAllByTestId('desk-wait')).toEqual([]);
  });
});
