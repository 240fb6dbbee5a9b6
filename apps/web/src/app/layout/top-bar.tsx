import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { LanguagePicker } from './language-picker';
import { useLogout } from './use-logout';

/**
 * docs/product/storefront-ux.md top bar: link menu, login link or profile name, language picker, logout icon. Staff see
 * the back-office link instead of the buyer's order history and Opticon upload.
 */
export function TopBar() {
  const { t } = useTranslation();
  const { user, isSignedIn, isStaff } = useSession();
  const { logout, pending } = useLogout();
  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <nav aria-label={t('topBar.navLabel')} className="top-bar__links">
          <ul>
            <li>
              <NavLink to={paths.aboutUs()}>{t('topBar.aboutUs')}</NavLink>
            </li>
            <li>
              <NavLink to={paths.catalogues()}>{t('topBar.catalogues')}</NavLink>
            </li>
            <li>
              <NavLink to={paths.freePatterns()}>{t('topBar.freePatterns')}</NavLink>
            </li>
            <li>
              <NavLink to={paths.newsletter()}>{t('topBar.newsletter')}</NavLink>
            </li>
            <li>
              <NavLink to={paths.customerSupport()}>{t('topBar.customerSupport')}</NavLink>
            </li>
            {isStaff ? (
              <li>
                <NavLink to={paths.admin()}>{t('topBar.staff')}</NavLink>
              </li>
            ) : isSignedIn ? (
              <>
                <li>
                  <NavLink to={paths.order()}>{t('topBar.orders')}</NavLink>
                </li>
                <li>
                  <NavLink to={paths.invoices()}>{t('topBar.invoices')}</NavLink>
                </li>
                <li>
                  <NavLink to={paths.opticon()}>{t('topBar.opticon')}</NavLink>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
        <div className="top-bar__account">
          {isSignedIn && user ? (
            <Link
              to={paths.profile()}
              className="top-bar__profile"
              aria-label={t('topBar.profileLabel', { name: user.owner_name })}
            >
              <UserRound aria-hidden="true" size={16} />
              <span>{user.owner_name}</span>
            </Link>
          ) : (
            <>
              <Link to={paths.login()}>{t('topBar.login')}</Link>
              <Link to={paths.register()}>{t('topBar.register')}</Link>
            </>
          )}
          <LanguagePicker />
          {isSignedIn ? (
            <button
              type="button"
              className="icon-button icon-button--on-dark"
              onClick={() => void logout()}
              disabled={pending}
              aria-label={t('topBar.logout')}
              title={t('topBar.logout')}
            >
              <LogOut aria-hidden="true" size={18} />
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
