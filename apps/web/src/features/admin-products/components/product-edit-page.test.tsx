import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCT_FIELDS } from '@wholesale/contract';
import { setLanguage } from '@/lib/i18n';
import { onePage, renderRoutes, stubFetch } from '@/test/render';
import { AdminProductsPage } from './admin-products-page';
import { ProductEditPage } from './product-edit-page';

const fields = {
  ...Object.fromEntries(PRODUCT_FIELDS.map((f) => [f, ''])),
  category: 'BT',
  class: 'A',
  ship_pack: '6',
  name_en: 'Wooden button',
  price_ca: '2.50',
  stock_ca: '12',
  active: 'yes',
};
const product = { sku: 'BT-1001', version: 'v1', fields, images: [] };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderEditor = () =>
  renderRoutes(
    [{ path: '/admin/products/:sku', element: <ProductEditPage /> }],
    '/admin/products/BT-1001',
  );

describe('product editor', () => {
  it('lists products found by a search, each linking to its edit page', async () => {
    const { calls } = stubFetch({
      '/api/admin/products': () =>
        onePage([
          {
            sku: 'BT-1001',
            name_en: 'Wooden button',
            barcode: '',
            active: true,
            price_ca: '2.50',
            stock_ca: '12',
            price_us: '',
            stock_us: '',
          },
        ]),
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/admin/products', element: <AdminProductsPage /> }], '/admin/products');
    expect(await screen.findByRole('link', { name: 'Edit BT-1001' })).toHaveAttribute(
      'href',
      '/admin/products/BT-1001',
    );
    await user.type(screen.getByLabelText('Search products'), 'wooden');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls[calls.length - 1].url.searchParams.get('q')).toBe('wooden'));
  });

  it('styles its Save as a staff button, not a bare browser button', async () => {
    stubFetch({ '/api/admin/products/BT-1001': () => product });
    renderEditor();
    expect(await screen.findByRole('button', { name: 'Save changes' })).toHaveClass('button');
  });

  it('sends only the changed fields with the version, and shows a refused value next to its field', async () => {
    let answer: Response | null = null;
    const { calls } = stubFetch({
      '/api/admin/products/BT-1001': (_url, init) =>
        init?.method === 'PATCH' && answer ? answer : product,
    });
    const user = userEvent.setup();
    renderEditor();
    const price = await screen.findByLabelText('Price CA$');
    expect(price).toHaveValue('2.50');
    await user.clear(price);
    await user.type(price, '-1');
    answer = json(400, {
      status: false,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'price_ca must not be negative',
        fields: { price_ca: 'price_ca must not be negative' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Price CA$')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(JSON.parse(String(calls.find((c) => c.init?.method === 'PATCH')?.init?.body))).toEqual({
      version: 'v1',
      fields: { price_ca: '-1' },
    });
    // The field's rule in the interface language, never the server's English detail.
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Price CA$: enter an amount such as 12.50, not negative.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('price_ca must not be negative');
  });

  it('says so when someone else changed the product meanwhile (409)', async () => {
    stubFetch({
      '/api/admin/products/BT-1001': (_url, init) =>
        init?.method === 'PATCH'
          ? json(409, { status: false, error: { code: 'CONFLICT', message: 'changed' } })
          : product,
    });
    const user = userEvent.setup();
    renderEditor();
    const stock = await screen.findByLabelText('Stock Canada (ship packs)');
    await user.clear(stock);
    await user.type(stock, '3');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(/Someone changed this product meanwhile/, { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

describe('product editor refusals in the interface language', () => {
  afterEach(() => setLanguage(''));

  it.each([
    [
      'fr',
      'Code de catégorie : saisissez un code de catégorie principale connu, par exemple BT.',
      "Prix CA$ : saisissez un prix : le produit n'a pas encore de prix dans ce pays.",
      'Enregistrer',
    ],
    [
      'es',
      'Código de categoría: introduzca un código de categoría principal conocido, por ejemplo BT.',
      'Precio CA$: introduzca un precio: el producto aún no tiene precio en este país.',
      'Guardar cambios',
    ],
  ] as const)('names each refused field in %s', async (lang, category, price, save) => {
    await setLanguage(lang);
    stubFetch({
      '/api/admin/products/BT-1001': (_url, init) =>
        init?.method === 'PATCH'
          ? json(400, {
              status: false,
              error: {
                code: 'VALIDATION_FAILED',
                message: 'category ZZ is not a known top-level category code',
                fields: {
                  category: 'category ZZ is not a known top-level category code',
                  price_ca: 'price_ca is required: the product has no Canadian price yet',
                },
              },
            })
          : { ...product, fields: { ...fields, price_ca: '' } },
    });
    const user = userEvent.setup();
    renderEditor();
    const [categoryInput] = await screen.findAllByRole('textbox');
    await user.clear(categoryInput);
    await user.type(categoryInput, 'ZZ');
    await user.click(screen.getByRole('button', { name: save }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([category, price]);
    expect(document.body).not.toHaveTextContent('is not a known');
    expect(document.body).not.toHaveTextContent('is required');
  });
});
