import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductsResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** docs/product/content-pages.md GET /best/sellers: lang, country. */
export const getBestSellers = (lang: string, country: string) =>
  api.get<ProductsResponse>('/best/sellers', { params: { lang, country } });

/** New arrivals: the listing limited to class F (docs/product/content-pages.md "/F (new)"), first page. */
export const getNewArrivals = (lang: string, country: string) =>
  api.get<ProductsResponse>('/classCode', {
    params: { lang, country, class_codes: 'F', pagination: 25, page: 1 },
  });

export const bestSellersQuery = (lang: string, country: string, signedIn: boolean) =>
  queryOptions({
    queryKey: contentKeys.key('best-sellers', lang, country, signedIn),
    queryFn: () => getBestSellers(lang, country),
  });

export const newArrivalsQuery = (lang: string, country: string, signedIn: boolean) =>
  queryOptions({
    queryKey: contentKeys.key('new-arrivals', lang, country, signedIn),
    queryFn: () => getNewArrivals(lang, country),
  });

export const useBestSellers = (lang: string, country: string, signedIn: boolean) =>
  useQuery(bestSellersQuery(lang, country, signedIn));
export const useNewArrivals = (lang: string, country: string, signedIn: boolean) =>
  useQuery(newArrivalsQuery(lang, country, signedIn));
