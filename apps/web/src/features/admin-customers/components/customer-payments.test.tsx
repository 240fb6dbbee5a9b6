import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCustomerPaymentsResponse,
  OpenInvoiceDto,
  PaymentDto,
} from '@wholesale/contract';
import { preloadTranslations } from '@/test/i18n';
import { apiError, renderWithProviders, stubFetch, validationFailed } from '@/test/render';
import { fillAndSubmit, retype } from '@/test/forms';
import { signInStaff } from '@/test/staff';
import { CustomerPayments } from './customer-payments';

beforeAll(() => preloadTranslations(['admin-receivables', 'errors', 'common']));

const cheque: PaymentDto = {
  id: 5,
  customer_id: 40,
  amount_cents: 25_000,
  method: 'cheque',
  reference: 'CHQ 501',
  received_on: '2026-11-02',
  source: 'staff',
  external_ref: null,
  bounced_at: null,
  bounce_reason: null,
  settlements: [{ invoice_id: 1, invoice_number: 'US-000001', amount_cents: 20_000 }],
  unapplied_cents: 5_000,
};

const openInvoice: OpenInvoiceDto = {
  id: 2,
  number: 'US-000002',
  issued_on: '2026-10-01',
  due_on: '2026-10-31',
  total_cents: 15_000,
  open_cents: 15_000,
  bucket: 'days_1_30',
};

/** The customer's payments as GET answers them: US$100 owed, the cheque, one open invoice. */
const ledger = (over: Partial<AdminCustomerPaymentsResponse['data']> = {}) => ({
  status: true,
  data: {
    country: 'us',
    balance_cents: 10_000,
    payments: [cheque],
    open_invoices: [openInvoice],
    ...over,
  },
});

/** A payment recorded: the cheque's answer under a new id. */
const recorded = { status: true, data: { ...cheque, id: 6 } };

function stubPayments(answers: Record<string, (url: URL, init?: RequestInit) => unknown> = {}) {
  const { calls } = stubFetch({
    '/api/admin/customers/40/payments': (_url, init) =>
      init?.method === 'POST' ? recorded : ledger(),
    '/api/admin/payments/5/bounce': () => ({
      status: true,
      data: {
        ...cheque,
        bounced_at: '2026-11-28T10:00:00Z',
        bounce_reason: 'NSF',
        settlements: [],
      },
    }),
    ...answers,
  });
  return calls;
}

const posts = (calls: { url: URL; init?: RequestInit }[]) =>
  calls
    .filter((c) => c.init?.method === 'POST')
    .map((c) => ({ path: c.url.pathname, body: JSON.parse(String(c.init?.body)) }));

