import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarouselResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** docs/product/content-pages.md GET /crousalImages: the home carousel slides. */
export const getCarousel = (lang: string) =>
  api.get<CarouselResponse>('/crousalImages', { params: { lang } });

export const carouselQuery = (lang: string) =>
  queryOptions({
    queryKey: contentKeys.key('carousel', lang),
    queryFn: () => getCarousel(lang),
    staleTime: 5 * 60_000,
  });

export const useCarousel = (lang: string) => useQuery(carouselQuery(lang));
