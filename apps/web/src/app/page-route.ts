import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';

type PageModule = { default: ComponentType };

/**
 * A route whose page is its own chunk (route-level code splitting). `prefetch` starts the page's data
 * from the URL while the chunk loads; the loader returns at once, so navigation never waits for it.
 * Its own module because the shell's route table (router.tsx) and the back office's (admin-routes.tsx,
 * which router.tsx imports lazily) both build their pages with it.
 */
export function page(
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
