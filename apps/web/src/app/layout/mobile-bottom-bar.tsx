import { House, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { LanguagePicker } from './language-picker';

/**
 * docs/product/storefront-ux.md mobile bottom bar: home, language and profile icons, and for a signed-in
 * customer the cart total (`cart`, supplied by the layout so the cart's code stays off this bundle).
 */
export function MobileBottomBar({ cart }: { cart?: ReactNode }) {
  const { t } = useTranslation();
  const { isSignedIn } = useSession();
  return (
    <nav className="mobile-bottom-bar" aria-label={t('mobile.bottomNav')}>
      <NavLink to={paths.home()} end className="mobile-bottom-bar__item">
        <House aria-hidden="true" size={22} />
        <span>{t('mobile.home')}</span>
      </NavLink>
      <div className="mobile-bottom-bar__item">
        <LanguagePicker variant="icon" />
      </div>
      {cart}
      <NavLink
        to={isSignedIn ? paths.profile() : paths.login()}
        className="mobile-bottom-bar__item"
      >
        <UserRound aria-hidden="true" size={22} />
        <span>{isSignedIn ? t('mobile.profile') : t('mobile.login')}</span>
      </NavLink>
    </nav>
  );
}
