import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsletterResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** docs/product/content-pages.md GET newsletterImages: newsletter issues, newest first. */
export const getNewsletters = (lang: string) =>
  api.get<NewsletterResponse>('/newsletterImages', { params: { lang } });

export const newslettersQuery = (lang: string) =>
  queryOptions({
    queryKey: contentKeys.key('newsletters', lang),
    queryFn: () => getNewsletters(lang),
  });

export const useNewsletters = (lang: string) => useQuery(newslettersQuery(lang));
