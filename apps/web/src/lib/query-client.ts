import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** docs/product/storefront-ux.md: unused data is kept 60 s. Client errors (4xx) are not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 60_000,
        staleTime: 30_000,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
