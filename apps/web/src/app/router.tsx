import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { BareLoadingOverlay } from '@/components/ui/loading-overlay';
import { prefetchCartPage } from '@/features/cart/api/prefetch-cart';
import {
  prefetchListing,
  prefetchProductDetail,
} from '@/features/catalogue/api/prefetch-catalogue';
import { prefetchHome } from '@/features/content/api/prefetch-home';
import { ErrorPage } from './error-page';
import { GuestOnlyRoute, ProtectedRoute, StaffRoute } from './guards';
import { RootLayout } from './layout/root-layout';

type PageModule = { default: ComponentType };

/**
 * A route whose page is its own chunk (route-level code splitting). `prefetch` starts the page's data
 * from the URL while the chunk loads; the loader returns at once, so navigation never waits for it.
 */
function page(
  path: string | undefined,
  load: () => Promise<PageModule>,
  prefetch?: (args: LoaderFunctionArgs) => void,
): RouteObject {
  const lazy = async () => ({ Component: (await load()).default });
  const loader = prefetch
    ? (args: LoaderFunctionArgs) => {
        prefetch(args);
        return null;
      }
    : undefined;
  return path === undefined ? { index: true, lazy } : { path, lazy, loader };
}

/** Every route of docs/product/storefront-ux.md, with its guard. Owners replace the placeholders in ./routes. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    HydrateFallback: BareLoadingOverlay,
    children: [
      {
        // Errors inside a page keep the shared layout around the error page.
        errorElement: <ErrorPage />,
        children: [
          page(undefined, () => {
            prefetchHome();
            return import('./routes/home');
          }),
          // Guest-only (docs/product/storefront-ux.md route table).
          {
            element: <GuestOnlyRoute />,
            children: [
              page('login', () => import('./routes/login')),
              page('register', () => import('./routes/register')),
              page('success-page', () => import('./routes/success-page')),
              page('reset-password', () => import('./routes/reset-password')),
              page('account-registration', () => import('./routes/account-registration')),
              page('welcome', () => import('./routes/welcome')),
              page('welcome-mobile', () => import('./routes/welcome-mobile')),
              page('forget-password', () => import('./routes/forget-password')),
            ],
          },
          // Signed-in only.
          {
            element: <ProtectedRoute />,
            children: [
              page('favourite-view', () => import('./routes/favourite-view')),
              page('favorite', () => import('./routes/favorite')),
              page('cart', () => import('./routes/cart'), prefetchCartPage),
              page('profile', () => import('./routes/profile')),
              page('profile/password', () => import('./routes/profile-password')),
              page('profile/addresses', () => import('./routes/profile-addresses')),
              page('profile/returns', () => import('./routes/profile-returns')),
              page('profile/credit', () => import('./routes/account-credit')),
              page('invoices', () => import('./routes/invoices')),
              page('order-confirm', () => import('./routes/order-confirm')),
              page('order', () => import('./routes/order')),
              page('orderdetails/:order_id', () => import('./routes/order-details')),
              page('print-order', () => import('./routes/print-order')),
              page('opticon', () => import('./routes/opticon')),
              page('pdata', () => import('./routes/pdata')),
              page('pform', () => import('./routes/pform')),
              page('password', () => import('./routes/password')),
            ],
          },
          // Staff only (back office).
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
          // Public.
          page(
            'products/:name?/:cate?/:cate_code?/:classCode?',
            () => import('./routes/products'),
            ({ params, request }) => prefetchListing(params, new URL(request.url).searchParams),
          ),
          page('dispay-products/:cate', () => import('./routes/display-products')),
          page('search-page/:product/:search', () => import('./routes/search-page')),
          page('category-page/:title', () => import('./routes/category-page')),
          page(
            'description/:product_id/:country',
            () => import('./routes/description'),
            ({ params }) => prefetchProductDetail(params.product_id ?? '', params.country ?? 'ca'),
          ),
          page('product-groups/:id', () => import('./routes/product-groups')),
          page('about-us', () => import('./routes/about-us')),
          page('catalogues', () => import('./routes/catalogues')),
          page('newsletter', () => import('./routes/newsletter')),
          page('customer-support', () => import('./routes/customer-support')),
          page('free-patterns', () => import('./routes/free-patterns')),
          page('dev/mailbox', () => import('./routes/dev-mailbox')),
          // Anything else: a "page not found" inside the layout, not the bare error page.
          page('*', () => import('./routes/not-found')),
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
