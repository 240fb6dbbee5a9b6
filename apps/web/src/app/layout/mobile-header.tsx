import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useStoreName } from '@/lib/store-identity';
import { MobileCategoryStrip } from './category-menu';
import { HeaderBadges } from './header-badges';
import { titleKeyForPath } from './page-title';
import { SearchSlot } from './search-slot';

/** docs/product/storefront-ux.md mobile header: back arrow (one step back in history), title, favourites and cart. */
export function MobileHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const storeName = useStoreName();
  const title = pathname === '/' ? storeName : t(`titles.${titleKeyForPath(pathname)}`);
  return (
    <div className="mobile-header">
      <div className="mobile-header__bar">
        <button
          type="button"
          className="icon-button"
          onClick={() => void navigate(-1)}
          aria-label={t('mobile.back')}
        >
          <ArrowLeft aria-hidden="true" size={22} />
        </button>
        <p className="mobile-header__title">{title}</p>
        <HeaderBadges compact />
      </div>
      <div className="mobile-header__search">
        <SearchSlot />
      </div>
      <MobileCategoryStrip />
    </div>
  );
}
