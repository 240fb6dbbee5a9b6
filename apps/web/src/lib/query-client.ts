import { MutationCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { cookieCountry } from './country';
import i18n from './i18n';
import { getStoredUser } from './session';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The one error path of the app's actions: when the mutation fails, a toast titled with this
       * translation key ("namespace:key") says what failed, and says why in the user's language
       * (describeError), as the title's {{error}} or below it. Mutations that show their errors
       * inline leave it out.
       */
      errorToast?: string;
    };
  }
}

/** The shopper's currency outside React (the same rule as useCountry). */
function shopperCountry() {
  return getStoredUser()?.cflag ?? cookieCountry();
}

/** docs/product/storefront-ux.md: unused data is kept 60 s. Client errors (4xx) are not retried. */
const APP_DEFAULTS: DefaultOptions = {
  queries: {
    gcTime: 60_000,
    staleTime: 30_000,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
  },
  mutations: { retry: false },
};

/** The app's query client; tests pass their own defaults (no retries) and keep the error path. */
export function createQueryClient(defaultOptions: DefaultOptions = APP_DEFAULTS): QueryClient {
  return new QueryClient({
    defaultOptions,
    mutationCache: new MutationCache({
      onError: async (error, _variables, _context, mutation) => {
        const title = mutation.meta?.errorToast;
        if (!title) return;
        // Loaded on the first failure: toasts, messages and money rules stay out of the entry chunk.
        const [{ describeError }, { toast }] = await Promise.all([
          import('./error-message'),
          import('sonner'),
        ]);
        const reason = describeError(error, i18n, shopperCountry());
        // A title may quote the reason itself ({{error}}, e.g. favourites); else it goes below.
        const text = i18n.t(title as 'favourites:toast.failed', { error: reason });
        toast.error(text, text.includes(reason) ? undefined : { description: reason });
      },
    }),
  });
}

export const queryClient = createQueryClient();
