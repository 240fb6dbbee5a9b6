import { useSearchParams } from 'react-router';
import { OrderDetails } from '@/features/orders/components/order-details';

/** /order-confirm?order_id=: the confirmation of the order just placed (the latest one without an id). */
export default function OrderConfirmRoute() {
  const [search] = useSearchParams();
  const id = Number(search.get('order_id'));
  return <OrderDetails orderId={Number.isInteger(id) && id > 0 ? id : undefined} confirmation />;
}
