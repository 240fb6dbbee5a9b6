import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReceivableRowDto } from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { expectLink } from '@/test/links';
import { onePage, renderWithProviders, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { ReceivablesPage } from './receivables-page';

beforeAll(() => preloadTranslations(['admin-receivables', 'staff', 'errors', 'common']));

const row: ReceivableRowDto = {
  customer_id: 41,
  company_name: 'Big Yarns',
  name: 'Bea Big',
  customer_code: 'US-41',
  country: 'us',
  balance_cents: 900_000,
  overdue_cents: 900_000,
  aging: { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 900_000 },
  on_hold: true,
  hold_reason: 'overdue',
};

/** Credit staff on the receivables page, the API stubbed; the calls made and a user to act. */
function renderPage() {
  signInStaff(['credit']);
  const { calls } = stubFetch({
    '/api/admin/receivables/interest': (_url, init) => ({
      status: true,
      period: JSON.parse(String(init?.body)).period,
      charged: [{ customer_id: 41, overdue_cents: 900_000, amount_cents: 13_500 }],
    }),
    '/api/admin/receivables/waiting-orders': () => onePage([]),
    '/api/admin/receivables': () => ({ ...onePage([row]), as_of: '2026-11-28' }),
  });
  renderWithProviders(<ReceivablesPage />, '/admin/receivables');
  return { calls, user: userEvent.setup() };
}

describe('Receivables (staff)', () => {
  it('lists customers by amount overdue with aging and hold, filters by country and exports the CSV', async () => {
    const { calls, user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Receivables' })).toBeVisible();
    // The orders waiting for credit come first (waiting-orders.test.tsx covers the list).
    expect(
      screen.getByRole('heading', { level: 2, name: 'Orders waiting for credit' }),
    ).toBeVisible();
    expect(await screen.findByText('No order is waiting for credit.')).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Receivables' });
    const line = within(table).getByRole('row', { name: /Big Yarns/ });
    expect(line).toHaveTextContent('US$9,000.00');
    expect(line).toHaveTextContent('On hold (overdue)');
    expectLink(within(line), 'Big Yarns', '/admin/customers/41');
    expect(screen.getByText('Customers by amount overdue, as of 2026-11-28.')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Country'), 'us');
    expectLink(screen, 'Export aging (CSV)', '/api/admin/receivables/aging.csv?country=us');
    expect(calls.some((c) => c.url.searchParams.get('country') === 'us')).toBe(true);
  });

  it('charges a month of interest once confirmed, refusing what is not a month', async () => {
    const { calls, user } = renderPage();
    const form = within(await screen.findByRole('form', { name: 'Monthly interest' }));
    await user.type(form.getByLabelText('Month (YYYY-MM)'), '2026-13');
    await user.click(form.getByRole('button', { name: 'Charge interest' }));
    expect(form.getByText('Enter a month that has ended, written YYYY-MM.')).toBeVisible();
    await user.clear(form.getByLabelText('Month (YYYY-MM)'));
    await user.type(form.getByLabelText('Month (YYYY-MM)'), '2026-10');
    await user.click(form.getByRole('button', { name: 'Charge interest' }));
    // Charges cannot be taken back: asked first, and Cancel charges nothing.
    const question =
      'Charge 1.5 % interest for 2026-10 to every customer with an amount overdue at the end of that month? Interest charges cannot be taken back.';
    const dialog = await screen.findByRole('alertdialog', { name: question });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.init?.method === 'POST')).toEqual([]);
    await user.click(form.getByRole('button', { name: 'Charge interest' }));
    const again = await screen.findByRole('alertdialog', { name: question });
    await user.click(within(again).getByRole('button', { name: 'Charge interest' }));
    expect(await screen.findByText('Interest charged to 1 customer for 2026-10.')).toBeVisible();
    expect(
      calls.filter((c) => c.init?.method === 'POST').map((c) => JSON.parse(String(c.init?.body))),
    ).toEqual([{ period: '2026-10' }]);
  });
});
