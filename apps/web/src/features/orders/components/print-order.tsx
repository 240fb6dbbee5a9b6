import { Download, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { useErrorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { useLanguage } from '@/lib/i18n';
import { orderPdfUrl, useOrder } from '../api/fetch-order';
import { OrderCheckoutSummary } from './order-checkout-summary';
import { OrderLinesTable } from './order-lines-table';
import './orders.css';
import { useDates } from '@/lib/dates';

/** /print-order?order_id=: a printable page of one order (the latest without an id), plus the PDF. */
export function PrintOrder({ orderId }: { orderId?: number }) {
  const { t } = useTranslation('orders');
  const { user } = useSession();
  const order = useOrder(orderId);
  const { apiLang } = useLanguage();
  const errorMessage = useErrorMessage();
  const formatDate = useDates().day;
  const o = order.data?.order;

  usePageTitle(t('print.title', { id: o?.order_id ?? '' }));

  if (order.isPending) return <LoadingOverlay />;
  if (order.isError) return <p role="alert">{errorMessage(order.error)}</p>;
  if (!o) return <p className="page container">{t('details.none')}</p>;
  return (
    <article className="page container print-order" aria-labelledby="print-title">
      <div className="print-order__tools no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          <Printer size={16} aria-hidden="true" /> {t('print.print')}
        </button>
        <a className="button button--secondary" href={orderPdfUrl(o.order_id, apiLang)} download>
          <Download size={16} aria-hidden="true" /> {t('details.pdf')}
        </a>
      </div>
      <h1 id="print-title">{t('print.title', { id: o.order_id })}</h1>
      <p>
        {user?.owner_name} {user?.customer_code ? `(${user.customer_code})` : ''}
        <br />
        {t('columns.date')}: {formatDate(o.date)} · {t('columns.status')}: {t(`status.${o.status}`)}
        {o.po_number ? (
          <>
            <br />
            {t('columns.po')}: {o.po_number}
          </>
        ) : null}
        {o.order_comment ? (
          <>
            <br />
            {t('details.comment')}: {o.order_comment}
          </>
        ) : null}
      </p>
      <OrderLinesTable order={o} thumbnails={false} />
      <OrderCheckoutSummary order={o} />
    </article>
  );
}
