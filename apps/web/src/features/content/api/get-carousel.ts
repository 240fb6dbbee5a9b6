import { useQuery } from '@tanstack/react-query';
import type { CarouselResponse } from '@wholesale/contract';
import { contentListQuery } from './content-list';

/** docs/product/content-pages.md GET /crousalImages: the home carousel slides. */
export const carouselQuery = (lang: string) =>
  contentListQuery<CarouselResponse>('carousel', '/crousalImages', lang, { staleTime: 5 * 60_000 });

export const useCarousel = (lang: string) => useQuery(carouselQuery(lang));
