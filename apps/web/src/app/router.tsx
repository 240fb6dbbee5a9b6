import {
  createBrowserRouter,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { BareLoadingOverlay } from '@/components/ui/loading-overlay';
import { prefetchCartPage } from '@/features/cart/api/prefetch-cart';
import {
  prefetchListing,
  prefetchProductDetail,
} from '@/features/catalogue/api/prefetch-catalogue';
import { prefetchHome } from '@/features/content/api/prefetch-home';
import { ErrorPage } from './error-page';
import { GuestOnlyRoute, ProtectedRoute } from './guards';
import { RootLayout } from './layout/root-layout';
import { page } from './page-route';

/** The route the back office's routes are patched under: the pages' error boundary in the layout. */
export const STAFF_ROUTES_PARENT = 'pages';

/**
 * Every route of docs/product/storefront-ux.md but the back office's, with its guard (the whole
 * table: ./route-table). Owners replace the placeholders in ./routes.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    HydrateFallback: BareLoadingOverlay,
    children: [
      {
        id: STAFF_ROUTES_PARENT,
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
          // Staff only (back office): patched in from ./admin-routes on the first staff address.
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

/** An address in the back office (React Router compares static segments case-insensitively). */
const STAFF_ADDRESS = /^\/admin(\/|$)/i;

/**
 * Route discovery for one router: the first navigation to a staff address loads ./admin-routes and
 * patches its routes in; nothing else ever loads it. NOTE: React Router calls this before every
 * navigation whose match has parameters or a splat (router.ts `checkFogOfWar`, the first load
 * included), and until the patch every staff address, /admin too, matches the not-found splat, so
 * deep links, reloads and in-app links all come here first. An unknown staff address still ends on
 * the splat after the patch (not-found inside the site layout), as it did before.
 */
export function discoverStaffRoutes(): PatchRoutesOnNavigationFunction {
  let load: Promise<{ staffRoutes: RouteObject[] }> | undefined;
  let patched = false;
  return async ({ path, patch, signal }) => {
    if (patched || !STAFF_ADDRESS.test(path)) return;
    // A failed chunk load is retried on the next staff navigation, not remembered.
    load ??= import('./admin-routes').catch((error: unknown) => {
      load = undefined;
      throw error;
    });
    const { staffRoutes } = await load;
    // React Router ignores the patch of a navigation overtaken meanwhile; the next one patches.
    if (patched || signal.aborted) return;
    patch(STAFF_ROUTES_PARENT, staffRoutes);
    patched = true;
  };
}

export function createRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: discoverStaffRoutes() });
}
