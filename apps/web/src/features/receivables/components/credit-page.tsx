import { AGING_BUCKETS, formatMoney, type AccountCreditDto } from '@wholesale/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { TableHead } from '@/components/ui/table-head';
import { TableScroll } from '@/components/ui/table-scroll';
import { useErrorMessage } from '@/lib/error-message';
import { useStoreName } from '@/lib/store-identity';
import { statementPdfUrl, useAccountCredit } from '../api/get-account-credit';
import './credit-page.css';

/**
 * /profile/credit, "My account → Credit & statements" (docs/product/accounts-receivable.md
 * "Payments, statements, interest and receivables"): the buyer's limit, balance, open orders and
 * available credit, a hold and why, the aging of open invoices, the open invoices, recent payments,
 * interest lines and the monthly statements to download. Only the signed-in buyer's own account.
 */
export function CreditPage() {
  const { t } = useTranslation('receivables');
  const storeName = useStoreName();
  const errorMessage = useErrorMessage();
  const query = useAccountCredit();
  useEffect(() => {
    document.title = `${t('title')} | ${storeName}`;
  }, [t, storeName]);

  if (query.isPending) return <LoadingOverlay />;
  if (query.isError)
    return (
      <section className="page credit-page">
        <h1>{t('title')}</h1>
        <p className="form-alert" role="alert">
          {t('loadFailed')} {errorMessage(query.error)}
        </p>
      </section>
    );
  return <CreditAccount account={query.data.data} />;
}

function CreditAccount({ account }: { account: AccountCreditDto }) {
  const { t, i18n } = useTranslation('receivables');
  const money = formatMoney(i18n.language, account.country);
  const facts: [string, number, string][] = [
    [t('summary.limit'), account.credit_limit_cents, 'limit'],
    [t('summary.balance'), account.balance_cents, 'balance'],
    [t('summary.openOrders'), account.open_orders_cents, 'open-orders'],
    [t('summary.available'), account.available_credit_cents, 'available'],
    [t('summary.overdue'), account.overdue_cents, 'overdue'],
  ];
  return (
    <section className="page credit-page" aria-labelledby="credit-title">
      <h1 id="credit-title">{t('title')}</h1>
      <p>{t('asOf', { date: account.as_of })}</p>
      {account.hold_reason ? (
        <div className="credit-page__hold" role="status">
          <h2>{t('hold.title')}</h2>
          <p>{t(`hold.${account.hold_reason}`)}</p>
        </div>
      ) : null}

      <h2>{t('summary.title')}</h2>
      <dl className="credit-page__facts" data-testid="credit-summary">
        {facts.map(([label, cents, id]) => (
          <div key={id} className="credit-page__fact">
            <dt>{label}</dt>
            <dd data-testid={`credit-${id}`}>{money(cents)}</dd>
          </div>
        ))}
      </dl>

      <h2 id="credit-aging">{t('aging.title')}</h2>
      <TableScroll label={t('aging.caption')}>
        <table className="admin-people__table">
          <TableHead
            caption={t('aging.caption')}
            columns={AGING_BUCKETS}
            label={(b) => t(`aging.buckets.${b}`)}
          />
          <tbody>
            <tr>
              {AGING_BUCKETS.map((b) => (
                <td key={b} data-label={t(`aging.buckets.${b}`)}>
                  {money(account.aging[b])}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </TableScroll>

      <h2>{t('invoices.title')}</h2>
      {account.open_invoices.length === 0 ? (
        <p>{t('invoices.empty')}</p>
      ) : (
        <TableScroll label={t('invoices.title')}>
          <table className="admin-people__table">
            <TableHead
              caption={t('invoices.title')}
              columns={['number', 'issued', 'due', 'total', 'open', 'bucket'] as const}
              label={(c) => t(`invoices.${c}`)}
            />
            <tbody>
              {account.open_invoices.map((i) => (
                <tr key={i.id}>
                  <td data-label={t('invoices.number')}>{i.number}</td>
                  <td data-label={t('invoices.issued')}>{i.issued_on}</td>
                  <td data-label={t('invoices.due')}>{i.due_on}</td>
                  <td data-label={t('invoices.total')}>{money(i.total_cents)}</td>
                  <td data-label={t('invoices.open')}>{money(i.open_cents)}</td>
                  <td data-label={t('invoices.bucket')}>{t(`aging.buckets.${i.bucket}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h2>{t('payments.title')}</h2>
      {account.payments.length === 0 ? (
        <p>{t('payments.empty')}</p>
      ) : (
        <TableScroll label={t('payments.title')}>
          <table className="admin-people__table">
            <TableHead
              caption={t('payments.title')}
              columns={['received', 'amount', 'method', 'reference', 'state'] as const}
              label={(c) => t(`payments.${c}`)}
            />
            <tbody>
              {account.payments.map((p) => (
                <tr key={p.id}>
                  <td data-label={t('payments.received')}>{p.received_on}</td>
                  <td data-label={t('payments.amount')}>{money(p.amount_cents)}</td>
                  <td data-label={t('payments.method')}>{t(`methods.${p.method}`)}</td>
                  <td data-label={t('payments.reference')}>{p.reference ?? '—'}</td>
                  <td data-label={t('payments.state')}>
                    {p.bounced_at ? t('payments.bounced') : t('payments.ok')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h2>{t('interest.title')}</h2>
      <p>{t('interest.lead')}</p>
      {account.interest.length === 0 ? (
        <p>{t('interest.empty')}</p>
      ) : (
        <TableScroll label={t('interest.title')}>
          <table className="admin-people__table">
            <TableHead
              caption={t('interest.title')}
              columns={['period', 'overdue', 'amount'] as const}
              label={(c) => t(`interest.${c}`)}
            />
            <tbody>
              {account.interest.map((i) => (
                <tr key={i.period}>
                  <td data-label={t('interest.period')}>{i.period}</td>
                  <td data-label={t('interest.overdue')}>{money(i.overdue_cents)}</td>
                  <td data-label={t('interest.amount')}>{money(i.amount_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <h2>{t('statements.title')}</h2>
      <p>{t('statements.lead')}</p>
      {account.statement_periods.length === 0 ? (
        <p>{t('statements.empty')}</p>
      ) : (
        <ul className="credit-page__statements">
          {account.statement_periods.map((period) => (
            <li key={period}>
              <a href={statementPdfUrl(period)} download={`statement-${period}.pdf`}>
                {t('statements.download', { period })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
