import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PatternsResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** docs/product/content-pages.md GET patterns: free pattern PDFs, optionally of one craft. */
export const getPatterns = (lang: string, craft: string) =>
  api.get<PatternsResponse>('/patterns', { params: { lang, craft: craft || undefined } });

export const patternsQuery = (lang: string, craft: string) =>
  queryOptions({
    queryKey: contentKeys.key('patterns', lang, craft),
    queryFn: () => getPatterns(lang, craft),
    placeholderData: keepPreviousData,
  });

export const usePatterns = (lang: string, craft: string) => useQuery(patternsQuery(lang, craft));