describe('CustomerPayments (staff customer screen)', () => {
  it('lists the balance, open invoices and payments with what each settled', async () => {
    signInStaff(['credit']);
    stubPayments();
    renderWithProviders(<CustomerPayments customerId={40} country="us" />);
    expect(await screen.findByTestId('customer-balance')).toHaveTextContent('Balance: US$100.00');
    const invoices = screen.getByRole('table', { name: 'Open invoices of this customer' });
    expect(within(invoices).getByRole('row', { name: /US-000002/ })).toHaveTextContent('US$150.00');
    const payments = screen.getByRole('table', { name: 'Payments of this customer' });
    const row = within(payments).getByRole('row', { name: /CHQ 501/ });
    expect(row).toHaveTextContent('US-000001 US$200.00');
    expect(row).toHaveTextContent('US$50.00 on account');
    expect(row).toHaveTextContent('Cheque');
  });

  it('records a payment in cents, and shows the field errors the server or the form find', async () => {
    signInStaff(['credit']);
    const calls = stubPayments();
    const user = userEvent.setup();
    renderWithProviders(<CustomerPayments customerId={40} country="us" />);
    const form = within(await screen.findByRole('form', { name: 'Record a payment' }));
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(
      form.getByText('Enter an amount greater than zero, in dollars and cents.'),
    ).toBeVisible();
    expect(form.getByText('Enter the date the payment was received (YYYY-MM-DD).')).toBeVisible();
    expect(posts(calls)).toEqual([]);

    await user.type(form.getByLabelText('Amount (dollars)'), '1234.5');
    await user.selectOptions(form.getByLabelText('Method'), 'transfer');
    await user.type(form.getByLabelText('Reference (cheque or transfer number)'), 'WIRE 9');
    await user.type(form.getByLabelText('Received on'), '2026-11-20');
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded')).toBeVisible();
    expect(posts(calls)).toEqual([
      {
        path: '/api/admin/customers/40/payments',
        body: {
          amount_cents: 123_450,
          method: 'transfer',
          received_on: '2026-11-20',
          reference: 'WIRE 9',
        },
      },
    ]);
  });

  it('sends an explicit allocation when amounts are given per invoice, and shows its refusal translated', async () => {
    signInStaff(['credit']);
    let refuse = true;
    const calls = stubPayments({
      '/api/admin/customers/40/payments': (_url, init) => {
        if (init?.method !== 'POST') return ledger({ balance_cents: 15_000, payments: [] });
        if (refuse) {
          refuse = false;
          return apiError(400, {
            code: 'VALIDATION_FAILED',
            message: 'Invoice US-000002 has only US$150.00 left to pay',
            fields: {
              'allocations.0.amount_cents': 'Invoice US-000002 has only US$150.00 left to pay',
            },
            reason: {
              key: 'PAYMENT_OVER_OPEN',
              params: { number: 'US-000002', openCents: 15_000 },
            },
          });
        }
        return recorded;
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomerPayments customerId={40} country="us" />);
    const form = within(await screen.findByRole('form', { name: 'Record a payment' }));
    await user.type(form.getByLabelText('Amount (dollars)'), '200');
    await user.type(form.getByLabelText('Received on'), '2026-11-20');
    await user.type(form.getByLabelText('Amount for US-000002 (open US$150.00)'), '160');
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(await form.findByText('Invoice US-000002 has only US$150.00 left to pay')).toBeVisible();
    await retype(form.getByLabelText('Amount for US-000002 (open US$150.00)'), '150');
    await user.click(form.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded')).toBeVisible();
    expect(posts(calls).map((p) => p.body.allocations)).toEqual([
      [{ invoice_id: 2, amount_cents: 16_000 }],
      [{ invoice_id: 2, amount_cents: 15_000 }],
    ]);
  });

  it('shows the server refusal under the field it names', async () => {
    signInStaff(['credit']);
    stubPayments({
      '/api/admin/customers/40/payments': (_url, init) =>
        init?.method === 'POST'
          ? validationFailed(
              { received_on: 'received_on must be a real date' },
              'received_on must be a real date',
            )
          : ledger({ balance_cents: 0, payments: [], open_invoices: [] }),
    });
    renderWithProviders(<CustomerPayments customerId={40} country="us" />);
    const form = within(await screen.findByRole('form', { name: 'Record a payment' }));
    await fillAndSubmit(
      { 'Amount (dollars)': '10', 'Received on': '2026-11-20' },
      'Record payment',
      form,
    );
    expect(
      await form.findByText('Enter the date the payment was received (YYYY-MM-DD).'),
    ).toBeVisible();
    expect(form.getByLabelText('Received on')).toHaveAttribute('aria-invalid', 'true');
  });

  it('marks a payment bounced with a reason and the account hold', async () => {
    signInStaff(['credit']);
    const calls = stubPayments();
    const user = userEvent.setup();
    renderWithProviders(<CustomerPayments customerId={40} country="us" />);
    await user.click(await screen.findByRole('button', { name: 'Mark bounced' }));
    const form = within(
      screen.getByRole('form', { name: 'Mark the payment of US$250.00 bounced' }),
    );
    await user.click(form.getByRole('button', { name: 'Confirm bounce' }));
    expect(form.getByText('Say why the payment bounced (at most 500 characters).')).toBeVisible();
    await user.type(form.getByLabelText('Why it bounced'), 'NSF');
    expect(form.getByLabelText('Put the account on hold (bounced payment)')).toBeChecked();
    await user.click(form.getByRole('button', { name: 'Confirm bounce' }));
    expect(await screen.findByText(/Payment marked bounced/)).toBeVisible();
    expect(posts(calls)).toEqual([
      { path: '/api/admin/payments/5/bounce', body: { reason: 'NSF', hold_account: true } },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: /bounced$/ })).not.toBeInTheDocument(),
    );
  });

  it("links to the customer's statement of a month, the PDF the customer downloads", async () => {
    signInStaff(['credit']);
    stubPayments();
    renderWithProviders(<CustomerPayments customerId={40} country="us" />);
    const block = within(await screen.findByTestId('customer-statement'));
    fireEvent.change(block.getByLabelText('Month'), { target: { value: '2026-09' } });
    expect(
      block.getByRole('link', { name: 'Download the statement for 2026-09 (PDF)' }),
    ).toHaveAttribute('href', '/api/admin/customers/40/statements/2026-09/pdf');
    fireEvent.change(block.getByLabelText('Month'), { target: { value: '' } });
    expect(block.queryByRole('link')).toBeNull();
  });
});
