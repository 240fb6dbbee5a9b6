import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  ProductActionsProvider,
  type ProductActions,
} from '@/components/product/product-actions-context';
import { BareLoadingOverlay } from '@/components/ui/loading-overlay';
import i18n from '@/lib/i18n';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

// The product-card actions (favourite heart, add to cart) come from the cart feature; the catalogue's
// cards read them from this context, so neither feature imports the other. NOTE: supply them as
// lazy() components so they stay out of the home route's bundle (150 KB gzip budget).
const LazyFavouriteToggle = lazy(() =>
  import('@/features/favourites/components/favourite-toggle').then((m) => ({
    default: m.FavouriteToggle,
  })),
);
const LazyAddToCart = lazy(() =>
  import('@/features/cart/components/add-to-cart-button').then((m) => ({
    default: m.AddToCartButton,
  })),
);
const productActions: ProductActions = {
  FavouriteToggle: (props) => (
    <Suspense fallback={null}>
      <LazyFavouriteToggle {...props} />
    </Suspense>
  ),
  AddToCart: (props) => (
    <Suspense fallback={null}>
      <LazyAddToCart {...props} />
    </Suspense>
  ),
};

// NOTE: sonner loads in its own chunk after first paint (bundle budget: 150 KB gzip for the home
// route). Features import `toast` from 'sonner' as usual; the module is shared.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * Everything the app needs around the router: query cache, i18n, toasts (docs/product/storefront-ux.md), product-card
 * actions. Tooltips bring their own provider (components/ui/tooltip-provider.tsx, bundle budget).
 */
export function AppProvider({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ProductActionsProvider value={productActions}>
          <Suspense fallback={<BareLoadingOverlay />}>{children}</Suspense>
        </ProductActionsProvider>
        <Suspense fallback={null}>
          <Toaster position="top-right" duration={5000} richColors closeButton />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
