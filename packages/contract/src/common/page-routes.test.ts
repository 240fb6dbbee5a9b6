import { describe, expect, it } from 'vitest';
import { matchPageRoute } from './page-routes';

describe('matchPageRoute', () => {
  it('names the page of a known address with its decoded parameters', () => {
    expect(matchPageRoute('/')).toEqual({ route: '/', params: {} });
    expect(matchPageRoute('/products')?.route).toBe(
      '/products/:name?/:cate?/:cate_code?/:classCode?',
    );
    expect(matchPageRoute('/products/Buttons/Wooden%20buttons/BT-WD/F')?.params).toEqual({
      name: 'Buttons',
      cate: 'Wooden buttons',
      cate_code: 'BT-WD',
      classCode: 'F',
    });
    expect(matchPageRoute('/description/BT-1001/ca')?.params).toEqual({
      product_id: 'BT-1001',
      country: 'ca',
    });
    expect(matchPageRoute('/admin/orders/phone')?.route).toBe('/admin/orders/phone');
    expect(matchPageRoute('/admin/orders/12')?.route).toBe('/admin/orders/:id');
    expect(matchPageRoute('/About-Us/')?.route).toBe('/about-us');
  });

  it('answers null for an address the app has no page for', () => {
    for (const path of [
      '/no-such-page',
      '/products/a/b/c/d/e',
      '/description/BT-1001',
      '/cart/extra',
      '/%E0%A4%A',
      '/admin/nope',
    ])
      expect(matchPageRoute(path), path).toBeNull();
  });
});
