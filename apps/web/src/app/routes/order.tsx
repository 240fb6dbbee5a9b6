import { OrderHistory } from '@/features/orders/components/order-history';

/** /order: order history (signed-in only). */
export default function OrderRoute() {
  return <OrderHistory />;
}
