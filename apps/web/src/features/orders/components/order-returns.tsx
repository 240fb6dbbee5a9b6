import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '@wholesale/contract';
import { useErrorMessage } from '@/lib/error-message';
import { useReturns } from '../api/get-returns';
import { RequestReturnDialog } from './request-return-dialog';
import { ReturnList } from './return-list';

/** Shipped at least in part: the order has lines a buyer may ask back. */
const SHIPPED: OrderStatus[] = ['partially_shipped', 'shipped', 'invoiced'];

/** The returns part of the buyer's order page: this order's returns and "Request a return". */
export function OrderReturns({
  order,
}: {
  order: { order_id: number; status: OrderStatus; country: string };
}) {
  const { t } = useTranslation('returns');
  const errorMessage = useErrorMessage();
  const shipped = SHIPPED.includes(order.status);
  const returns = useReturns({ orderId: order.order_id });
  const list = returns.data?.data ?? [];
  if (!shipped && list.length === 0) return null;
  return (
    <section className="order-returns" aria-labelledby="order-returns-title">
      <h2 id="order-returns-title">{t('order.title')}</h2>
      {returns.isError ? <p role="alert">{errorMessage(returns.error)}</p> : null}
      {list.length ? <ReturnList returns={list} showOrder={false} /> : null}
      {shipped ? <RequestReturnDialog orderId={order.order_id} country={order.country} /> : null}
    </section>
  );
}
