import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavouritesResponse } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { useCountry } from '@/lib/country';
import { useLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { favouritesKeys } from './keys';

export type FavouritesParams = { userId: number; country: 'ca' | 'us'; lang: 'en' | 'fr' | 'es' };

/** GET /api/favorite (user_id, country, lang): the caller's favourites as product cards under products.data. */
export const getFavourites = ({ userId, country, lang }: FavouritesParams) =>
  api.get<FavouritesResponse>('/favorite', { params: { user_id: userId, country, lang } });

export const favouritesQuery = (params: FavouritesParams) =>
  queryOptions({ queryKey: favouritesKeys.list(params), queryFn: () => getFavourites(params) });

export function useFavouritesParams(): FavouritesParams | null {
  const { user } = useSession();
  const country = useCountry();
  const { apiLang } = useLanguage();
  return user ? { userId: user.user_value, country, lang: apiLang } : null;
}

/** The signed-in user's favourites; guests have none (docs/product/favourites.md). */
export function useFavourites() {
  const params = useFavouritesParams();
  return useQuery({
    ...favouritesQuery(params ?? { userId: 0, country: 'ca', lang: 'en' }),
    enabled: params !== null,
  });
}
