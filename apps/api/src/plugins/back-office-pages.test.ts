import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Every paginated back-office list (docs/product/storefront-ux.md "Out-of-range pages"): a page past
// the last one is a 200 with an empty page and the real total (the screen then moves to the last
// page), and a page that is not a page number is a 400 naming the field.
let t: TestApp;
let staff: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ seed: { products: 30 } });
  staff = (await t.signIn({ role: 'staff' })).headers;
});
afterAll(() => t.close());

const LISTS = [
  '/api/admin/orders',
  '/api/admin/customers',
  '/api/admin/audit',
  '/api/admin/applications?status=all',
  '/api/admin/products',
  '/api/admin/receivables/waiting-orders',
];
const withPage = (url: string, page: string) =>
  `${url}${url.includes('?') ? '&' : '?'}page=${page}`;

describe('back-office lists', () => {
  it.each(LISTS)('%s past its last page: 200, no rows, the same total', async (url) => {
    const first = await t.get(url, staff);
    expect(first.statusCode, first.body).toBe(200);
    const past = await t.get(withPage(url, '9999'), staff);
    expect(past.statusCode, past.body).toBe(200);
    const body = past.json();
    expect(body.data).toEqual([]);
    expect(body.total).toBe(first.json().total);
    expect(body.last_page).toBe(first.json().last_page);
  });

  it.each(LISTS.flatMap((url) => ['abc', '0', '1.5', '-2'].map((page) => [url, page])))(
    '%s?page=%s: 400 naming page',
    async (url, page) => {
      const res = await t.get(withPage(url, page), staff);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain('page');
    },
  );
});
