import { formatMoney, type WaitingOrderDto } from '@wholesale/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StaffResults } from '@/components/ui/staff-results';
import { StaffOrderLink } from '@/components/ui/staff-order-link';
import { paths } from '@/config/paths';
import { useWaitingOrders } from '../api/get-waiting-orders';
import '@/components/ui/stacked-table.css';
import './waiting-orders.css';
import { useDates } from '@/lib/dates';

/** The section's id: the back-office home's count links to the page, where this section leads. */
export const WAITING_ORDERS_ID = 'waiting-orders';

/** What an order waits for, in the staff member's words: the deposit it owes, the hold's reason. */
function Waits({ order }: { order: WaitingOrderDto }) {
  const { t, i18n } = useTranslation('admin-receivables', { keyPrefix: 'waiting' });
  const money = formatMoney(i18n.language, order.country);
  return (
    <ul className="waiting-orders__waits">
      {order.waits.map((wait) => (
        <li key={wait} className="order-status order-status--waiting">
          {wait === 'deposit'
            ? t('deposit', { amount: money(order.deposit_due_cents) })
            : t(`hold.${order.hold_reason ?? 'credit_limit'}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * On Receivables, the orders waiting on credit staff (docs/product/accounts-receivable.md "Orders
 * waiting for credit"): placed orders owing their opening deposit or on credit hold, oldest first,
 * each linking to its order page, where the deposit is recorded or the hold released.
 */
export function WaitingOrders() {
  const { t, i18n } = useTranslation('admin-receivables', { keyPrefix: 'waiting' });
  const [page, setPage] = useState(1);
  const query = useWaitingOrders(page);
  const when = useDates().tableDay;
  return (
    <section
      className="admin-people waiting-orders"
      id={WAITING_ORDERS_ID}
      aria-labelledby={`${WAITING_ORDERS_ID}-title`}
    >
      <h2 id={`${WAITING_ORDERS_ID}-title`}>{t('title')}</h2>
      <p>{t('lead')}</p>
      <StaffResults
        query={query}
        page={page}
        onPage={setPage}
        goToLastPage={setPage}
        loadFailed={t('loadFailed')}
        text={t}
        rowKey={(o) => o.order_id}
        rowTestId={(o) => `waiting-order-${o.order_id}`}
        tableClassName="stacked-table"
        columns={[
          {
            id: 'order',
            cell: (o) => <StaffOrderLink id={o.order_id} />,
          },
          { id: 'placed', cell: (o) => when(o.placed_at) },
          {
            id: 'customer',
            cell: (o) => (
              <>
                <Link to={paths.adminCustomer(o.customer_id)}>
                  {o.company_name ?? o.customer_name}
                </Link>
                {o.customer_code ? ` (${o.customer_code})` : null}
              </>
            ),
          },
          {
            id: 'total',
            cell: (o) => formatMoney(i18n.language, o.country)(o.total_cents),
          },
          { id: 'waits', cell: (o) => <Waits order={o} /> },
        ]}
      />
    </section>
  );
}
