import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** docs/product/search.md GET /support: searches FAQs and support articles in the caller's language (signed in). */
export const searchSupport = (question: string, lang: string) =>
  api.get<SupportResponse>('/support', { params: { question, lang } });

export const supportSearchQuery = (question: string, lang: string) =>
  queryOptions({
    queryKey: contentKeys.key('support', lang, question),
    queryFn: () => searchSupport(question, lang),
    placeholderData: keepPreviousData,
  });

/** Runs once the question has at least 2 characters. */
export const useSupportSearch = (question: string, lang: string, enabled: boolean) =>
  useQuery({
    ...supportSearchQuery(question, lang),
    enabled: enabled && question.trim().length >= 2,
  });
