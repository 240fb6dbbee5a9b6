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

/**
 * A content list read in one language that changes rarely (carousel slides, catalogues): its query
 * for a language, kept fresh five minutes.
 */
export const rarelyChangingContent =
  <T>(name: string, path: string) =>
  (lang: string) =>
    contentQuery<T>([name, lang], path, { lang }, { staleTime: 5 * 60_000 });
