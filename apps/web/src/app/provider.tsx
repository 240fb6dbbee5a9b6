import type { ProductCard } from '@wholesale/contract';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  ProductActionsProvider,
  type ProductActions,
} from '@/components/product/product-actions-context';
import { BareLoadingOverlay } from '@/components/ui/loading-overlay';
import i18n from '@/lib/i18n';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';

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
/**
 * A product-card control for signed-in customers only (both are), so a guest's cards never load
 * its chunk.
 */
function signedInOnly(Control: LazyExoticComponent<ComponentType<{ product: ProductCard }>>) {
  return function SignedInOnly(props: { product: ProductCard }) {
    if (!useSession().isSignedIn) return null;
    return (
      <Suspense fallback={null}>
        <Control {...props} />
      </Suspense>
    );
  };
}
const FavouriteToggle = signedInOnly(LazyFavouriteToggle);
const AddToCart = signedInOnly(LazyAddToCart);
const productActions: ProductActions = { FavouriteToggle, AddToCart };

// NOTE: sonner loads in its own chunk (home route JS budget, docs/product/storefront-ux.md), and only
// once the user has acted: every toast answers an action (a click, a key, a form sent). Features
// import `toast` from 'sonner' as usual; the module is shared, and a Toaster that mounts after a
// toast was raised still shows it (sonner replays the active toasts to a new Toaster).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));
const TOAST_OFFSET = { bottom: 'var(--toast-offset-bottom)' };
const ACTIONS = ['pointerdown', 'keydown', 'click', 'submit', 'input'] as const;
let acted = false;

function ToasterAfterFirstAction() {
  const [show, setShow] = useState(acted);
  useEffect(() => {
    if (show) return;
    const onAction = () => {
      acted = true;
      setShow(true);
    };
    for (const type of ACTIONS) window.addEventListener(type, onAction, { capture: true });
    return () => {
      for (const type of ACTIONS) window.removeEventListener(type, onAction, { capture: true });
    };
  }, [show]);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      {/* Bottom right, above the phone's bottom bar (--toast-offset-bottom): at the top right they
          covered the account name and the cart and favourites counts. */}
      <Toaster
        position="bottom-right"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_OFFSET}
        duration={5000}
        richColors
        closeButton
      />
    </Suspense>
  );
}

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
        <ToasterAfterFirstAction />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
