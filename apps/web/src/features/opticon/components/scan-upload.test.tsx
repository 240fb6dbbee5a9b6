import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { unknownOpticonMatch } from '@wholesale/contract';
import { renderWithProviders } from '@/test/render';
import { json, routeFetch, signInStored } from '@/test/shopping';
import { ScanUpload } from './scan-upload';

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('ScanUpload', () => {
  function setup() {
    signInStored();
    const { calls } = routeFetch({
      'POST /api/opticon/match': () =>
        json({
          status: true,
          data: [
            {
              code: '036000291452',
              status: 'ok',
              product_id: 'PIN-100',
              name: 'Pins',
              available: 3,
              ship_pack: 12,
              class: 'A',
            },
            unknownOpticonMatch('NOPE-1'),
          ],
        }),
      'POST /api/opticon': () =>
        json({
          status: true,
          products: [],
          total: 0,
          count: 1,
          results: [
            {
              code: '036000291452',
              quantity: 5,
              status: 'clamped',
              product_id: 'PIN-100',
              name: 'Pins',
              added: 3,
            },
            {
              code: 'NOPE-1',
              quantity: 2,
              status: 'unknown',
              product_id: null,
              name: null,
              added: 0,
            },
          ],
        }),
    });
    renderWithProviders(<ScanUpload />);
    return calls;
  }

  it('parses pasted lines in the browser, previews the matches, then reports each line', async () => {
    const calls = setup();
    await userEvent.type(
      await screen.findByLabelText('Or paste the lines'),
      '036000291452{enter}036000291452,4,2025/11/22,10:00{enter}NOPE-1;2{enter}bad,x',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByTestId('opticon-preview');
    expect(await within(preview).findByText('Unknown code')).toBeInTheDocument();
    expect(within(preview).getByText('PIN-100 — Pins')).toBeInTheDocument();
    expect(headers(preview)).toEqual(['Code', 'Quantity', 'Product', 'Status']);
    expect(within(preview).getByText('Unknown code')).toHaveClass('opticon-status--unknown');
    expect(within(preview).getByText('5')).toBeInTheDocument();
    expect(screen.getByText('Line 4: “bad,x” has no valid quantity')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/opticon')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Add 2 lines to the cart' }));
    const results = await screen.findByTestId('opticon-results');
    expect(within(results).getByText('Only 3 added (stock)')).toBeInTheDocument();
    expect(within(results).getByText('Unknown code')).toBeInTheDocument();
    expect(headers(results)).toEqual(['Code', 'Quantity', 'Product', 'Result']);
    expect(within(results).getByText('Unknown code').closest('tr')).toHaveAttribute(
      'data-status',
      'unknown',
    );
    const sent = calls.find((c) => c.url.pathname === '/api/opticon')!;
    expect(JSON.parse(String(sent.init?.body))).toMatchObject({
      products: [
        { code: '036000291452', quantity: 5 },
        { code: 'NOPE-1', quantity: 2 },
      ],
      user_id: 7,
      country: 'ca',
    });
  });

  it('refuses a file that is not .txt, .csv or .dat', async () => {
    setup();
    const input = await screen.findByLabelText('Choose a file', { selector: 'input' });
    await userEvent.upload(
      input,
      new File(['x'], 'scan.exe', { type: 'application/octet-stream' }),
      { applyAccept: false },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('scan.exe is not a scanner export');
  });
});
