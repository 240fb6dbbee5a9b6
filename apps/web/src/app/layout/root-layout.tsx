import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { Integrations } from '@/features/accounts/components/integrations';
import { applyUserLang } from '@/lib/i18n';
import { resetPageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { ScrollToTop } from '../scroll-to-top';
import { CategoryMenu } from './category-menu';
import { Footer } from './footer';
import { Header } from './header';
import { MobileBottomBar } from './mobile-bottom-bar';
import { MobileHeader } from './mobile-header';
import { titleKeyForPath } from './page-title';
import { TopBar } from './top-bar';
import { useStoreName } from '@/lib/store-identity';

// Phones: the signed-in customer's cart total in the bottom bar; loaded only for them, off the home
// route's bundle. Its place is held while it loads, so the bar's items do not move.
const CartTotalBar = lazy(() =>
  import('@/features/cart/components/cart-total-bar').then((m) => ({ default: m.CartTotalBar })),
);

/**
 * docs/product/storefront-ux.md shared layout: top bar, header, category menu, page, footer; below 768 px the mobile
 * header and bottom bar take over (CSS decides which one shows).
 */
export function RootLayout() {
  const { t } = useTranslation();
  const storeName = useStoreName();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { user } = useSession();
  const isCustomer = user !== null && user.role !== 'staff';

  // docs/product/storefront-ux.md: a signed-in user's saved language wins over the current one.
  const userLang = user?.lang;
  useEffect(() => {
    if (userLang !== undefined) applyUserLang(userLang);
  }, [userLang]);

  // A default document title per route; pages may set a more precise one. NOTE: a layout effect, so
  // it runs before the page's own (passive) effects, which a parent's passive effect would overwrite.
  useLayoutEffect(() => {
    const key = titleKeyForPath(pathname);
    resetPageMeta(key === 'home' ? storeName : `${t(`titles.${key}`)} | ${storeName}`);
  }, [pathname, t, storeName]);

  return (
    <div className="app-shell">
      <a href="#main-content" className="skip-link">
        {t('skipToContent')}
      </a>
      <ScrollToTop />
      <Integrations />
      <header className="desktop-header">
        <TopBar />
        <Header />
        <CategoryMenu />
      </header>
      <header className="mobile-only">
        <MobileHeader />
      </header>
      <main id="main-content" tabIndex={-1} className="site-main">
        <div className="container">
          <Suspense fallback={<LoadingOverlay />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <Footer />
      <MobileBottomBar
        cart={
          isCustomer ? (
            <Suspense fallback={<span className="mobile-bottom-bar__item" />}>
              <CartTotalBar />
            </Suspense>
          ) : null
        }
      />
      {navigation.state === 'loading' ? <LoadingOverlay /> : null}
    </div>
  );
}
