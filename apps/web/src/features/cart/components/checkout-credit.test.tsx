import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { renderRoutes } from '@/test/render';
import { CheckoutCredit } from './checkout-credit';

beforeAll(() => preloadTranslations(['credit', 'common']));

const checkout: CheckoutResponse = {
  status: true,
  addresses: [],
  payment_terms: 'net_30',
  opening_minimum: 500,
  earliest_ship_date: '2026-11-30',
  net_days: 30,
  opening_deposit_required: true,
  deposit_due: 0,
  available_credit: 5000,
  account_hold: null,
};
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function renderIt(c: CheckoutResponse, subtotalCents: number, totalCents = subtotalCents) {
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <CheckoutCredit
            checkout={c}
            subtotalCents={subtotalCents}
            totalCents={totalCents}
            money={money}
          />
        ),
      },
    ],
    '/cart',
  );
}

describe('checkout credit', () => {
  it('says the opening deposit the selected lines owe (65 % above $800 in Canada) and the available credit', () => {
    renderIt(checkout, 100_000);
    expect(
      screen.getByText(
        'Your opening order owes a deposit of $650.00: it waits for the deposit before we prepare it.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Available credit: $5000.00')).toBeVisible();
  });

  it('says an order beyond the available credit waits for credit review', () => {
    renderIt({ ...checkout, opening_deposit_required: false }, 400_000, 600_000);
    expect(screen.getByText(/beyond your available credit/)).toBeVisible();
    expect(screen.queryByText(/owes a deposit/)).toBeNull();
  });

  it('says why when the account is on hold', () => {
    renderIt({ ...checkout, account_hold: 'overdue' }, 10_000);
    expect(
      screen.getByText(
        "Your account is on hold (overdue balance): new orders wait for our credit team's review.",
      ),
    ).toBeVisible();
  });
});
