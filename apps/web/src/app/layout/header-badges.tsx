import { CartBadge } from '@/features/cart/components/cart-badge';
import { FavouritesBadge } from '@/features/favourites/components/favourites-badge';

/**
 * Favourites and cart badges of the header (SPEC.md §2): the signed-in user's counts (guests see 0)
 * and, on the cart, the cart popup.
 */
export function HeaderBadges({ compact = false }: { compact?: boolean }) {
  return (
    <div className={`header-badges${compact ? ' header-badges--compact' : ''}`}>
      <FavouritesBadge compact={compact} />
      <CartBadge compact={compact} />
    </div>
  );
}
