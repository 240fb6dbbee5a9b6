import { ChevronUp, ShoppingCart } from 'lucide-react';
import type { CartLine } from '@wholesale/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BadgeContent } from '@/components/ui/badge-content';
import { paths } from '@/config/paths';
import { ProductThumb, plainName } from '@/components/ui/product-thumb';
import { useMoney } from '@/lib/money';
import { useSession } from '@/lib/session';
import { useCart } from '../api/get-cart';
import './cart.css';

/**
 * Cart badge of the header with the docs/product/cart-and-orders.md cart popup (400 px): opens on hover over the cart
 * icon and on keyboard focus, closes with its arrow control, Escape, and when keyboard focus leaves
 * it (left open, it covered the category menu and the page under it: the layout walk). Line amounts and the total
 * are exact, in the storefront's one money format (docs/product/cart-and-orders.md#cart-popup): a
 * whole-dollar total disagreed with the cart page's. Guests see 0 and no popup.
 */
export function CartBadge({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const { isSignedIn } = useSession();
  const cart = useCart();
  const [open, setOpen] = useState(false);
  const popupId = useId();
  const leaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const count = isSignedIn ? (cart.data?.count ?? 0) : 0;
  const showPopup = open && isSignedIn && !compact;

  useEffect(() => () => clearTimeout(leaveTimer.current), []);
  // The popup's words: loaded ahead for signed-in customers (the popup opens on hover), never for
  // guests, who have no popup (home route JS budget, docs/product/storefront-ux.md).
  useEffect(() => {
    if (isSignedIn) void i18n.loadNamespaces('cart');
  }, [isSignedIn, i18n]);
  const openNow = () => {
    clearTimeout(leaveTimer.current);
    setOpen(true);
  };
  const closeSoon = () => {
    clearTimeout(leaveTimer.current);
    leaveTimer.current = setTimeout(() => setOpen(false), 300);
  };

  const lines = cart.data?.products ?? [];
  return (
    <div
      className="cart-badge"
      onMouseEnter={openNow}
      onMouseLeave={closeSoon}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Link
        to={paths.cart()}
        className="badge-link"
        aria-label={t('header.cartCount', { count })}
        aria-expanded={isSignedIn && !compact ? showPopup : undefined}
        aria-controls={showPopup ? popupId : undefined}
        onFocus={openNow}
        data-testid="cart-badge"
      >
        <BadgeContent
          icon={ShoppingCart}
          count={count}
          label={t('header.cart')}
          compact={compact}
        />
      </Link>
      {showPopup ? (
        <CartPopup
          id={popupId}
          count={count}
          lines={lines}
          total={cart.data?.total ?? 0}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

/** The popup's panel; its words come from the cart namespace, without suspense (the header never waits). */
function CartPopup({
  id,
  count,
  lines,
  total,
  onClose,
}: {
  id: string;
  count: number;
  lines: CartLine[];
  total: number;
  onClose: () => void;
}) {
  const { t: tc } = useTranslation('cart', { useSuspense: false });
  const money = useMoney();
  return (
    <div id={id} className="cart-popup" role="region" aria-label={tc('popup.title')}>
      <div className="cart-popup__head">
        <h2 className="cart-popup__title">{tc('popup.heading', { count })}</h2>
        <button
          type="button"
          className="cart-popup__close"
          onClick={onClose}
          aria-label={tc('popup.close')}
        >
          <ChevronUp aria-hidden="true" size={20} />
        </button>
      </div>
      {lines.length === 0 ? (
        <p className="cart-popup__empty">{tc('empty')}</p>
      ) : (
        // Focusable: the list scrolls, and a keyboard user must be able to scroll it too.
        <ul className="cart-popup__lines" tabIndex={0} aria-label={tc('popup.lines')}>
          {lines.map((line) => (
            <li key={line.id} className="cart-popup__line">
              <ProductThumb src={line.image} alt="" size={44} />
              <span className="cart-popup__name">
                <span className="cart-popup__code">{line.product_id}</span> {plainName(line.name)}
                <span className="cart-popup__qty">
                  {tc('popup.qty', { item: line.item, pack: line.ship_pack })}
                </span>
              </span>
              <span className="cart-popup__amount">{money(line.line_total)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="cart-popup__total">
        <span>{tc('total')}</span>
        <strong data-testid="cart-popup-total">{money(total)}</strong>
      </div>
      <div className="cart-popup__actions">
        <Link to={paths.cart()} className="button button--secondary" onClick={onClose}>
          {tc('popup.viewCart')}
        </Link>
        {/* Checkout happens on the cart page, below the lines: go straight to it. */}
        <Link to={`${paths.cart()}#checkout`} className="button" onClick={onClose}>
          {tc('popup.checkout')}
        </Link>
      </div>
    </div>
  );
}
