import type { RouteObject } from 'react-router';
import { StaffRoute } from './guards';
import { page } from './page-route';

/**
 * The back office's routes (docs/product/storefront-ux.md route table, staff only). Not in the
 * shell's table: router.tsx patches them in when a staff address is first opened, so a shopper's
 * entry chunk carries neither these routes nor the preload list of every staff page's files
 * (docs/decisions/010-web-shell-and-bundle-budget.md).
 */
export const staffRoutes: RouteObject[] = [
  {
    path: 'admin',
    element: <StaffRoute />,
    children: [
      {
        // The back office's own layout: its menu shows what the staff member's roles open.
        // Its own chunk: no shopper loads the back office's layout and menu.
        lazy: async () => ({
          Component: (await import('./layout/staff-layout')).StaffLayout,
        }),
        children: [
          // /admin itself: the home, one part per role (it used to render nothing).
          page(undefined, () => import('./routes/admin-home')),
          page('content', () => import('./routes/admin-content')),
          page('applications', () => import('./routes/admin-applications')),
          page('applications/:id', () => import('./routes/admin-application-detail')),
          page('integrations', () => import('./routes/admin-integrations')),
          page('invoices', () => import('./routes/admin-invoices')),
          page('orders', () => import('./routes/admin-orders')),
          page('orders/:id', () => import('./routes/admin-order-detail')),
          page('orders/phone', () => import('./routes/admin-phone-order')),
          page('orders/phone/:customerId', () => import('./routes/admin-phone-order')),
          page('catalogue', () => import('./routes/admin-catalogue')),
          page('catalogue/structure', () => import('./routes/admin-catalogue-structure')),
          page('products', () => import('./routes/admin-products')),
          page('products/:sku', () => import('./routes/admin-product-edit')),
          page('prices', () => import('./routes/admin-prices')),
          page('staff', () => import('./routes/admin-staff')),
          page('customers', () => import('./routes/admin-customers')),
          page('customers/:id', () => import('./routes/admin-customer-detail')),
          page('audit', () => import('./routes/admin-audit')),
          page('receivables', () => import('./routes/admin-receivables')),
          page('settings', () => import('./routes/admin-settings')),
          page('returns', () => import('./routes/admin-returns')),
        ],
      },
    ],
  },
];
