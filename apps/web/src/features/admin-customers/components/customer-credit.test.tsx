import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminAccountHoldBody,
  AdminCreditAccount,
  AdminCreditPatchBody,
} from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { renderRoutes } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { retype } from '@/test/forms';
import { bodiesOf, stubStaffResource } from '@/test/staff-resource';
import { CustomerCredit } from './customer-credit';

beforeAll(() => preloadTranslations(['admin-credit', 'errors', 'common']));

const account: AdminCreditAccount = {
  customer_id: 40,
  currency: 'CAD',
  credit_limit_cents: 500_000,
  net_days: 30,
  opening_deposit_required: true,
  hold: null,
  balance_cents: 120_000,
  open_orders_cents: 30_000,
  available_credit_cents: 350_000,
};

function renderIt(roles: Array<'credit' | 'orders'>, canEdit: boolean) {
  signInStaff(roles);
  let current = account;
  const writes = stubStaffResource(
    '/api/admin/customers/40/credit',
    () => current,
    (method, _url, sent) => {
      if (method === 'PATCH') {
        const terms = sent as Required<AdminCreditPatchBody>;
        current = {
          ...current,
          ...terms,
          available_credit_cents: terms.credit_limit_cents - 150_000,
        };
      }
      if (method === 'PUT') {
        const { reason, note } = sent as AdminAccountHoldBody;
        current = {
          ...current,
          hold: reason ? { reason, note: note ?? null, held_at: '2026-11-28T15:00:00Z' } : null,
        };
      }
      return current;
    },
  );
  renderRoutes(
    [{ path: '*', element: <CustomerCredit customerId={40} country="ca" canEdit={canEdit} /> }],
    '/admin/customers/40',
  );
  return writes;
}

describe('customer credit section', () => {
  it('shows the terms as Net N, balance, open orders and available credit, read-only for orders staff', async () => {
    renderIt(['orders'], false);
    const facts = await screen.findByTestId('credit-facts');
    expect(facts).toHaveTextContent('Net 30');
    expect(facts).toHaveTextContent('$5,000.00');
    expect(facts).toHaveTextContent('$1,200.00');
    expect(facts).toHaveTextContent('$3,500.00');
    expect(facts).toHaveTextContent('Required on the first order');
    expect(screen.queryByRole('button', { name: 'Save the credit terms' })).toBeNull();
  });

  it('saves the limit, net days and deposit rule in cents, and refuses a bad net days before sending', async () => {
    const user = userEvent.setup();
    const writes = renderIt(['credit'], true);
    const limit = await screen.findByLabelText('Credit limit (CAD)');
    await retype(limit, '7500');
    const net = screen.getByLabelText('Net days');
    await retype(net, '400');
    await user.click(screen.getByRole('button', { name: 'Save the credit terms' }));
    expect(await screen.findByText('Net days must be a whole number from 0 to 365')).toBeVisible();
    expect(writes).toEqual([]);
    await retype(net, '45');
    await user.click(screen.getByLabelText('The first order owes the opening deposit'));
    await user.click(screen.getByRole('button', { name: 'Save the credit terms' }));
    expect(await screen.findByText('Credit terms saved')).toBeInTheDocument();
    expect(bodiesOf(writes, 'PATCH')).toEqual([
      { credit_limit_cents: 750_000, net_days: 45, opening_deposit_required: false },
    ]);
    expect(await screen.findByTestId('credit-facts')).toHaveTextContent('Net 45');
  });

  it('puts the account on hold with a reason and note, then lifts it', async () => {
    const user = userEvent.setup();
    const writes = renderIt(['credit'], true);
    await user.selectOptions(await screen.findByLabelText('Reason'), 'bounced_payment');
    await user.type(screen.getByLabelText('Note'), 'Cheque 1042 returned');
    await user.click(screen.getByRole('button', { name: 'Put on hold' }));
    expect(await screen.findByTestId('credit-hold')).toHaveTextContent(
      'On hold: Bounced payment (Cheque 1042 returned)',
    );
    await user.click(screen.getByRole('button', { name: 'Lift the hold' }));
    expect(await screen.findByText('Not on hold')).toBeInTheDocument();
    expect(bodiesOf(writes, 'PUT')).toEqual([
      { reason: 'bounced_payment', note: 'Cheque 1042 returned' },
      { reason: null },
    ]);
  });
});
