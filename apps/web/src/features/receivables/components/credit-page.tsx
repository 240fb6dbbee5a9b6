import { AGING_BUCKETS, formatMoney, type AccountCreditDto } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { LabelledTable } from '@/components/ui/labelled-table';
import { PageLoadFailed } from '@/components/ui/load-failed';
import { usePageTitle } from '@/lib/page-title';
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
  const query = useAccountCredit();
  usePageTitle(t('title'));

  if (query.isPending) return <LoadingOverlay />;
  if (query.isError)
    return (
      <PageLoadFailed
        className="page credit-page"
        title={t('title')}
        what={t('loadFailed')}
        error={query.error}
      />
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
      <LabelledTable
        caption={t('aging.caption')}
        label={(b) => t(`aging.buckets.${b}`)}
        rows={[account.aging]}
        rowKey={() => 'aging'}
        columns={AGING_BUCKETS.map((b) => ({
          id: b,
          cell: (aging: AccountCreditDto['aging']) => money(aging[b]),
        }))}
      />

      <h2>{t('invoices.title')}</h2>
      <LabelledTable
        caption={t('invoices.title')}
        label={(c) => t(`invoices.${c}`)}
        rows={account.open_invoices}
        empty={t('invoices.empty')}
        columns={[
          { id: 'number', cell: (i) => i.number },
          { id: 'issued', cell: (i) => i.issued_on },
          { id: 'due', cell: (i) => i.due_on },
          { id: 'total', cell: (i) => money(i.total_cents) },
          { id: 'open', cell: (i) => money(i.open_cents) },
          { id: 'bucket', cell: (i) => t(`aging.buckets.${i.bucket}`) },
        ]}
      />

      <h2>{t('payments.title')}</h2>
      <LabelledTable
        caption={t('payments.title')}
        label={(c) => t(`payments.${c}`)}
        rows={account.payments}
        empty={t('payments.empty')}
        columns={[
          { id: 'received', cell: (p) => p.received_on },
          { id: 'amount', cell: (p) => money(p.amount_cents) },
          { id: 'method', cell: (p) => t(`methods.${p.method}`) },
          { id: 'reference', cell: (p) => p.reference ?? '—' },
          {
            id: 'state',
            cell: (p) => (p.bounced_at ? t('payments.bounced') : t('payments.ok')),
          },
        ]}
      />

      <h2>{t('interest.title')}</h2>
      <p>{t('interest.lead')}</p>
      <LabelledTable
        caption={t('interest.title')}
        label={(c) => t(`interest.${c}`)}
        rows={account.interest}
        rowKey={(i) => i.period}
        empty={t('interest.empty')}
        columns={[
          { id: 'period', cell: (i) => i.period },
          { id: 'overdue', cell: (i) => money(i.overdue_cents) },
          { id: 'amount', cell: (i) => money(i.amount_cents) },
        ]}
      />

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
