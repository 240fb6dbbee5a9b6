import { FavouritesPage } from '@/features/favourites/components/favourites-page';

/** /favourite-view (signed-in only): the customer's favourites. */
export default function FavouriteViewRoute() {
  return <FavouritesPage />;
}
