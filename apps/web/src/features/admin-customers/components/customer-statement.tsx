import { shopToday } from '@wholesale/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';

/** Where staff download a customer's statement of `period` (YYYY-MM). */
export const customerStatementUrl = (customerId: number, period: string) =>
  `/api/admin/customers/${customerId}/statements/${period}/pdf`;

/**
 * A month's statement of the customer, for credit staff to send (docs/product/accounts-receivable.md
 * "Payments, statements, interest and receivables"): the same PDF the customer downloads from their
 * account, in the customer's language. This month by default.
 */
export function CustomerStatement({ customerId }: { customerId: number }) {
  const { t } = useTranslation('admin-receivables');
  const id = useId();
  const thisMonth = shopToday(new Date()).slice(0, 7);
  const [period, setPeriod] = useState(thisMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(period);
  return (
    <div className="admin-people__field" data-testid="customer-statement">
      <h3>{t('statement.title')}</h3>
      <p>{t('statement.lead')}</p>
      <label htmlFor={id}>{t('statement.month')}</label>
      <input
        id={id}
        type="month"
        value={period}
        max={thisMonth}
        onChange={(e) => setPeriod(e.target.value)}
      />
      {valid ? (
        <p>
          <a
            className="button button--secondary"
            href={customerStatementUrl(customerId, period)}
            download
          >
            <Download size={16} aria-hidden="true" /> {t('statement.download', { period })}
          </a>
        </p>
      ) : null}
    </div>
  );
}
