import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { HeaderBadges } from './header-badges';
import { LogoMark } from './logo';
import { SearchSlot } from './search-slot';

/** docs/product/storefront-ux.md header: logo, search box, favourites badge, cart badge (+ cart popup, in HeaderBadges). */
export function Header() {
  const { t } = useTranslation();
  return (
    <div className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home()} className="logo" aria-label={t('brand.logoAlt')}>
          <LogoMark />
          <span className="logo__text" aria-hidden="true">
            <span className="logo__name">{t('brand.name')}</span>
            <span className="logo__tagline">{t('brand.tagline')}</span>
          </span>
        </Link>
        <div className="site-header__search">
          <SearchSlot />
        </div>
        <HeaderBadges />
      </div>
    </div>
  );
}
