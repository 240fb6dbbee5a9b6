import { CartBadge } from '@/features/cart/components/cart-badge';
import { FavouritesBadge } from '@/features/favourites/components/favourites-badge';
import { useSession } from '@/lib/session';

/**
 * Favourites and cart badges of the header (docs/product/storefront-ux.md): the signed-in user's counts (guests see 0)
 * and, on the cart, the cart popup. Staff do not buy, so they have no cart badge.
 */
export function HeaderBadges({ compact = false }: { compact?: boolean }) {
  const { isStaff } = useSession();
  return (
    <div className={`header-badges${compact ? ' header-badges--compact' : ''}`}>
      <FavouritesBadge compact={compact} />
      {isStaff ? null : <CartBadge compact={compact} />}
    </div>
  );
}
