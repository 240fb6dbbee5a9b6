import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { prefetchShell } from './app/prefetch-shell';
import './styles/index.css';

// The layout's own data (category menu; a customer's cart and favourites for the header badges)
// starts now, while the route's chunk loads, instead of after it (docs/product/storefront-ux.md,
// Lighthouse).
prefetchShell();
const router = createRouter();

// NOTE: the first render is a transition so React renders it in slices of a few milliseconds and
// yields in between: one long task here is most of the total blocking time Lighthouse counts on a
// slow phone (docs/product/storefront-ux.md, Lighthouse).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
