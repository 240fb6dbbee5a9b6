import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useMoney } from '@/lib/money';
import { useSession } from '@/lib/session';
import { useCart } from '../api/get-cart';

/**
 * Phones: the cart's total as an item of the bottom navigation, for a signed-in customer (not staff,
 * not guests), linking to the cart. NOTE: it used to be a bar of its own above the navigation, which
 * covered the product title and the order comment; inside the navigation it takes no
 * space the page does not already keep free. Until the cart is read it holds its place empty.
 */
export function CartTotalBar() {
  const { t } = useTranslation('cart');
  const money = useMoney();
  const { isSignedIn, isStaff } = useSession();
  const cart = useCart();
  if (!isSignedIn || isStaff) return null;
  if (!cart.data) return <span className="mobile-bottom-bar__item" />;
  const total = money(cart.data.total);
  return (
    <NavLink
      to={paths.cart()}
      className="mobile-bottom-bar__item"
      aria-label={t('totalBar.label', { count: cart.data.count, total })}
      data-testid="cart-total-bar"
    >
      <ShoppingCart aria-hidden="true" size={22} />
      <span className="cart-total-bar__amount">{total}</span>
    </NavLink>
  );
}
