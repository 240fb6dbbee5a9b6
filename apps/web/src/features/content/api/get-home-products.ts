import { useQuery } from '@tanstack/react-query';
import type { ProductsResponse } from '@wholesale/contract';
import { contentQuery } from './content-query';

/** docs/product/content-pages.md GET /best/sellers: lang, country. */
export const bestSellersQuery = (lang: string, country: string, signedIn: boolean) =>
  contentQuery<ProductsResponse>(['best-sellers', lang, country, signedIn], '/best/sellers', {
    lang,
    country,
  });

/** New arrivals: the listing limited to class F (docs/product/content-pages.md "/F (new)"), first page. */
export const newArrivalsQuery = (lang: string, country: string, signedIn: boolean) =>
  contentQuery<ProductsResponse>(['new-arrivals', lang, country, signedIn], '/classCode', {
    lang,
    country,
    class_codes: 'F',
    pagination: 25,
    page: 1,
  });

export const useBestSellers = (lang: string, country: string, signedIn: boolean) =>
  useQuery(bestSellersQuery(lang, country, signedIn));
export const useNewArrivals = (lang: string, country: string, signedIn: boolean) =>
  useQuery(newArrivalsQuery(lang, country, signedIn));
