import { useQuery } from '@tanstack/react-query';
import type { CarouselResponse } from '@wholesale/contract';
import { rarelyChangingContent } from './content-query';

/** docs/product/content-pages.md GET /crousalImages: the home carousel slides. */
export const carouselQuery = rarelyChangingContent<CarouselResponse>('carousel', '/crousalImages');

export const useCarousel = (lang: string) => useQuery(carouselQuery(lang));
