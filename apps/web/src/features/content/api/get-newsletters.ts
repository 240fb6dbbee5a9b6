import { useQuery } from '@tanstack/react-query';
import type { NewsletterResponse } from '@wholesale/contract';
import { contentQuery } from './content-query';

/** docs/product/content-pages.md GET newsletterImages: newsletter issues, newest first. */
export const useNewsletters = (lang: string) =>
  useQuery(contentQuery<NewsletterResponse>(['newsletters', lang], '/newsletterImages', { lang }));
