import { useQuery } from '@tanstack/react-query';
import type { CarouselResponse } from '@wholesale/contract';
import { contentQuery } from './content-query';

/** docs/product/content-pages.md GET /crousalImages: the home carousel slides. */
export const carouselQuery = (lang: string) =>
  contentQuery<CarouselResponse>(
    ['carousel', lang],
    '/crousalImages',
    { lang },
    { staleTime: 5 * 60_000 },
  );

export const useCarousel = (lang: string) => useQuery(carouselQuery(lang));
