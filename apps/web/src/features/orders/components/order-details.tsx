import { Download, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { useLanguage } from '@/lib/i18n';
import { usePageTitle } from '@/lib/page-title';
import { orderPdfUrl, useOrder } from '../api/fetch-order';
import { OrderFollowUp } from './order-follow-up';
import { OrderCheckoutSummary } from './order-checkout-summary';
import { OrderLinesTable } from './order-lines-table';
import { OrderReturns } from './order-returns';
import { OrderStatusBadge, OrderStatusSince } from './order-status';
import { OrderCreditNotice } from './order-credit-notice';
import { ReorderButton } from './reorder-button';
import './orders.css';
import { useDates } from '@/lib/dates';

/** The order does not exist or is not the caller's (404), or the address holds no order id (400). */
const notFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.code === 'VALIDATION_FAILED');

/**
 * /orderdetails/:order_id (and /order-confirm): one order with its lines, print, PDF and re-order.
 * `more` (the order's invoices) shows under it only when the order was found.
 */
export function OrderDetails({
  orderId,
  confirmation = false,
  more,
}: {
  orderId?: number;
  confirmation?: boolean;
  more?: ReactNode;
}) {
  const { t } = useTranslation('orders');
  const order = useOrder(orderId);
  const { apiLang } = useLanguage();
  const errorMessage = useErrorMessage();
  const formatDate = useDates().day;
  const o = order.data?.order;
  const title = confirmation
    ? t('confirm.title')
    : t('details.title', { id: o?.order_id ?? orderId ?? '' });

  usePageTitle(title);

  if (order.isPending) return <LoadingOverlay />;
  const missing = notFound(order.error);
  return (
    <>
      <section className="page container order-details" aria-labelledby="order-title">
        <h1 id="order-title">{title}</h1>
        {order.isError && !missing ? <p role="alert">{errorMessage(order.error)}</p> : null}
        {missing ? (
          <p role="alert">
            {t('details.none')} <Link to={paths.order()}>{t('details.backToHistory')}</Link>
          </p>
        ) : null}
        {!order.isError && !o ? (
          <p>
            {t('details.none')} <Link to={paths.home()}>{t('history.shop')}</Link>
          </p>
        ) : null}
        {o ? (
          <>
            {confirmation ? (
              <div className="order-confirm" role="status">
                <p>{t('confirm.thanks', { id: o.order_id })}</p>
                <p>{t('confirm.mail')}</p>
              </div>
            ) : null}
            <dl className="order-meta">
              <div>
                <dt>{t('columns.order')}</dt>
                <dd data-testid="order-number">#{o.order_id}</dd>
              </div>
              <div>
                <dt>{t('columns.date')}</dt>
                <dd>{formatDate(o.date)}</dd>
              </div>
              <div>
                <dt>{t('columns.status')}</dt>
                <dd>
                  <OrderStatusBadge status={o.status} />
                  <OrderCreditNotice order={o} />
                  <OrderStatusSince at={o.status_at} />
                </dd>
              </div>
              <div>
                <dt>{t('columns.po')}</dt>
                <dd>{o.po_number ?? '—'}</dd>
              </div>
              {o.order_comment ? (
                <div>
                  <dt>{t('details.comment')}</dt>
                  <dd>{o.order_comment}</dd>
                </div>
              ) : null}
            </dl>
            <OrderFollowUp order={o} />
            <OrderLinesTable order={o} />
            <OrderCheckoutSummary order={o} />
            {confirmation ? null : <OrderReturns order={o} />}
            <div className="order-actions">
              <Link
                className="button button--secondary"
                to={{ pathname: paths.printOrder(), search: `?order_id=${o.order_id}` }}
              >
                <Printer size={16} aria-hidden="true" /> {t('details.print')}
              </Link>
              <a
                className="button button--secondary"
                href={orderPdfUrl(o.order_id, apiLang)}
                download
              >
                <Download size={16} aria-hidden="true" /> {t('details.pdf')}
              </a>
              <ReorderButton orderId={o.order_id} />
              <Link to={paths.order()}>{t('details.backToHistory')}</Link>
            </div>
          </>
        ) : null}
      </section>
      {o ? more : null}
    </>
  );
}
