import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApplicationsList } from '@/features/admin-applications/components/applications-list';
import { AuditPage } from '@/features/admin-audit/components/audit-page';
import { CustomersList } from '@/features/admin-customers/components/customers-list';
import { OrdersDesk } from '@/features/admin-orders/components/orders-desk';
import { AdminProductsPage } from '@/features/admin-products/components/admin-products-page';
import { preloadTranslations } from '@/test/i18n';
import { renderRoutes, stubFetch } from '@/test/render';
import { signInStaff } from '@/test/staff';

// docs/product/storefront-ux.md "Out-of-range pages": every paginated back-office list, opened past
// its last page (an old link, a list that shrank), goes to the last page in place of that address.
beforeAll(() =>
  preloadTranslations([
    'admin',
    'admin-people',
    'admin-orders',
    'admin-products',
    'orders',
    'errors',
    'common',
  ]),
);

const LAST_PAGE = 3;

/** One row whose text says which page it came from. */
type RowOf = (label: string) => Record<string, unknown>;

const LISTS: Array<{ name: string; path: string; api: string; List: ComponentType; row: RowOf }> = [
  {
    name: 'order desk',
    path: '/admin/orders?status=placed&page=99',
    api: '/api/admin/orders',
    List: OrdersDesk,
    row: (label) => ({
      order_id: 7,
      date: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
      status: 'placed',
      country: 'ca',
      customer_id: 1,
      customer_name: label,
      company_name: null,
      po_number: null,
      total: 10,
      version: 1,
    }),
  },
  {
    name: 'customers',
    path: '/admin/customers?q=mer&page=99',
    api: '/api/admin/customers',
    List: CustomersList,
    row: (label) => ({
      id: 40,
      email: 'julien@example.com',
      name: label,
      company_name: null,
      customer_code: null,
      country: 'ca',
      active: true,
      last_sign_in_at: null,
    }),
  },
  {
    name: 'audit log',
    path: '/admin/audit?actor=sam&page=99',
    api: '/api/admin/audit',
    List: AuditPage,
    row: (label) => ({
      id: 3,
      at: '2026-11-20T10:00:00.000Z',
      actor_email: 'sam@example.com',
      action: label,
      entity: 'customer',
      entity_id: '40',
      before: null,
      after: null,
    }),
  },
  {
    name: 'applications',
    path: '/admin/applications?status=all&page=99',
    api: '/api/admin/applications',
    List: ApplicationsList,
    row: (label) => ({
      id: 12,
      status: 'pending',
      country: 'ca',
      company_name: label,
      owner_name: 'Ana',
      email: 'ana@example.com',
      lang: 'en',
      created_at: '2026-11-20T10:00:00.000Z',
      reviewed_at: null,
    }),
  },
  {
    name: 'products',
    path: '/admin/products?q=but&page=99',
    api: '/api/admin/products',
    List: AdminProductsPage,
    row: (label) => ({
      sku: 'BT-1',
      name_en: label,
      active: true,
      barcode: '123',
      price_ca: '1.00',
      stock_ca: 1,
      price_us: '1.00',
      stock_us: 1,
    }),
  },
];

describe('a back-office list past its last page', () => {
  it.each(LISTS)('$name goes to the last page, replacing the address', async (list) => {
    signInStaff(['admin']);
    // Three pages of one row each; a page past them is empty, as the API answers.
    const { calls } = stubFetch({
      [list.api]: (url) => {
        const page = Number(url.searchParams.get('page') ?? '1');
        return {
          status: true,
          data: page <= LAST_PAGE ? [list.row(`Row of page ${page}`)] : [],
          total: LAST_PAGE,
          current_page: page,
          last_page: LAST_PAGE,
          per_page: 1,
          counts: {},
        };
      },
    });
    const pathname = list.path.split('?')[0];
    const { router } = renderRoutes([{ path: pathname, element: <list.List /> }], list.path);

    expect(await screen.findAllByText(`Row of page ${LAST_PAGE}`)).not.toHaveLength(0);
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('page')).toBe(String(LAST_PAGE));
    // The other filters stay; the out-of-range address is replaced, not pushed.
    const before = new URLSearchParams(list.path.split('?')[1]);
    before.set('page', String(LAST_PAGE));
    expect(Object.fromEntries(search)).toEqual(Object.fromEntries(before));
    expect(router.state.historyAction).toBe('REPLACE');
    // The empty page past the end was never shown as a list of nothing.
    await waitFor(() =>
      expect(calls.some((c) => c.url.searchParams.get('page') === String(LAST_PAGE))).toBe(true),
    );
    // Toasts are left out: files share a worker (isolate: false), and a toast another file's request
    // raises late (the phone order's "nothing ticked to order") is not this list's empty state.
    const emptyStates = screen
      .queryAllByText(/no .*(found|match)|nothing/i)
      .filter((element) => !element.closest('[data-sonner-toaster]'));
    expect(emptyStates).toEqual([]);
  });
});
