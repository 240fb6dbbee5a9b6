import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { noFilterOptions } from '@/test/catalogue';
import { expectLink } from '@/test/links';
import { renderRoutes, stubFetch } from '@/test/render';
import { routes } from './router';

describe('an unknown address', () => {
  it('shows "page not found" inside the site layout, with the search and a way home', async () => {
    stubFetch({ '/api/categories': () => ({ status: true, data: [] }) });
    renderRoutes(routes, '/no/such/page');
    const heading = await screen.findByRole('heading', { name: 'Page not found', level: 1 });
    const page = heading.closest('section')!;
    expect(page).toHaveTextContent('There is no page at /no/such/page');
    expectLink(within(page), 'Back to the home page', '/');
    // The layout is there: the footer, and the header's search box once it has loaded (it replaces a
    // plain fallback box, so wait for the real one: a combobox with suggestions).
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    // The desktop and the phone header each have one; both must be the real box before the click,
    // or the focused fallback could be replaced under the test.
    await waitFor(() =>
      expect(screen.getAllByRole('combobox', { name: /search/i })).toHaveLength(2),
    );
    const [searchBox] = screen.getAllByRole('combobox', { name: /search/i });
    await userEvent.click(within(page).getByRole('button', { name: 'Search the catalogue' }));
    expect(searchBox).toHaveFocus();
  });
});

describe('a listing of a category the catalogue does not have', () => {
  // The server answers these addresses 404 (api plugins/page-exists.ts); the app says the same.
  it.each(['/products/Nope/Nope/ZZ', '/dispay-products/ZZ'])(
    '%s shows "page not found", not an empty listing titled with the address',
    async (address) => {
      const empty = {
        status: true,
        products: { data: [], total: 0, current_page: 1, last_page: 1, per_page: 25 },
      };
      stubFetch({
        '/api/categories': () => ({
          status: true,
          data: [
            {
              name: 'Buttons',
              category: 'Buttons',
              cat_code: 'BT',
              New: 0,
              Clear: 0,
              Sale: 0,
              Soon: 0,
              sub_cate: [],
            },
          ],
        }),
        '/api/cadProducts': () => empty,
        '/api/displayProducts': () => empty,
        '/api/filter-options-by-category': () => noFilterOptions,
      });
      renderRoutes(routes, address);
      expect(
        await screen.findByRole('heading', { name: 'Page not found', level: 1 }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /Nope|ZZ/ })).not.toBeInTheDocument();
      expect(document.title).toBe('Page not found');
    },
  );
});
