import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqsResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** docs/product/content-pages.md GET /faqs: questions and answers (signed-in callers only; the session cookie authenticates). */
export const getFaqs = (lang: string) => api.get<FaqsResponse>('/faqs', { params: { lang } });

export const faqsQuery = (lang: string) =>
  queryOptions({ queryKey: contentKeys.key('faqs', lang), queryFn: () => getFaqs(lang) });

export const useFaqs = (lang: string, enabled: boolean) =>
  useQuery({ ...faqsQuery(lang), enabled });
