import { useQuery } from '@tanstack/react-query';
import type { NewsletterResponse } from '@wholesale/contract';
import { contentListQuery } from './content-list';

/** docs/product/content-pages.md GET newsletterImages: newsletter issues, newest first. */
export const useNewsletters = (lang: string) =>
  useQuery(contentListQuery<NewsletterResponse>('newsletters', '/newsletterImages', lang));
