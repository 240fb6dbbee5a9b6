import type { QueryClient } from '@tanstack/react-query';
import { adminContentKeys, publicContentKeys } from './keys';

/** After a change: refetch the staff lists and every public content query. */
export function invalidateContent(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminContentKeys.all }),
    queryClient.invalidateQueries({ queryKey: publicContentKeys.all }),
  ]);
}
