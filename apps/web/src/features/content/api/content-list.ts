import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * A content list in one language (carousel slides, catalogues, newsletters): GET `path?lang=`,
 * keyed by the list's name and the language. `options.staleTime` for a list that changes rarely.
 */
export const contentListQuery = <T>(
  name: string,
  path: string,
  lang: string,
  options?: { staleTime: number },
) =>
  queryOptions({
    queryKey: contentKeys.key(name, lang),
    queryFn: () => api.get<T>(path, { params: { lang } }),
    ...options,
  });
