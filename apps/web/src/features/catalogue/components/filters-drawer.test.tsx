import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '@/test/render';
import { ProductsView } from './products-view';

function serve() {
  stubFetch({
    '/api/categories': () => ({ status: true, data: [] }),
    '/api/cadProducts': () => ({
      status: true,
      products: { data: [], total: 0, current_page: 1, last_page: 1, per_page: 25 },
    }),
    '/api/filter-options-by-category': () => ({
      status: true,
      data: {
        brands: [{ value: 'Kestrel', count: 4 }],
        colors: [{ value: 'Red', count: 2 }],
        types: [],
        sizes: [],
      },
    }),
  });
}

describe('filters drawer for phones', () => {
  it('opens the filters in a dialog from a button that counts the active filters', async () => {
    serve();
    renderWithProviders(
      <ProductsView route={{ name: 'Buttons', cate: 'Buttons', cate_code: 'BT' }} />,
      '/products/Buttons/Buttons/BT?brand=Kestrel&color=Red',
    );
    const open = await screen.findByRole('button', { name: 'Filters (2)' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Filter' });
    const kestrel = await within(dialog).findByRole('checkbox', { name: /Kestrel/ });
    expect(kestrel).toBeChecked();
    await userEvent.click(kestrel);
    expect(await screen.findByRole('button', { name: 'Filters (1)', hidden: true })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toHaveFocus();
  });

  it('says just "Filters" when none is on', async () => {
    serve();
    renderWithProviders(
      <ProductsView route={{ name: 'Buttons', cate: 'Buttons', cate_code: 'BT' }} />,
      '/products/Buttons/Buttons/BT',
    );
    expect(await screen.findByRole('button', { name: 'Filters' })).toBeInTheDocument();
  });
});
