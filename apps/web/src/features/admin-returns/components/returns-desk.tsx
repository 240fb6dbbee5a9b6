import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  RETURN_STATUSES,
  formatMoney,
  hasStaffRole,
  type AdminReturn,
  type ReturnStatus,
} from '@wholesale/contract';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/filter-fields';
import { CheckboxLabel } from '@/components/ui/form-field';
import { ReturnLines } from '@/components/ui/return-lines';
import { StaffResults } from '@/components/ui/staff-results';
import { StaffSection } from '@/components/ui/staff-section';
import { useUrlFilter } from '@/components/ui/use-url-filter';
import { StaffOrderLink } from '@/components/ui/staff-order-link';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/page-title';
import { useSession } from '@/lib/session';
import { useActOnReturn } from '../api/act-on-return';
import { adminCreditNotePdfUrl, useDeskReturns } from '../api/get-returns';
import './returns-desk.css';
import { useDates } from '@/lib/dates';

const DEFAULT_FILTER = { status: 'requested', page: 1 };
/** What credit staff decide on a requested return, the first as the main action. */
const DECISIONS = ['authorise', 'refuse'] as const;

/**
 * /admin/returns: the returns desk. Credit staff authorise or refuse a requested return (with a
 * note the buyer sees); the warehouse (orders staff) receives an authorised one, choosing whether
 * the packs go back to stock, which issues its credit note. Each action shows only to the roles
 * the server lets do it.
 */
export function ReturnsDesk() {
  const { t, i18n } = useTranslation(['admin-returns', 'staff']);
  const moneyOf = (r: AdminReturn) => formatMoney(i18n.language, r.country);
  const dates = useDates();
  const [{ status }, go, pages] = useUrlFilter(DEFAULT_FILTER);
  usePageTitle(t('title'));
  const query = useDeskReturns({ status, page: pages.page });
  const counts = query.data?.counts ?? {};
  const options = [
    { value: '', label: t('status.all') },
    ...RETURN_STATUSES.map((s) => ({
      value: s,
      label: `${t(`status.${s}`)} (${counts[s] ?? 0})`,
    })),
  ];

  return (
    <StaffSection id="returns" title={t('title')} className="admin-people returns-desk">
      <p>{t('intro')}</p>
      <SelectField
        id="returns-status"
        label={t('filter')}
        value={status}
        options={options}
        onChange={(value) => go({ status: value })}
        className="returns-desk__filter"
      />
      <StaffResults
        query={query}
        {...pages}
        text={t}
        rowTestId={(r) => `return-${r.id}`}
        columns={[
          { id: 'number', cell: (r) => `#${r.id}` },
          { id: 'date', cell: (r) => dates.tableDay(r.created_at) },
          {
            id: 'customer',
            cell: (r) => (
              <Link to={paths.adminCustomer(r.customer.id)}>
                {r.customer.company ?? r.customer.name}
              </Link>
            ),
          },
          {
            id: 'order',
            cell: (r) => <StaffOrderLink id={r.order_id} />,
          },
          {
            id: 'lines',
            cell: (r) => (
              <>
                <ReturnLines
                  lines={r.lines}
                  className="returns-desk__lines"
                  text={(l) => t('line', { count: l.quantity, product: l.product_code })}
                />
                {moneyOf(r)(r.subtotal_cents)}
              </>
            ),
          },
          {
            id: 'reason',
            cell: (r) => (
              <>
                {r.reason}
                {r.staff_note ? (
                  <p className="returns-desk__note">
                    {t('note')}: {r.staff_note}
                  </p>
                ) : null}
              </>
            ),
          },
          { id: 'status', cell: (r) => t(`status.${r.status}`) },
          { id: 'actions', cell: (r) => <ReturnActions item={r} money={moneyOf(r)} /> },
        ]}
      />
    </StaffSection>
  );
}

function ReturnActions({ item: r, money }: { item: AdminReturn; money: (c: number) => string }) {
  const { t } = useTranslation('admin-returns');
  const { staffRoles } = useSession();
  const act = useActOnReturn();
  const [confirm, confirmDialog] = useConfirm();
  const errorMessage = useErrorMessage(r.country);
  const [note, setNote] = useState('');
  const [restock, setRestock] = useState(true);
  const run = (action: Parameters<typeof act.mutate>[0], done: string) =>
    act.mutate(action, {
      onSuccess: () => toast.success(t(done as 'done.authorise', { id: r.id })),
      onError: (error) => toast.error(errorMessage(error)),
    });
  const can = (status: ReturnStatus) => r.allowed.includes(status);

  if (r.credit_note)
    return (
      <p>
        {t('creditNote', { number: r.credit_note.number, total: money(r.credit_note.total_cents) })}{' '}
        <a href={adminCreditNotePdfUrl(r.credit_note.id)} download>
          {t('pdf')}
        </a>
        {r.restocked ? <span className="returns-desk__note"> {t('restocked')}</span> : null}
      </p>
    );
  if (can('authorised') && hasStaffRole(staffRoles, ['credit'])) {
    const noteId = `return-note-${r.id}`;
    return (
      <div className="returns-desk__actions">
        <label htmlFor={noteId}>{t('noteLabel')}</label>
        <input
          id={noteId}
          type="text"
          maxLength={1000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {DECISIONS.map((kind) => (
          <button
            key={kind}
            type="button"
            className={kind === 'authorise' ? 'button' : 'button button--secondary'}
            disabled={act.isPending}
            onClick={async () => {
              // A refusal is final (no step leads out of it) and the customer reads it: asked first.
              const asked = t('confirmRefuse', {
                id: r.id,
                customer: r.customer.company ?? r.customer.name,
              });
              if (kind === 'refuse' && !(await confirm(asked, { confirmLabel: t('refuse') })))
                return;
              run({ id: r.id, kind, note }, `done.${kind}`);
            }}
          >
            {t(kind)}
          </button>
        ))}
        {confirmDialog}
      </div>
    );
  }
  if (can('received') && hasStaffRole(staffRoles, ['orders', 'credit'])) {
    return (
      <div className="returns-desk__actions">
        <CheckboxLabel
          id={`return-restock-${r.id}`}
          className="returns-desk__check"
          label={t('restock')}
          checked={restock}
          onChange={setRestock}
        />
        <button
          type="button"
          className="button"
          disabled={act.isPending}
          onClick={() => run({ id: r.id, kind: 'receive', restock }, 'done.receive')}
        >
          {act.isPending ? t('working') : t('receive')}
        </button>
      </div>
    );
  }
  return <span>—</span>;
}
