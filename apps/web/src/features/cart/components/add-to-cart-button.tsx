import { isUnavailable, type ProductCard } from '@wholesale/contract';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { plainName } from '@/components/ui/product-thumb';
import { useAddToCart } from '../api/add-to-cart';
import { QuantityInput } from './quantity-input';
import './cart.css';

/**
 * The add-to-cart control of a product card (supplied through ProductActionsContext): a quantity
 * box in ship packs and a button. Signed-in customers only; disabled when the product is unavailable.
 */
export function AddToCartButton({ product }: { product: ProductCard }) {
  const { t } = useTranslation('cart');
  const { isSignedIn } = useSession();
  const [quantity, setQuantity] = useState(1);
  // A box showing 'NA' (a negative entry) holds no quantity: nothing may be added until it does.
  const [quantityValid, setQuantityValid] = useState(true);
  const add = useAddToCart();
  if (!isSignedIn) return null;
  const available = product.available ?? 0;
  const unavailable = isUnavailable(available, product.class);
  const name = plainName(product.name);
  return (
    <div className="add-to-cart">
      <QuantityInput
        value={quantity}
        available={available}
        productClass={product.class}
        shipPack={product.ship_pac || 1}
        disabled={unavailable}
        label={t('quantity.label', { name })}
        onCommit={setQuantity}
        onValidityChange={setQuantityValid}
      />
      <button
        type="button"
        className="button add-to-cart__button"
        disabled={unavailable || add.isPending || !quantityValid}
        aria-label={t('add.label', { name })}
        onClick={() => add.mutate({ product, item: quantity })}
      >
        <ShoppingCart size={16} aria-hidden="true" />
        <span>{add.isPending ? t('add.adding') : t('add.button')}</span>
      </button>
    </div>
  );
}
