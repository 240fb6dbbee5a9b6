import { Heart, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Favourites and cart badges of the header (SPEC.md §2). Guests see 0. The cart engineer replaces
 * the counts with the signed-in user's favourites and cart, and adds the cart popup here.
 */
export function HeaderBadges({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const favourites = 0;
  const cart = 0;
  return (
    <div className={`header-badges${compact ? ' header-badges--compact' : ''}`}>
      <Link
        to={paths.favouriteView()}
        className="badge-link"
        aria-label={t('header.favouritesCount', { count: favourites })}
      >
        <Heart aria-hidden="true" size={compact ? 22 : 26} />
        <span className="badge-link__count" aria-hidden="true">
          {favourites}
        </span>
        {compact ? null : (
          <span className="badge-link__label" aria-hidden="true">
            {t('header.favourites')}
          </span>
        )}
      </Link>
      <Link
        to={paths.cart()}
        className="badge-link"
        aria-label={t('header.cartCount', { count: cart })}
      >
        <ShoppingCart aria-hidden="true" size={compact ? 22 : 26} />
        <span className="badge-link__count" aria-hidden="true">
          {cart}
        </span>
        {compact ? null : (
          <span className="badge-link__label" aria-hidden="true">
            {t('header.cart')}
          </span>
        )}
      </Link>
    </div>
  );
}
