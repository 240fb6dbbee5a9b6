import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { SearchBox } from '@/features/search/components/search-box';
import { emptySearchDraft, type SearchDraft } from '@/lib/search-draft';
import { renderRoutes, stubFetch } from '@/test/render';
import commonEn from '@/locales/en/common.json';
import commonEs from '@/locales/es/common.json';
import commonFr from '@/locales/fr/common.json';
import searchEn from '@/locales/en/search.json';
import searchEs from '@/locales/es/search.json';
import searchFr from '@/locales/fr/search.json';
import { FallbackSearchBox } from './search-slot';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

// The header's swap, driven by the test: the fallback box until `loadRealBox()`, then the
// search feature's box, sharing one draft as SearchSlot does.
let loadRealBox: () => void = () => {};
function Swap({ draft }: { draft: SearchDraft }) {
  const [real, setReal] = useState(false);
  useEffect(() => {
    loadRealBox = () => setReal(true);
  }, []);
  return real ? <SearchBox draft={draft} /> : <FallbackSearchBox draft={draft} />;
}

function renderSwap(draft: SearchDraft) {
  renderRoutes([
    {
      path: '*',
      element: (
        <>
          <Swap draft={draft} />
          <Where />
        </>
      ),
    },
  ]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('header search box (docs/product/search.md Search)', () => {
  // The fallback said "Search by name, item number or barcode" and the real box, a moment later,
  // "Search by product, SKU or barcode": the words changed under the buyer's eyes on every page.
  it.each([
    ['en', commonEn, searchEn],
    ['fr', commonFr, searchFr],
    ['es', commonEs, searchEs],
  ])('reads the same while loading as the real box once loaded (%s)', (_lang, common, search) => {
    expect(common.search.placeholder).toBe(search.box.placeholder);
    expect(common.search.label).toBe(search.box.label);
    expect(common.search.submit).toBe(search.box.submit);
  });

  it('is required, keeps the button disabled until trimmed text exists, then opens /search-page/{query}/1', async () => {
    const u = userEvent.setup();
    renderRoutes([
      {
        path: '*',
        element: (
          <>
            <FallbackSearchBox />
            <Where />
          </>
        ),
      },
    ]);
    const input = screen.getByRole('searchbox', { name: 'Search products' });
    const button = screen.getByRole('button', { name: 'Search' });
    expect(input).toBeRequired();
    expect(button).toBeDisabled();
    await u.type(input, '   ');
    expect(button).toBeDisabled();
    await u.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/');
    await u.type(input, ' wooden button ');
    expect(button).toBeEnabled();
    await u.click(button);
    expect(screen.getByTestId('where')).toHaveTextContent('/search-page/wooden%20button/1');
  });

  it('hands the text, caret and focus typed into the fallback to the real box when it loads', async () => {
    stubFetch({
      '/api/search/suggest': () => ({ status: true, data: { products: [], categories: [] } }),
    });
    // An older search saved on this device must not override what is being typed now.
    localStorage.setItem('navbar_search', 'older search');
    const u = userEvent.setup();
    const draft = emptySearchDraft();
    renderSwap(draft);
    await u.type(screen.getByRole('searchbox', { name: 'Search products' }), 'ribon');
    await u.keyboard('{ArrowLeft}{ArrowLeft}');

    act(() => loadRealBox());
    const real = await screen.findByRole('combobox');
    expect(real).toHaveValue('ribon');
    expect(real).toHaveFocus();
    expect((real as HTMLInputElement).selectionStart).toBe(3);

    // Typing goes on where the caret was, and Enter searches for the whole text.
    await u.keyboard('b{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/search-page/ribbon/1');
  });

  it('searches with Enter pressed before the real box has loaded', async () => {
    const u = userEvent.setup();
    const draft = emptySearchDraft();
    renderSwap(draft);
    await u.type(
      screen.getByRole('searchbox', { name: 'Search products' }),
      '0123456789012{Enter}',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/search-page/0123456789012/1');
  });
});
