import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { LanguagePicker } from './language-picker';
import { useLogout } from './use-logout';

/** The top bar's links: the store's pages for everyone, then the back office or the buyer's own. */
const EVERYONE_LINKS = [
  [paths.aboutUs, 'topBar.aboutUs'],
  [paths.catalogues, 'topBar.catalogues'],
  [paths.freePatterns, 'topBar.freePatterns'],
  [paths.newsletter, 'topBar.newsletter'],
  [paths.customerSupport, 'topBar.customerSupport'],
] as const;
const STAFF_LINKS = [[paths.admin, 'topBar.staff']] as const;
const BUYER_LINKS = [
  [paths.order, 'topBar.orders'],
  [paths.invoices, 'topBar.invoices'],
  [paths.opticon, 'topBar.opticon'],
] as const;

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
            {[...EVERYONE_LINKS, ...(isStaff ? STAFF_LINKS : isSignedIn ? BUYER_LINKS : [])].map(
              ([path, label]) => (
                <li key={label}>
                  <NavLink to={path()}>{t(label)}</NavLink>
                </li>
              ),
            )}
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
