import { useParams } from 'react-router';
import { OrderDetails } from '@/features/orders/components/order-details';

/** /orderdetails/:order_id */
export default function OrderDetailsRoute() {
  const { order_id } = useParams();
  const id = Number(order_id);
  return <OrderDetails orderId={Number.isInteger(id) && id > 0 ? id : -1} />;
}
