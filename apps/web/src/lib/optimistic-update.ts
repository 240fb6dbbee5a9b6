import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The optimistic half of a write to one cached answer (an address book, the staff list, the admin
 * home's failed mails): `onMutate` stops reads of `key` still on their way and shows `update`'s
 * answer at once, where one is cached; `onError` puts the cached answer back.
 */
export function optimisticUpdate<T, V>(
  queryClient: QueryClient,
  key: QueryKey,
  update: (previous: T, variables: V) => T,
) {
  return {
    onMutate: async (variables: V) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<T>(key);
      if (previous) queryClient.setQueryData<T>(key, update(previous, variables));
      return { previous };
    },
    onError: (_error: unknown, _variables: V, context?: { previous?: T }) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  };
}
