import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { preloadTranslations } from '@/test/i18n';
import { anInvoice } from '@/test/invoices';
import { onePage, renderRoutes, stubFetch } from '@/test/render';
import { signInStored } from '@/test/shopping';
import { InvoiceList } from './invoice-list';
import { OrderInvoices } from './order-invoices';

beforeAll(() => preloadTranslations(['invoices', 'common', 'errors'], ['en', 'fr', 'es']));
afterEach(() => setLanguage(''));

describe('InvoiceList', () => {
  it('lists the buyer’s invoices with dates, totals, open amounts, status and PDF links', async () => {
    signInStored();
    const { calls } = stubFetch({
      '/api/invoices': () =>
        onePage([
          anInvoice(2, { status: 'overdue', open_cents: 5_000 }),
          anInvoice(1, { status: 'paid', open_cents: 0 }),
        ]),
    });
    renderRoutes([{ path: '/invoices', element: <InvoiceList /> }], '/invoices');

    const rows = await screen.findAllByTestId(/^invoice-row-/);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('CA-000002')).toBeInTheDocument();
    expect(first.getByText('CA$114.98')).toBeInTheDocument();
    expect(first.getByText('CA$50.00')).toBeInTheDocument();
    expect(first.getByText('Overdue')).toBeInTheDocument();
    expect(first.getByRole('link', { name: '#42' })).toHaveAttribute('href', '/orderdetails/42');
    expect(
      first.getByRole('link', { name: 'Download invoice CA-000002 as a PDF' }),
    ).toHaveAttribute('href', '/api/invoices/2/pdf');
    expect(first.getByRole('link', { name: 'CA-000002: PDF in French' })).toHaveAttribute(
      'href',
      '/api/invoices/2/pdf?lang=fr',
    );
    expect(within(rows[1]).getByText('Paid')).toBeInTheDocument();
    expect(screen.getByText('2 invoices')).toBeInTheDocument();
    const asked = calls.find((c) => c.url.pathname === '/api/invoices')!;
    expect(asked.url.searchParams.get('page')).toBe('1');
  });

  it('speaks French, and says so when there is none yet', async () => {
    signInStored();
    await setLanguage('fr');
    stubFetch({ '/api/invoices': () => onePage([]) });
    renderRoutes([{ path: '/invoices', element: <InvoiceList /> }], '/invoices');
    expect(await screen.findByRole('heading', { name: 'Factures' })).toBeInTheDocument();
    expect(
      await screen.findByText(/Aucune facture pour l’instant\. Une facture est émise/),
    ).toBeInTheDocument();
  });

  it('formats amounts in the reader’s language (French: 114,98 $ CA)', async () => {
    signInStored();
    await setLanguage('fr');
    stubFetch({ '/api/invoices': () => onePage([anInvoice(3)]) });
    renderRoutes([{ path: '/invoices', element: <InvoiceList /> }], '/invoices');
    const row = await screen.findByTestId('invoice-row-3');
    expect(within(row).getAllByText(/114,98\s\$\sCA/)).toHaveLength(2);
    expect(within(row).getByText('Ouverte')).toBeInTheDocument();
  });
});

describe('OrderInvoices', () => {
  it('lists the order’s invoices with their PDFs, asking for that order only', async () => {
    signInStored();
    const { calls } = stubFetch({ '/api/invoices': () => onePage([anInvoice(5)]) });
    renderRoutes([{ path: '/o', element: <OrderInvoices orderId={45} /> }], '/o');
    expect(await screen.findByRole('heading', { name: 'Invoices of this order' })).toBeVisible();
    expect(screen.getByText('CA-000005')).toBeInTheDocument();
    const asked = calls.find((c) => c.url.pathname === '/api/invoices')!;
    expect(asked.url.searchParams.get('order_id')).toBe('45');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Download invoice CA-000005 as a PDF' })).toHaveFocus();
  });

  it('says the order is invoiced as it ships when it has none', async () => {
    signInStored();
    stubFetch({ '/api/invoices': () => onePage([]) });
    renderRoutes([{ path: '/o', element: <OrderInvoices orderId={46} /> }], '/o');
    expect(await screen.findByText(/the order is invoiced as it ships/)).toBeInTheDocument();
  });
});
