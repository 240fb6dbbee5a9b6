import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavouriteChangeResponse, FavouritesResponse, ProductCard } from '@wholesale/contract';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { favouritesQuery, useFavouritesParams, type FavouritesParams } from './get-favourites';
import { favouritesKeys } from './keys';

/** POST /api/fav/add with the docs/product/favourites.md query (price, image, product are informational). */
export const addFavourite = (p: FavouritesParams, product: ProductCard) =>
  api.post<FavouriteChangeResponse>('/fav/add', undefined, {
    params: {
      product_id: product.product_id,
      user_id: p.userId,
      price: product.selling_price,
      image: product.image,
      product: product.name.slice(0, 200),
      country: p.country,
      lang: p.lang,
    },
    idempotent: true,
  });

/** DELETE /api/fav/delete (product_id, user_id). */
export const removeFavourite = (p: FavouritesParams, product: ProductCard) =>
  api.delete<FavouriteChangeResponse>('/fav/delete', {
    params: { product_id: product.product_id, user_id: p.userId, country: p.country },
    idempotent: true,
  });

/** The cached list with the product added or removed. */
export function withFavourite(
  list: FavouritesResponse | undefined,
  product: ProductCard,
  on: boolean,
): FavouritesResponse | undefined {
  if (!list) return list;
  const rest = list.products.data.filter((p) => p.product_id !== product.product_id);
  const data = on ? [product, ...rest] : rest;
  return {
    ...list,
    products: { ...list.products, data, total: data.length, per_page: Math.max(1, data.length) },
  };
}

export type ToggleInput = { product: ProductCard; on: boolean };

/**
 * Adds or removes a favourite (docs/product/favourites.md): the cached list changes at once and rolls back on
 * failure with the toast 'Failed to update favourites: {error}'; success shows the docs/product/errors-and-constants.md toast.
 * Either way the list is read again afterwards.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  const params = useFavouritesParams();
  const { t } = useTranslation('favourites');
  return useMutation({
    mutationFn: ({ product, on }: ToggleInput) => {
      if (!params) throw new Error(t('signInFirst'));
      return on ? addFavourite(params, product) : removeFavourite(params, product);
    },
    onMutate: async ({ product, on }) => {
      if (!params) return { previous: undefined };
      const { queryKey } = favouritesQuery(params);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<FavouritesResponse>(queryKey);
      queryClient.setQueryData(queryKey, withFavourite(previous, product, on));
      return { previous };
    },
    meta: { errorToast: 'favourites:toast.failed' },
    onError: (_error, _input, context) => {
      if (params) queryClient.setQueryData(favouritesQuery(params).queryKey, context?.previous);
    },
    onSuccess: (_data, { on }) => {
      toast.success(on ? t('toast.added') : t('toast.removed'));
    },
    // NOTE: onMutate cancels a list answer still on its way (the boot prefetch on a slow server), so
    // with nothing cached the change is in no list: read the list again once the server has it. The
    // heart stays disabled until then, so it does not flip back meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKeys.lists() }),
  });
}
