import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useMoney } from '@/lib/money';
import { useSession } from '@/lib/session';
import { useCart } from '../api/get-cart';
import './cart.css';

/**
 * Phones: a bar kept above the bottom navigation with the cart's item count and total, linking to
 * the cart, for a signed-in customer (not staff, not guests). Hidden on wider screens, where the
 * header's cart badge and popup do this, and on the cart page itself.
 */
export function CartTotalBar() {
  const { t } = useTranslation('cart');
  const money = useMoney();
  const { isSignedIn, isStaff } = useSession();
  const { pathname } = useLocation();
  const cart = useCart();
  if (!isSignedIn || isStaff || pathname === paths.cart() || !cart.data) return null;
  const count = cart.data.count;
  return (
    <Link to={paths.cart()} className="cart-total-bar" data-testid="cart-total-bar">
      <span className="cart-total-bar__label">
        {t('totalBar.label')}{' '}
        <span className="cart-total-bar__count">
          ({t('header.cartCount', { ns: 'common', count })})
        </span>
      </span>
      <strong className="cart-total-bar__amount">{money(cart.data.total)}</strong>
      <span className="cart-total-bar__view">{t('totalBar.view')}</span>
    </Link>
  );
}
