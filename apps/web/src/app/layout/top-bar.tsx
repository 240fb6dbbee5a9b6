import { LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { LanguagePicker } from './language-picker';
import { useLogout } from './use-logout';

// The top bar's links, each where it goes and its words (topBar.<key>).
const CONTENT_LINKS = [
  [paths.aboutUs, 'aboutUs'],
  [paths.catalogues, 'catalogues'],
  [paths.freePatterns, 'freePatterns'],
  [paths.newsletter, 'newsletter'],
  [paths.customerSupport, 'customerSupport'],
] as const;
const STAFF_LINKS = [[paths.admin, 'staff']] as const;
const BUYER_LINKS = [
  [paths.order, 'orders'],
  [paths.invoices, 'invoices'],
  [paths.opticon, 'opticon'],
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
            {[...CONTENT_LINKS, ...(isStaff ? STAFF_LINKS : isSignedIn ? BUYER_LINKS : [])].map(
              ([to, key]) => (
                <li key={key}>
                  <NavLink to={to()}>{t(`topBar.${key}`)}</NavLink>
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
