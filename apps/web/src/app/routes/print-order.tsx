import { useSearchParams } from 'react-router';
import { PrintOrder } from '@/features/orders/components/print-order';

/** /print-order?order_id=: printable order (the latest one without an id). */
export default function PrintOrderRoute() {
  const [search] = useSearchParams();
  const id = Number(search.get('order_id'));
  return <PrintOrder orderId={Number.isInteger(id) && id > 0 ? id : undefined} />;
}
