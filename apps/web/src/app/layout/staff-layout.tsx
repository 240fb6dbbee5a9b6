import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { adminMenuFor, staffMayOpen } from './admin-menu';
import './staff-layout.css';

/**
 * The back office's own layout: a menu of the screens the staff member's roles open, and the
 * screen. A screen their roles do not open says so instead of showing calls that would answer 403;
 * /admin itself is the home (its parts follow the roles).
 */
export function StaffLayout() {
  const { t } = useTranslation('staff');
  const { pathname } = useLocation();
  const { staffRoles } = useSession();
  const entries = adminMenuFor(staffRoles);
  const allowed = staffMayOpen(staffRoles, pathname);
  return (
    <div className="staff-layout">
      <nav className="staff-layout__menu" aria-label={t('layout.menuLabel')}>
        <p className="staff-layout__title">{t('layout.title')}</p>
        <ul>
          {entries.length > 0 ? (
            <li>
              <NavLink to={paths.admin()} end>
                {t('menu.home')}
              </NavLink>
            </li>
          ) : null}
          {entries.map((entry) => (
            <li key={entry.key}>
              <NavLink to={entry.to}>{t(`menu.${entry.key}`)}</NavLink>
            </li>
          ))}
        </ul>
        <Link to={paths.home()} className="staff-layout__back">
          {t('layout.backToShop')}
        </Link>
      </nav>
      <section className="staff-layout__screen">
        {entries.length === 0 ? (
          <p role="status">{t('layout.noRole')}</p>
        ) : allowed ? (
          <Suspense fallback={<LoadingOverlay />}>
            <Outlet />
          </Suspense>
        ) : (
          <p role="alert">{t('layout.notAllowed')}</p>
        )}
      </section>
    </div>
  );
}
