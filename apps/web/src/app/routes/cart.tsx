import { CartPage } from '@/features/cart/components/cart-page';

/** /cart (signed-in only). */
export default function CartRoute() {
  return <CartPage />;
}
