import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BadgeContent } from '@/components/ui/badge-content';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useFavourites } from '../api/get-favourites';

/** Favourites badge of the header: the signed-in user's count, 0 for guests (docs/product/favourites.md). */
export function FavouritesBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  const favourites = useFavourites();
  const count = isSignedIn ? (favourites.data?.products.total ?? 0) : 0;
  return (
    <Link
      to={paths.favouriteView()}
      className="badge-link"
      aria-label={t('header.favouritesCount', { count })}
      data-testid="favourites-badge"
    >
      <BadgeContent icon={Heart} count={count} label={t('header.favourites')} compact={compact} />
    </Link>
  );
}
