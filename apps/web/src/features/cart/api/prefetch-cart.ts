import i18n from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { getStoredUser } from '@/lib/session';
import { checkoutQuery } from './get-checkout';

/**
 * The cart route's loader: the checkout choices and the words of the cart page start while its
 * chunk loads (the cart itself is already asked for at start, app/prefetch-shell.ts). Without it
 * each waited for the chunk, then for the render that asks (docs/product/storefront-ux.md, Lighthouse).
 */
export function prefetchCartPage(): void {
  const user = getStoredUser();
  if (!user) return;
  void i18n.loadNamespaces(['cart', 'checkout', 'catalogue', 'errors']);
  void queryClient.prefetchQuery(checkoutQuery(user.user_value));
}
