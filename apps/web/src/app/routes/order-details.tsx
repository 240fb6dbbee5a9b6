import { useParams } from 'react-router';
import { OrderDetails } from '@/features/orders/components/order-details';
import { OrderInvoices } from '@/features/invoices/components/order-invoices';

/** /orderdetails/:order_id */
export default function OrderDetailsRoute() {
  const { order_id } = useParams();
  const id = Number(order_id);
  const orderId = Number.isInteger(id) && id > 0 ? id : -1;
  return <OrderDetails orderId={orderId} more={<OrderInvoices orderId={orderId} />} />;
}
