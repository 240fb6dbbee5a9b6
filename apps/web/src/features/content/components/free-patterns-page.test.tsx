import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '@/test/render';
import { CataloguesPage } from './catalogues-page';
import { FreePatternsPage } from './free-patterns-page';

const patterns = [
  {
    id: 1,
    title: 'Easy ribbed scarf',
    description: 'Rib',
    craft: 'knitting',
    pdf: '/files/content/pattern/a.pdf',
    pdf_size: 2048,
  },
  {
    id: 2,
    title: 'Lined tote bag',
    description: 'Tote',
    craft: 'sewing',
    pdf: '/files/content/pattern/b.pdf',
    pdf_size: 4096,
  },
];

describe('FreePatternsPage', () => {
  it('filters by craft through the API and keeps the craft in the URL', async () => {
    const { calls } = stubFetch({
      '/api/patterns': (url) => {
        const craft = url.searchParams.get('craft');
        return {
          status: true,
          data: patterns.filter((p) => !craft || p.craft === craft),
          crafts: ['knitting', 'sewing'],
        };
      },
    });
    const { router } = renderWithProviders(<FreePatternsPage />, '/free-patterns');
    expect(await screen.findByRole('heading', { name: 'Lined tote bag' })).toBeInTheDocument();
    expect(screen.getByText('2 patterns')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Craft'), 'knitting');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Lined tote bag' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Easy ribbed scarf' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?craft=knitting');
    // The shell's own reads (the store identity) may land after the list's, so the list's last call is picked.
    const patternCalls = calls.filter((c) => c.url.pathname === '/api/patterns');
    expect(patternCalls.at(-1)?.url.searchParams.get('craft')).toBe('knitting');
    const download = screen.getByRole('link', { name: 'Download PDF Easy ribbed scarf' });
    expect(download).toHaveAttribute(
      'href',
      '/files/content/pattern/a.pdf?download=1&name=Easy%20ribbed%20scarf',
    );
    expect(download).toHaveAttribute('download');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    stubFetch({
      '/api/catalogues': () =>
        new Response(JSON.stringify({ status: false, error: { code: 'INTERNAL', message: 'x' } }), {
          status: 500,
        }),
    });
    renderWithProviders(<CataloguesPage />, '/catalogues');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This could not be loaded. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
