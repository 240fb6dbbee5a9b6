import { z } from 'zod';
import { LangParam, OptionalCountryParam, paginated, okResponse } from '../common';
import { ProductCard } from '../catalogue';
import { UserIdParam } from '../cart';
import { ProductIdText } from '../common/safe-input';

/** GET /api/favorite query (docs/product/favourites.md). */
export const FavouritesQuery = z.object({
  user_id: UserIdParam,
  country: OptionalCountryParam,
  lang: LangParam,
});

/**
 * POST /api/fav/add query (docs/product/favourites.md). price, image and product are sent by old clients and
 * ignored: the server reads the product from the catalogue.
 */
export const AddFavouriteQuery = z.object({
  product_id: ProductIdText,
  user_id: UserIdParam,
  price: z.string().max(40).optional(),
  image: z.string().max(500).optional(),
  product: z.string().max(500).optional(),
  country: OptionalCountryParam,
  lang: LangParam,
});

/** DELETE /api/fav/delete query (docs/product/favourites.md). */
export const DeleteFavouriteQuery = AddFavouriteQuery.pick({
  product_id: true,
  user_id: true,
  country: true,
});

/**
 * docs/product/favourites.md: favourites are a products list read as `products.data`; each item is a product card
 * (prices present, since only signed-in customers have favourites).
 */
export const FavouritesResponse = okResponse({
  products: paginated(ProductCard),
});
export type FavouritesResponse = z.infer<typeof FavouritesResponse>;

export const FavouriteChangeResponse = okResponse({
  product_id: z.string(),
  favourite: z.boolean(),
  message: z.string(),
});
export type FavouriteChangeResponse = z.infer<typeof FavouriteChangeResponse>;

/** docs/product/errors-and-constants.md success toasts. */
export const FAVOURITE_MESSAGES = {
  added: 'Product is added to favourites',
  removed: 'Product is removed from favourites',
} as const;
