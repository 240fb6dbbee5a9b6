import { useTranslation } from 'react-i18next';
import { useInvoices } from '../api/get-invoices';
import { useInvoiceFormat } from '@/lib/invoice-format';
import { InvoicePdfLinks } from './invoice-pdf-links';
import { InvoiceStatusBadge } from './invoice-status';
import './invoices.css';

/** The invoices of one of the buyer's orders (its detail page): one per shipment, with the PDFs. */
export function OrderInvoices({ orderId }: { orderId: number }) {
  const { t } = useTranslation('invoices');
  const { money, day } = useInvoiceFormat();
  const invoices = useInvoices({ page: 1, orderId });
  if (orderId < 1 || invoices.isPending || invoices.isError) return null;
  return (
    <section className="page container order-invoices" aria-labelledby="order-invoices-title">
      <h2 id="order-invoices-title">{t('orderInvoices')}</h2>
      {invoices.data.data.length === 0 ? (
        <p>{t('orderNone')}</p>
      ) : (
        <ul>
          {invoices.data.data.map((i) => (
            <li key={i.id}>
              <strong>{i.number}</strong>
              <span>{day(i.issued_on)}</span>
              <span>{money(i.total_cents, i.currency)}</span>
              <InvoiceStatusBadge status={i.status} />
              <InvoicePdfLinks id={i.id} number={i.number} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
