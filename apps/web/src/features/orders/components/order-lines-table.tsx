import { type OrderDetail } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { ProductThumb, plainName } from '@/components/ui/product-thumb';
import { PriceReasonText } from '@/components/product/customer-price';
import { TableHead } from '@/components/ui/table-head';
import { useMoney } from '@/lib/money';
import '@/components/ui/stacked-table.css';

const COLUMNS = ['product', 'packs', 'shipPack', 'price', 'total'] as const;

/** The lines of an order with frozen prices and why; back-order lines are marked. */
export function OrderLinesTable({
  order,
  thumbnails = true,
}: {
  order: OrderDetail;
  thumbnails?: boolean;
}) {
  const { t } = useTranslation('orders');
  const money = useMoney(order.country);
  return (
    <table className="data-table orders-table stacked-table order-lines">
      <TableHead
        caption={t('details.linesCaption', { id: order.order_id })}
        columns={thumbnails ? ['image', ...COLUMNS] : COLUMNS}
        label={(c) => t(`columns.${c}`)}
        hidden={['image']}
      />
      <tbody>
        {order.products.map((l) => (
          <tr key={l.product_id}>
            {thumbnails ? (
              <td>
                <ProductThumb src={l.image} alt="" size={48} />
              </td>
            ) : null}
            <td data-label={t('columns.product')}>
              <strong>{l.product_id}</strong> {plainName(l.name)}
              {l.backorder ? (
                <span className="order-backorder"> {t('details.backorder')}</span>
              ) : null}
              {l.shipment_id === null && (order.shipments?.length ?? 0) > 0 ? (
                <span className="order-backorder"> {t('followUp.waiting')}</span>
              ) : null}
            </td>
            <td data-label={t('columns.packs')}>{l.item}</td>
            <td data-label={t('columns.shipPack')}>{l.ship_pack}</td>
            <td data-label={t('columns.price')}>
              {money(l.price)} <PriceReasonText reason={l.price_reason} />
            </td>
            <td data-label={t('columns.total')}>{money(l.line_total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={thumbnails ? 5 : 4}>
            {t('details.total')}
          </th>
          <td>
            <strong>{money(order.total)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
