import { queryOptions } from '@tanstack/react-query';
import { api, type Params } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * A content read (carousel slides, catalogues, newsletters, the home page's product strips): GET
 * `path` with `params`, keyed by `key` under the content feature. `options.staleTime` for a list
 * that changes rarely.
 */
export const contentQuery = <T>(
  key: readonly unknown[],
  path: string,
  params: Params,
  options?: { staleTime: number },
) =>
  queryOptions({
    queryKey: contentKeys.key(...key),
    queryFn: () => api.get<T>(path, { params }),
    ...options,
  });
