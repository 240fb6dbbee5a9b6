import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadTranslations } from '@/test/i18n';
import { anAdminInvoice } from '@/test/invoices';
import { expectLink } from '@/test/links';
import { onePage, renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';
import { AdminInvoicesList } from './admin-invoices-list';
import { CustomerInvoices } from './customer-invoices';

beforeAll(() =>
  preloadTranslations(['admin-invoices', 'admin-people', 'staff', 'common', 'errors']),
);

describe('AdminInvoicesList', () => {
  it('lists invoices with customer, order, amounts, status, source and PDF, and filters through the URL', async () => {
    signInStaff(['credit']);
    const { calls } = stubFetch({
      '/api/admin/invoices': (url) =>
        onePage(
          url.searchParams.get('status') === 'overdue'
            ? [anAdminInvoice(2, { status: 'overdue', source: 'erp' })]
            : [anAdminInvoice(2), anAdminInvoice(1)],
        ),
    });
    renderRoutes([{ path: '/admin/invoices', element: <AdminInvoicesList /> }], '/admin/invoices');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('link', { name: 'Mercerie Gagnon' })[0]).toHaveAttribute(
      'href',
      '/admin/customers/40',
    );
    expectLink(within(table), 'Order #502', '/admin/orders/502');
    expect(
      within(table).getByRole('link', { name: 'Download invoice CA-000002 as a PDF' }),
    ).toHaveAttribute('href', '/api/admin/invoices/2/pdf');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'overdue');
    await waitFor(() => expect(screen.getByText('ERP')).toBeInTheDocument());
    const last = calls.at(-1)!;
    expect(last.url.searchParams.get('status')).toBe('overdue');

    await userEvent.type(screen.getByLabelText('Customer code or number'), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('customer_id')).toBe('40'));
  });
});

/** The customers a search for "ca100040" finds: the code itself, and one that only contains it. */
const found = [
  { id: 41, customer_code: 'CA1000401' },
  { id: 40, customer_code: 'CA100040' },
];

describe('AdminInvoicesList by customer code', () => {
  it('finds the customer a typed code names, and says so when none has it', async () => {
    signInStaff(['credit']);
    const { calls } = stubFetch({
      '/api/admin/invoices': () => onePage([anAdminInvoice(2)]),
      '/api/admin/customers': () => onePage(found),
    });
    renderRoutes([{ path: '/admin/invoices', element: <AdminInvoicesList /> }], '/admin/invoices');
    await screen.findByRole('table', { name: 'Invoices' });
    const field = () => screen.getByLabelText('Customer code or number');
    await userEvent.type(field(), 'ca100040');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === '/api/admin/invoices')
          .at(-1)!
          .url.searchParams.get('customer_id'),
      ).toBe('40'),
    );
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeVisible();

    await userEvent.clear(field());
    await userEvent.type(field(), 'ZZ9');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No customer has the code ZZ9.')).toBeVisible();
    // The API never got a code where it reads a customer's number.
    expect(calls.every((c) => !/[A-Z]/i.test(c.url.searchParams.get('customer_id') ?? ''))).toBe(
      true,
    );
  });
});

describe('CustomerInvoices', () => {
  it('shows the customer’s newest invoices and links to all of them', async () => {
    signInStaff(['orders']);
    const { calls } = stubFetch({
      '/api/admin/invoices': () => onePage([anAdminInvoice(3)], 10),
    });
    renderRoutes([{ path: '/c', element: <CustomerInvoices customerId={40} /> }], '/c');
    expect(await screen.findByText('CA-000003')).toBeInTheDocument();
    const asked = calls.find((c) => c.url.pathname === '/api/admin/invoices')!;
    expect(asked.url.searchParams.get('customer_id')).toBe('40');
    expect(asked.url.searchParams.get('per_page')).toBe('10');
    expectLink(screen, "All of this customer's invoices", '/admin/invoices?customer_id=40');
  });
});
