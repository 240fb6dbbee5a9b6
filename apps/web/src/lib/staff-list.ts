import { keepPreviousData, queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { api, type Params } from './api-client';

/**
 * One page of a staff list (applications, audit log, customers, order desk, products): GET `path`
 * with the filter's fields, the page among them, and the page size. A blank field is left out of
 * the address (the API reads a missing filter as "any"), and the page on screen stays while the
 * next one loads.
 */
export function useStaffList<T>(queryKey: QueryKey, path: string, filter: Params, perPage: number) {
  return useQuery(
    queryOptions({
      queryKey,
      queryFn: () => api.get<T>(path, { params: { ...filled(filter), per_page: perPage } }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The filter without its blank fields (an empty text box filters nothing). */
export const filled = (filter: Params): Params =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));
