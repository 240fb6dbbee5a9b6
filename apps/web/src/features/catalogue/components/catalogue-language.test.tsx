import type { Category } from '@wholesale/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage, type AppLang } from '@/lib/i18n';
import { productDetail, productsPage } from '@/test/catalogue';
import { renderWithProviders, stubFetch } from '@/test/render';
import { storeIdentityAnswer, TEST_STORE } from '@/test/store-identity';
import { DisplayProductsView } from './display-products-view';
import { FiltersPanel } from './filters-panel';
import { ProductDetail } from './product-detail';
import { ProductsView } from './products-view';

const NAMES: Record<string, [string, string, string]> = {
  BT: ['Buttons', 'Boutons', 'Botones'],
  'BT-WD': ['Wooden buttons', 'Boutons en bois', 'Botones de madera'],
};

/** The category tree as the API answers it in one language (name stays the English URL key). */
function tree(lang: string): Category[] {
  const i = lang === 'fr' ? 1 : lang === 'es' ? 2 : 0;
  return [
    {
      name: 'Buttons',
      category: NAMES.BT[i],
      cat_code: 'BT',
      New: 0,
      Clear: 0,
      Sale: 0,
      Soon: 0,
      sub_cate: [{ sub_cate: NAMES['BT-WD'][i], category: NAMES.BT[i], cat_code: 'BT-WD' }],
    },
  ];
}

const emptyPage = productsPage();
const detail = productDetail();

function serve() {
  const stub = stubFetch({
    '/api/categories': (url) => ({ status: true, data: tree(url.searchParams.get('lang') ?? '') }),
    '/api/cadProducts': () => emptyPage,
    '/api/displayProducts': () => emptyPage,
    '/api/productDescription': () => ({ status: true, data: detail }),
    '/api/store-identity': () => storeIdentityAnswer(),
    '/api/filter-options-by-category': () => ({
      status: true,
      data: {
        brands: [{ value: 'Maple Notions', count: 3 }],
        colors: [{ value: 'Lilac', count: 2 }],
        types: [{ value: '4-hole', count: 1 }],
        sizes: [{ value: 'no. 5', count: 1 }],
      },
    }),
  });
  return stub;
}

async function inLanguage(lang: AppLang) {
  await setLanguage(lang);
  serve();
}

afterEach(() => setLanguage(''));

