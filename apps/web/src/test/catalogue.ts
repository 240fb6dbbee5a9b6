import type { ProductDetail } from '@wholesale/contract';

/** A listing answer with no product on its page (totals and page numbers as given). */
export function productsPage(
  page: { total?: number; current?: number; last?: number; per?: number } = {},
) {
  return {
    status: true,
    products: {
      data: [],
      total: page.total ?? 0,
      current_page: page.current ?? 1,
      last_page: page.last ?? 1,
      per_page: page.per ?? 25,
    },
  };
}

/** A product's details as GET /api/productDescription answers a guest. */
export function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 1,
    product_id: 'BT-1001',
    name: 'Bouton en bois 4 trous 15 mm, lilas',
    country: 'ca',
    class: 'A',
    ship_pac: 12,
    types: '',
    image: '/images/products/BT-1001.jpg',
    brand: 'Maple Notions',
    color: 'Lilac',
    type: '4-hole',
    size: '3.5 mm',
    description: '',
    barcode: null,
    class_label: 'A',
    categories: [],
    related: [],
    images: [],
    ...overrides,
  };
}

/** GET /api/filter-options-by-category's answer for a listing with nothing to filter by. */
export const noFilterOptions = {
  status: true,
  data: { brands: [], colors: [], types: [], sizes: [] },
};

/** GET /api/client-config's answer for a store with no chat widget and no analytics. */
export const plainClientConfig = {
  status: true,
  chat_widget_url: null,
  analytics_script_url: null,
};
