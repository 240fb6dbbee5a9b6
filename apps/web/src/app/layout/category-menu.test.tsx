import type { Category } from '@wholesale/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { storeUser } from '@/lib/session';
import { expectLink } from '@/test/links';
import { renderWithProviders, stubFetch } from '@/test/render';
import { aBuyer } from '@/test/users';
import { CategoryMenu } from './category-menu';
import { arrangeCategories } from './arrange-categories';

function category(name: string, catCode: string, subs: string[] = []): Category {
  return {
    name,
    category: name,
    cat_code: catCode,
    New: 3,
    Clear: 0,
    Sale: 2,
    Soon: 1,
    sub_cate: subs.map((sub, i) => ({
      sub_cate: sub,
      category: name,
      cat_code: `${catCode}${i + 1}`,
    })),
  };
}

const tree: Category[] = [
  category('Promotions', 'PR'),
  category('Buttons', 'BT', ['Wooden buttons', 'Metal buttons']),
  category('Zippers', 'ZP', ['Invisible zippers']),
  category('Threads', 'TH'),
];

function serve(data: Category[] = tree) {
  const stub = stubFetch({ '/api/categories': () => ({ status: true, data }) });
  return stub;
}

const topLinks = () =>
  screen
    .getAllByRole('link')
    .filter((a) => a.classList.contains('category-menu__link'))
    .map((a) => a.textContent);

describe('category menu (docs/product/catalogue.md)', () => {
  it('shows 12 skeleton items while loading, then the categories with Zippers hidden and Promotions last', async () => {
    const { calls } = serve();
    renderWithProviders(<CategoryMenu />);
    expect(screen.getByTestId('category-skeleton').querySelectorAll('li')).toHaveLength(12);
    await screen.findByRole('link', { name: 'Buttons' });
    expect(topLinks()).toEqual(['Buttons', 'Threads', 'Promotions']);
    expect(screen.queryByText('Zippers')).not.toBeInTheDocument();
    expect(screen.queryByText('Invisible zippers')).not.toBeInTheDocument();
    expect(calls[0].url.searchParams.get('lang')).toBe('en');
    expectLink(screen, 'Buttons', '/products/Buttons/Buttons/BT');
  });

  it('shows New, Clearance, On Sale and Coming Soon sub-links to signed-in users only', async () => {
    serve();
    const guest = renderWithProviders(<CategoryMenu />);
    await screen.findByRole('link', { name: 'Buttons' });
    for (const label of [/^New/, /^Clearance/, /^On Sale/, /^Coming Soon/]) {
      expect(screen.queryAllByRole('link', { name: label, hidden: true })).toHaveLength(0);
    }
    guest.unmount();

    storeUser(aBuyer());
    serve();
    renderWithProviders(<CategoryMenu />);
    await screen.findByRole('link', { name: 'Buttons' });
    const news = screen.getAllByRole('link', { name: /^New/, hidden: true });
    expect(news).toHaveLength(3);
    expect(news[0]).toHaveAttribute('href', '/products/Buttons/Buttons/BT/F');
    expect(screen.getAllByRole('link', { name: /^Clearance/, hidden: true })[0]).toHaveAttribute(
      'href',
      '/products/Buttons/Buttons/BT/R',
    );
    expect(screen.getAllByRole('link', { name: /^On Sale/, hidden: true })[0]).toHaveAttribute(
      'href',
      '/products/Buttons/Buttons/BT/Y',
    );
    expect(screen.getAllByRole('link', { name: /^Coming Soon/, hidden: true })[0]).toHaveAttribute(
      'href',
      '/products/Buttons/Buttons/BT/N',
    );
  });

  it('opens a sub category panel from the keyboard and closes it with Escape', async () => {
    serve();
    const u = userEvent.setup();
    renderWithProviders(<CategoryMenu />);
    const toggle = await screen.findByRole('button', { name: 'Buttons sub categories' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Wooden buttons' })).not.toBeInTheDocument();
    toggle.focus();
    await u.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expectLink(within(panel), 'Wooden buttons', '/products/Buttons/Wooden%20buttons/BT1');
    await u.tab();
    expect(within(panel).getByRole('link', { name: 'All Buttons' })).toHaveFocus();
    await u.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it.each([
    ['fr', 'Aiguilles et épingles', 'Sous-catégories : Aiguilles et épingles'],
    ['es', 'Agujas y alfileres', 'Subcategorías de Agujas y alfileres'],
  ] as const)(
    'names the sub-category toggle in %s without an article to elide',
    async (lang, label, name) => {
      await setLanguage(lang);
      try {
        serve([{ ...category('Needles & Pins', 'NP', ['Pins']), category: label }]);
        renderWithProviders(<CategoryMenu />);
        expect(await screen.findByRole('button', { name })).toBeInTheDocument();
      } finally {
        await setLanguage('');
      }
    },
  );

  it('renders no menu items when the call fails (only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch({});
    renderWithProviders(<CategoryMenu />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('arrangeCategories keeps the server order otherwise', () => {
    const arranged = arrangeCategories([
      category('A', 'A'),
      category('Promotions', 'P'),
      category('zippers', 'Z'),
      category('B', 'B'),
    ]);
    expect(arranged.map((c) => c.name)).toEqual(['A', 'B', 'Promotions']);
  });

  it('arrangeCategories leaves out what staff hid, at every level', () => {
    const withSubs = category('C', 'C', ['Shown', 'Hidden sub']);
    withSubs.sub_cate[0].sub_subCat = [
      { sub_subCat: 'Leaf', category: 'Shown', cat_code: 'C1A' },
      { sub_subCat: 'Hidden leaf', category: 'Shown', cat_code: 'C1B', hidden: true },
    ];
    withSubs.sub_cate[1].hidden = true;
    const arranged = arrangeCategories([{ ...category('Gone', 'G'), hidden: true }, withSubs]);
    expect(arranged.map((c) => c.name)).toEqual(['C']);
    expect(arranged[0].sub_cate.map((s) => s.sub_cate)).toEqual(['Shown']);
    expect(arranged[0].sub_cate[0].sub_subCat?.map((g) => g.sub_subCat)).toEqual(['Leaf']);
  });
});