describe('catalogue text in the interface language', () => {
  it.each([
    ['fr', 'Boutons en bois'],
    ['es', 'Botones de madera'],
  ] as const)('titles a /products listing in %s from the category tree', async (lang, heading) => {
    await inLanguage(lang);
    renderWithProviders(
      <ProductsView route={{ name: 'Buttons', cate: 'Wooden buttons', cate_code: 'BT-WD' }} />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    // Titled with the store's name in that language (Spanish: none given, so the English one).
    const store = TEST_STORE.name[lang] || TEST_STORE.name.en;
    await waitFor(() => expect(document.title).toBe(`${heading} | ${store}`));
  });

  it.each([
    ['fr', 'Boutons'],
    ['es', 'Botones'],
  ] as const)('titles a /dispay-products listing in %s', async (lang, heading) => {
    await inLanguage(lang);
    renderWithProviders(<DisplayProductsView category="Buttons" />);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each([
    ['fr', 'Lilas', '4 trous', '3,5 mm'],
    ['es', 'Lila', '4 agujeros', '3,5 mm'],
    ['', 'Lilac', '4-hole', '3.5 mm'],
  ] as const)(
    'shows attribute values of the detail page in "%s"',
    async (lang, colour, type, size) => {
      await inLanguage(lang);
      renderWithProviders(<ProductDetail productId="BT-1001" country="ca" />);
      const fields = (await screen.findByText(colour)).closest('dl')!;
      expect(within(fields).getByText(type)).toBeInTheDocument();
      expect(within(fields).getByText(size)).toBeInTheDocument();
      // A brand is a name: never translated.
      expect(within(fields).getByText('Maple Notions')).toBeInTheDocument();
    },
  );

  it.each([
    ['fr', 'Lilas', '4 trous', 'n° 5'],
    ['es', 'Lila', '4 agujeros', 'n.º 5'],
  ] as const)(
    'labels filter values in %s and keeps the English value as the key',
    async (lang, colour, type, size) => {
      await inLanguage(lang);
      const onToggle = vi.fn();
      renderWithProviders(
        <FiltersPanel
          category="BT"
          selected={{ brand: [], color: [], type: [], size: [] }}
          onToggle={onToggle}
          onClear={() => {}}
        />,
      );
      // Closed <details> groups: find the option by its visible label text.
      const option = async (text: string) =>
        (await screen.findByText(text)).closest('label')!.querySelector('input')!;
      expect(await option(type)).toBeInTheDocument();
      expect(await option(size)).toBeInTheDocument();
      (await option(colour)).click();
      expect(onToggle).toHaveBeenCalledWith('color', 'Lilac');
    },
  );

  it('gives a product page its title, description and Open Graph tags, never a price or stock', async () => {
    await inLanguage('fr');
    const priced = {
      ...detail,
      available: 7,
      selling_price: 4.25,
      retail_price: 9.5,
      selling_price_2: null,
    };
    stubFetch({
      '/api/categories': () => ({ status: true, data: tree('fr') }),
      '/api/productDescription': () => ({ status: true, data: priced }),
      '/api/store-identity': () => storeIdentityAnswer(),
    });
    renderWithProviders(<ProductDetail productId="BT-1001" country="ca" />);
    const meta = (key: string) =>
      document.head.querySelector<HTMLMetaElement>(`meta[name="${key}"], meta[property="${key}"]`)
        ?.content;
    // The title is the same in every language (the product's name): wait for the French description.
    await waitFor(() =>
      expect(meta('description')).toBe(
        'Bouton en bois 4 trous 15 mm, lilas (BT-1001), vendu par emballage aux boutiques de loisirs créatifs et de tissus.',
      ),
    );
    await waitFor(() =>
      expect(document.title).toBe(
        'Bouton en bois 4 trous 15 mm, lilas (BT-1001) | Fournitures Érable Test',
      ),
    );
    expect(meta('og:title')).toBe(document.title);
    expect(meta('og:description')).toBe(meta('description'));
    expect(meta('og:image')).toBe(`${window.location.origin}/images/products/BT-1001.jpg`);
    for (const text of [document.title, meta('description'), meta('og:description')])
      expect(text).not.toMatch(/4[.,]25|9[.,]50|\$|\b7\b|disponible/);
  });
});

describe('product page pictures', () => {
  it('shows every picture as a thumbnail button that puts it in the main place', async () => {
    await setLanguage('fr');
    const images = [1, 2, 3].map((id) => `/images/gallery/${id}.jpg`);
    stubFetch({
      '/api/categories': () => ({ status: true, data: tree('fr') }),
      '/api/productDescription': () => ({ status: true, data: { ...detail, images } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProductDetail productId="BT-1001" country="ca" />);
    const strip = await screen.findByRole('list', { name: /^Images du produit : / });
    const buttons = within(strip).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Afficher l’image 1 sur 3',
      'Afficher l’image 2 sur 3',
      'Afficher l’image 3 sur 3',
    ]);
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    const main = () => screen.getByRole('img', { name: /, image \d sur 3$/ });
    expect(main()).toHaveAttribute('src', images[0]);
    buttons[2].focus();
    await user.keyboard('{Enter}');
    expect(main()).toHaveAttribute('src', images[2]);
    expect(main()).toHaveAccessibleName(/, image 3 sur 3$/);
    expect(buttons[2]).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the one picture alone, without a strip', async () => {
    serve();
    renderWithProviders(<ProductDetail productId="BT-1001" country="ca" />);
    expect(
      await screen.findByRole('img', { name: 'Bouton en bois 4 trous 15 mm, lilas' }),
    ).toHaveAttribute('src', '/images/products/BT-1001.jpg');
    expect(screen.queryByRole('button', { name: /picture/ })).toBeNull();
  });
});
