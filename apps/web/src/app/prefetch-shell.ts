import { cartQuery } from '@/features/cart/api/get-cart';
import { categoryTreeQueryOptions } from '@/features/catalogue/api/get-category-tree';
import { favouritesQuery } from '@/features/favourites/api/get-favourites';
import { cookieCountry } from '@/lib/country';
import { resolveInitialLang, toI18nLng } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { getStoredUser } from '@/lib/session';
import { storeIdentityQuery } from '@/lib/store-identity';

/**
 * Starts the shared layout's data at boot: the category menu and the store's identity for everyone,
 * and a signed-in user's
 * cart and favourites (the header badges). The router renders the layout only once the route's
 * chunk has loaded, so without this each request waited for that chunk (Lighthouse critical
 * chain, docs/product/storefront-ux.md). Same keys and arguments as the layout's own hooks.
 */
export function prefetchShell(): void {
  // The language i18n starts in (lib/i18n.ts), known before its initialisation finishes.
  const lang = toI18nLng(resolveInitialLang());
  const user = getStoredUser();
  const country = user?.cflag ?? cookieCountry();
  void queryClient.prefetchQuery(categoryTreeQueryOptions(lang, country));
  // The header's and footer's store name and contacts (api plugins/first-load.ts answers it).
  void queryClient.prefetchQuery(storeIdentityQuery);
  if (!user) return;
  void queryClient.prefetchQuery(cartQuery({ userId: user.user_value, lang }));
  void queryClient.prefetchQuery(favouritesQuery({ userId: user.user_value, country, lang }));
}
