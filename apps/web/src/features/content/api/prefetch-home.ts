import i18n, { fromI18nLng, toI18nLng } from '@/lib/i18n';
import { cookieCountry } from '@/lib/country';
import { preloadImage } from '@/lib/preload-image';
import { queryClient } from '@/lib/query-client';
import { getStoredUser } from '@/lib/session';
import { carouselQuery } from './get-carousel';
import { cataloguesQuery } from './get-catalogues';
import { bestSellersQuery, newArrivalsQuery } from './get-home-products';

/**
 * Starts everything the home page shows while its chunk is still loading: the carousel (the largest
 * paint), the catalogue promotion, both product strips and the words of the page and its cards.
 * Without it each waits for the chunk, then for the words, then for its own answer (docs/product/storefront-ux.md
 * speed targets). Same keys and arguments as the page's own hooks, so the page finds them cached.
 */
export function prefetchHome(): void {
  const lang = toI18nLng(fromI18nLng(i18n.resolvedLanguage ?? i18n.language));
  const user = getStoredUser();
  const country = user?.cflag ?? cookieCountry();
  void i18n.loadNamespaces(['content', 'catalogue']);
  // The first slide's picture is the page's largest paint: asked for as soon as its address is known.
  queryClient
    .fetchQuery(carouselQuery(lang))
    .then((body) => preloadImage(body.data[0]?.image))
    .catch(() => undefined);
  void queryClient.prefetchQuery(cataloguesQuery(lang));
  void queryClient.prefetchQuery(bestSellersQuery(lang, country, user !== null));
  void queryClient.prefetchQuery(newArrivalsQuery(lang, country, user !== null));
}
