import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SuggestResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useCountry } from '@/lib/country';
import { useLanguage } from '@/lib/i18n';
import { searchKeys } from './keys';

/** GET /api/search/suggest?q=&lang_code=: a few products and categories while typing. */
export const getSuggestions = (q: string, lang: string, country: string, signal?: AbortSignal) =>
  api
    .get<SuggestResponse>('/search/suggest', { params: { q, lang_code: lang, country }, signal })
    .then((b) => b.data);

export function suggestionsQueryOptions(q: string, lang: string, country: string) {
  return queryOptions({
    queryKey: searchKeys.key('suggest', q, lang, country),
    queryFn: ({ signal }) => getSuggestions(q, lang, country, signal),
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
  });
}

export function useSuggestions(q: string) {
  const { apiLang } = useLanguage();
  const country = useCountry();
  return useQuery(suggestionsQueryOptions(q, apiLang, country));
}
