import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '@/test/render';
import { FiltersPanel } from './filters-panel';

const NONE = { brand: [], color: [], type: [], size: [] };

function serve(data: Record<string, Array<{ value: string; count: number }>>) {
  stubFetch({ '/api/filter-options-by-category': () => ({ status: true, data }) });
}

describe('listing filters', () => {
  it('show the values of every facet of the listing before any brand is picked', async () => {
    serve({
      brands: [{ value: 'Maple Notions', count: 3 }],
      colors: [{ value: 'Navy', count: 2 }],
      types: [{ value: 'Wooden', count: 1 }],
      sizes: [{ value: '15 mm', count: 1 }],
    });
    renderWithProviders(
      <FiltersPanel category="BT" selected={NONE} onToggle={() => {}} onClear={() => {}} />,
    );
    for (const name of [/Maple Notions/, /Navy/, /Wooden/, /15 mm/])
      expect(await screen.findByRole('checkbox', { name })).toBeVisible();
  });

  it('leave out a facet the listing has no value for: no bare heading', async () => {
    serve({ brands: [{ value: 'Maple Notions', count: 3 }], colors: [], types: [], sizes: [] });
    renderWithProviders(
      <FiltersPanel category="BT" selected={NONE} onToggle={() => {}} onClear={() => {}} />,
    );
    expect(await screen.findByRole('checkbox', { name: /Maple Notions/ })).toBeVisible();
    for (const heading of ['Colour', 'Type', 'Size'])
      expect(screen.queryByText(heading)).not.toBeInTheDocument();
  });
});
