import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localText } from '@wholesale/contract';
import { paths } from '@/config/paths';
import { useLanguage } from '@/lib/i18n';
import { useStoreIdentity, useStoreName } from '@/lib/store-identity';
import { HeaderBadges } from './header-badges';
import { LogoMark } from './logo';
import { SearchSlot } from './search-slot';

/**
 * docs/product/storefront-ux.md header: the store's logo, name and tagline (its identity; a neutral
 * mark and word while none is set), search box, favourites badge, cart badge (+ cart popup, in
 * HeaderBadges).
 */
export function Header() {
  const { t } = useTranslation();
  const { apiLang } = useLanguage();
  const identity = useStoreIdentity();
  const name = useStoreName();
  const tagline = identity ? localText(identity.tagline, apiLang) : '';
  return (
    <div className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home()} className="logo" aria-label={t('brand.logoAlt', { name })}>
          {identity?.logo ? (
            <img className="logo__image" src={identity.logo} alt="" height={40} />
          ) : (
            <LogoMark />
          )}
          <span className="logo__text" aria-hidden="true">
            <span className="logo__name">{name}</span>
            {/* The tagline's line is kept while there is none (no identity yet, or no tagline), so
                the header keeps its height when the identity arrives (no layout shift). */}
            <span className="logo__tagline">{tagline || '\u00a0'}</span>
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
