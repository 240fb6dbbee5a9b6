import { FavouritesPage } from '@/features/favourites/components/favourites-page';

/** /favorite: the customer's favourites. */
export default function FavoriteRoute() {
  return <FavouritesPage />;
}
