import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountCreditDto } from '@wholesale/contract';
import i18n from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { json, renderSignedIn } from '@/test/shopping';
import { CreditPage } from './credit-page';

beforeAll(() => preloadTranslations(['receivables', 'errors', 'common'], ['en', 'fr', 'es']));

const account: AccountCreditDto = {
  country: 'ca',
  as_of: '2026-11-28',
  credit_limit_cents: 500_000,
  balance_cents: 123_450,
  open_orders_cents: 20_000,
  available_credit_cents: 356_550,
  overdue_cents: 73_450,
  on_hold: true,
  hold_reason: 'bounced_payment',
  aging: { current: 50_000, days_1_30: 40_000, days_31_60: 33_450, days_61_90: 0, over_90: 0 },
  open_invoices: [
    {
      id: 7,
      number: 'CA-000007',
      issued_on: '2026-09-20',
      due_on: '2026-10-20',
      total_cents: 40_000,
      open_cents: 33_450,
      bucket: 'days_31_60',
    },
  ],
  payments: [
    {
      id: 3,
      customer_id: 9,
      amount_cents: 6_550,
      method: 'cheque',
      reference: 'CHQ 12',
      received_on: '2026-11-02',
      source: 'staff',
      bounced_at: '2026-11-10T15:00:00.000Z',
      bounce_reason: 'NSF',
      settlements: [],
      unapplied_cents: 0,
    },
  ],
  interest: [
    { period: '2026-10', charged_on: '2026-10-31', overdue_cents: 33_450, amount_cents: 502 },
  ],
  statement_periods: ['2026-11', '2026-10'],
};

const answer = (data: AccountCreditDto) => () => json({ status: true, data });

describe('My account → Credit & statements', () => {
  it('shows limit, balance, open orders, available credit, the hold, aging, invoices, payments, interest and statements', async () => {
    await i18n.changeLanguage('en');
    renderSignedIn(<CreditPage />, { 'GET /api/account/credit': answer(account) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Credit & statements' }),
    ).toBeVisible();
    expect(screen.getByTestId('credit-limit')).toHaveTextContent('CA$5,000.00');
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('CA$1,234.50');
    expect(screen.getByTestId('credit-open-orders')).toHaveTextContent('CA$200.00');
    expect(screen.getByTestId('credit-available')).toHaveTextContent('CA$3,565.50');
    expect(screen.getByTestId('credit-overdue')).toHaveTextContent('CA$734.50');
    expect(screen.getByRole('status')).toHaveTextContent('A payment was returned unpaid');
    const aging = screen.getByRole('table', { name: 'Open amounts by days past due' });
    expect(within(aging).getByRole('columnheader', { name: '31–60 days' })).toBeInTheDocument();
    expect(
      within(aging)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['CA$500.00', 'CA$400.00', 'CA$334.50', 'CA$0.00', 'CA$0.00']);
    const invoices = screen.getByRole('table', { name: 'Open invoices' });
    expect(within(invoices).getByRole('row', { name: /CA-000007/ })).toHaveTextContent(
      '2026-10-20',
    );
    const payments = screen.getByRole('table', { name: 'Recent payments' });
    expect(within(payments).getByText('Returned unpaid')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Interest charges' })).toHaveTextContent('CA$5.02');
    const link = screen.getByRole('link', { name: 'Statement 2026-10 (PDF)' });
    expect(link).toHaveAttribute('href', '/api/account/statements/2026-10/pdf');
  });

  it('speaks French and Spanish', async () => {
    await i18n.changeLanguage('fr');
    renderSignedIn(<CreditPage />, {
      'GET /api/account/credit': answer({ ...account, on_hold: false, hold_reason: null }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Crédit et relevés' }),
    ).toBeVisible();
    expect(screen.getByText('Crédit disponible')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Relevé 2026-11 (PDF)' })).toBeVisible();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Crédito y estados de cuenta' }),
    ).toBeVisible();
    await i18n.changeLanguage('en');
  });

  it('says when there is nothing yet, and why it failed to load', async () => {
    renderSignedIn(<CreditPage />, {
      'GET /api/account/credit': answer({
        ...account,
        on_hold: false,
        hold_reason: null,
        open_invoices: [],
        payments: [],
        interest: [],
        statement_periods: [],
      }),
    });
    expect(await screen.findByText('You have no open invoice.')).toBeVisible();
    expect(screen.getByText('No statement yet.')).toBeVisible();
    expect(screen.getByText('No interest charged.')).toBeVisible();
  });

  it('shows the error when the account cannot be read', async () => {
    renderSignedIn(<CreditPage />, {
      'GET /api/account/credit': () =>
        json({ status: false, error: { code: 'FORBIDDEN', message: 'Forbidden' } }, 403),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account could not be loaded.');
  });
});
