import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A write after which the queries under `queryKey` load again: after a success, or after any
 * answer (`settled`) where a refusal may also mean the data moved on (an application decided by
 * someone else, a cart changed under a phone order). The mutation waits for the reload to start.
 */
export function useRefreshingMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  queryKey: QueryKey,
  after: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  return useMutation({
    mutationFn,
    ...(after === 'settled' ? { onSettled: refresh } : { onSuccess: refresh }),
  });
}
