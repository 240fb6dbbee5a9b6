import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { setLanguage } from '@/lib/i18n';
import { getString } from '@/lib/storage';
import { renderRoutes, stubFetch } from '@/test/render';
import { NAVBAR_SEARCH_KEY, SearchBox } from './search-box';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{decodeURIComponent(location.pathname)}</p>;
}

const routes = [
  {
    path: '*',
    element: (
      <>
        <SearchBox />
        <Where />
      </>
    ),
  },
];

const suggestions = {
  status: true,
  data: {
    products: [
      {
        product_id: 'BT-1001',
        name: 'Wooden <b>button</b>',
        image: '/images/products/BT-1001.jpg',
        country: 'ca',
      },
      {
        product_id: 'BT-1002',
        name: 'Plastic buttons',
        image: '/images/products/BT-1002.jpg',
        country: 'ca',
      },
    ],
    categories: [{ name: 'Buttons', category: 'Buttons', cat_code: 'BT', level: 1 }],
  },
};

afterEach(() => vi.useRealTimers());

describe('SearchBox (docs/product/search.md Search)', () => {
  it('greys the button out until the trimmed text is non-empty, then opens the results page', async () => {
    await setLanguage('');
    stubFetch({ '/api/search/suggest': () => suggestions });
    renderRoutes(routes, '/');
    const input = await screen.findByRole('combobox', { name: 'Search products' });
    const button = screen.getByRole('button', { name: 'Search' });
    expect(input).toBeRequired();
    expect(button).toBeDisabled();
    await userEvent.type(input, '   ');
    expect(button).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '  red buttons ');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(screen.getByTestId('where')).toHaveTextContent('/search-page/red buttons/1');
  });

  it('shows suggestions as a listbox, moves with the arrows and opens the highlighted one with Enter', async () => {
    const { calls } = stubFetch({ '/api/search/suggest': () => suggestions });
    renderRoutes(routes, '/');
    const input = await screen.findByRole('combobox', { name: 'Search products' });
    await userEvent.type(input, 'butt');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(
      calls.some(
        (c) => c.url.pathname === '/api/search/suggest' && c.url.searchParams.get('q') === 'butt',
      ),
    ).toBe(true);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Wooden buttonBT-1001',
      'Plastic buttonsBT-1002',
      'Buttons',
    ]);
    expect(list.querySelector('b')).toBeNull();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', options[1].id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/description/BT-1002/ca');
  });

  it('closes the suggestions with Escape', async () => {
    stubFetch({ '/api/search/suggest': () => suggestions });
    renderRoutes(routes, '/');
    const input = await screen.findByRole('combobox', { name: 'Search products' });
    await userEvent.type(input, 'butt');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('saves the last search text locally after 1 second without typing, and starts from it', async () => {
    stubFetch({ '/api/search/suggest': () => suggestions });
    renderRoutes(routes, '/');
    const input = await screen.findByRole('combobox', { name: 'Search products' });
    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: 'zipper' } });
    act(() => vi.advanceTimersByTime(900));
    expect(getString(NAVBAR_SEARCH_KEY)).not.toBe('zipper');
    act(() => vi.advanceTimersByTime(200));
    expect(getString(NAVBAR_SEARCH_KEY)).toBe('zipper');
    vi.useRealTimers();
    await waitFor(() => expect(input).toHaveValue('zipper'));
  });
});
