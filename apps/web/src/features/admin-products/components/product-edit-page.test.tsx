import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCT_FIELDS } from '@wholesale/contract';
import { renderRoutes, stubFetch } from '@/test/render';
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
const product = {
  sku: 'BT-1001',
  version: 'v1',
  fields,
  image_url: '/images/products/BT-1001.jpg',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderEditor = () =>
  renderRoutes(
    [{ path: '/admin/products/:sku', element: <ProductEditPage /> }],
    '/admin/products/BT-1001',
  );

describe('product editor', () => {
  it('lists products found by a search, each linking to its edit page', async () => {
    const { fetchMock, calls } = stubFetch({
      '/api/admin/products': () => ({
        data: [
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
        ],
        total: 1,
        current_page: 1,
        last_page: 1,
        per_page: 25,
      }),
    });
    vi.stubGlobal('fetch', fetchMock);
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

  it('sends only the changed fields with the version, and shows a refused value next to its field', async () => {
    let answer: Response | null = null;
    const { fetchMock, calls } = stubFetch({
      '/api/admin/products/BT-1001': (_url, init) =>
        init?.method === 'PATCH' && answer ? answer : product,
    });
    vi.stubGlobal('fetch', fetchMock);
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
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This value was refused: price_ca must not be negative',
    );
  });

  it('says so when someone else changed the product meanwhile (409)', async () => {
    const { fetchMock } = stubFetch({
      '/api/admin/products/BT-1001': (_url, init) =>
        init?.method === 'PATCH'
          ? json(409, { status: false, error: { code: 'CONFLICT', message: 'changed' } })
          : product,
    });
    vi.stubGlobal('fetch', fetchMock);
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
