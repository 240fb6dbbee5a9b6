import * as Tooltip from '@radix-ui/react-tooltip';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BareLoadingOverlay } from '@/components/ui/loading-overlay';
import i18n from '@/lib/i18n';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

// The product-card actions (favourite heart, add to cart) are supplied here once the catalogue's
// context exists; until then children render as they are.
const found = import.meta.glob<{ ProductActionsProvider?: ComponentType<{ children: ReactNode }> }>(
  '../components/product/product-actions-context.tsx',
  { eager: true },
);
const ProductActionsProvider: ComponentType<{ children: ReactNode }> =
  Object.values(found)[0]?.ProductActionsProvider ?? (({ children }) => <>{children}</>);

// NOTE: sonner loads in its own chunk after first paint (bundle budget: 150 KB gzip for the home
// route). Features import `toast` from 'sonner' as usual; the module is shared.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Everything the app needs around the router: query cache, i18n, toasts (SPEC.md §9), tooltips. */
export function AppProvider({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          <ProductActionsProvider>
            <Suspense fallback={<BareLoadingOverlay />}>{children}</Suspense>
          </ProductActionsProvider>
        </Tooltip.Provider>
        <Suspense fallback={null}>
          <Toaster position="top-right" duration={5000} richColors closeButton />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
