import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useViewer, type ViewerPage } from '@/lib/viewer';
import { searchKeys } from './keys';

export type SearchData = SearchResponse['data'];

/** GET /api/search/: search_term, lang_code (both URL-encoded); the response body's data is returned. */
export async function searchProducts(
  term: string,
  lang: string,
  page: number,
  perPage: number,
  country: string,
): Promise<SearchData> {
  try {
    const body = await api.get<SearchResponse>('/search/', {
      params: {
        search_term: term,
        lang_code: lang === 'en' ? '' : lang,
        page,
        pagination: perPage,
        country,
      },
    });
    return body.data;
  } catch (error) {
    // docs/product/errors-and-constants.md: logged, then rethrown to the caller.
    console.warn('Error fetching search results:', error);
    throw error;
  }
}

export function searchQueryOptions(
  term: string,
  ...[lang, page, perPage, country, viewer]: ViewerPage
) {
  return queryOptions({
    queryKey: searchKeys.list({ term, lang, page, perPage, country, viewer }),
    queryFn: () => searchProducts(term, lang, page, perPage, country),
    enabled: term.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSearchProducts(term: string, page: number, perPage: number) {
  const { lang, country, viewerKey } = useViewer();
  return useQuery(searchQueryOptions(term, lang, page, perPage, country, viewerKey));
}
