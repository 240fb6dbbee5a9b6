import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { APPLICATION_SECTIONS, type ApplicationDetail as Detail } from '@wholesale/contract';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { useApproveApplication } from '../api/approve-application';
import { useApplication } from '../api/get-application';
import { useRejectApplication } from '../api/reject-application';
import '@/components/ui/admin-people.css';
import '@/components/ui/form-field.css';
import './admin-applications.css';
import { StaffAlert } from '@/components/ui/staff-alert';
import { FactList } from '@/components/ui/fact-list';
import { useDates } from '@/lib/dates';

/**
 * The application's answers in docs/product/registration.md section order, from the contract's
 * metadata; officers and trade references (lists) are shown below, absent keys (other country) are
 * skipped.
 */
const SECTIONS = APPLICATION_SECTIONS.map((s) => ({
  title: s.title,
  fields: s.fields.filter((f) => f.kind !== 'list').map((f) => f.name),
})).filter((s) => s.fields.length > 0);

function useFormatValue() {
  const { t, i18n } = useTranslation(['admin', 'registration']);
  return (value: unknown, key?: string): string => {
    const text = typeof value === 'string' ? value : '';
    let m = key === 'company_registration_date' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
    if (m) {
      const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
        date,
      );
    }
    m = key === 'expiry_date' ? /^(\d{4})-(\d{2})$/.exec(text) : null;
    if (m) {
      const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
      return `${text} (${new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date)})`;
    }
    if (value === true) return t('admin:application.yes');
    if (value === false) return t('admin:application.no');
    if (Array.isArray(value))
      return value.length
        ? value
            .map((v) => t(`registration:fields.${String(v)}` as never, { defaultValue: String(v) }))
            .join(', ')
        : t('admin:application.empty');
    if (value === null || value === undefined || value === '') return t('admin:application.empty');
    if (value === 'Yes') return t('admin:application.yes');
    if (value === 'No') return t('admin:application.no');
    if (value === 'visa' || value === 'mastercard') return t(`registration:fields.${value}`);
    return String(value);
  };
}

function Decision({ app }: { app: Detail }) {
  const { t } = useTranslation('admin');
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const [confirm, confirmDialog] = useConfirm();
  const [showReject, setShowReject] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const id = String(app.id);
  const errorMessage = useErrorMessage();
  const failure = (error: unknown) =>
    toast.error(t('application.decisionFailed'), { description: errorMessage(error) });

  if (app.status !== 'pending') return null;

  const onApprove = async () => {
    const question = t('application.approveConfirm', {
      company: app.company_name,
      email: app.email,
    });
    if (!(await confirm(question, { confirmLabel: t('application.approve') }))) return;
    approve.mutate(id, {
      onSuccess: (res) =>
        toast.success(t('application.approved', { code: res.data.customer_code })),
      onError: failure,
    });
  };

  const onReject = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setReasonError(t('application.reasonRequired'));
      document.getElementById('reject-reason')?.focus();
      return;
    }
    reject.mutate(
      { id, reason: reason.trim() },
      {
        onSuccess: () => toast.success(t('application.rejected')),
        onError: (error) => {
          if (error instanceof ApiError && error.fields?.reason)
            setReasonError(error.fields.reason);
          failure(error);
        },
      },
    );
  };

  return (
    <div className="admin-decision">
      <button
        type="button"
        className="button"
        onClick={onApprove}
        disabled={approve.isPending || reject.isPending}
      >
        {approve.isPending ? t('application.approving') : t('application.approve')}
      </button>
      {!showReject ? (
        <button
          type="button"
          className="button button--danger"
          onClick={() => setShowReject(true)}
          disabled={approve.isPending}
        >
          {t('application.reject')}
        </button>
      ) : (
        <form className="admin-reject" onSubmit={onReject} noValidate>
          <label htmlFor="reject-reason">{t('application.rejectReason')}</label>
          <textarea
            id="reject-reason"
            rows={3}
            maxLength={2000}
            value={reason}
            autoFocus
            aria-invalid={reasonError ? true : undefined}
            aria-describedby="reject-reason-error"
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError('');
            }}
          />
          <p id="reject-reason-error" className="field-error" aria-live="polite">
            {reasonError}
          </p>
          <button type="submit" className="button button--danger" disabled={reject.isPending}>
            {reject.isPending ? t('application.rejecting') : t('application.rejectSubmit')}
          </button>
        </form>
      )}
      {confirmDialog}
    </div>
  );
}

/** A numbered list of what the applicant named (officers, trade references), each its given parts. */
function EntriesSection({
  id,
  title,
  entries,
}: {
  id: string;
  title: string;
  entries: (string | null | undefined)[][];
}) {
  const { t } = useTranslation('admin');
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {entries.length === 0 ? (
        <p>{t('application.none')}</p>
      ) : (
        <ol className="admin-entries">
          {entries.map((parts, i) => (
            <li key={i}>{parts.filter(Boolean).join(' · ')}</li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** /admin/applications/:id: the decrypted application with Approve / Reject (staff). */
export function ApplicationDetail({ id }: { id: string }) {
  const { t } = useTranslation(['admin', 'registration']);
  const query = useApplication(id);
  const format = useFormatValue();
  const dates = useDates();

  if (query.isPending) return <LoadingOverlay />;
  if (query.isError)
    return (
      <section className="admin-applications">
        <StaffAlert>{t('admin:application.loadFailed')}</StaffAlert>
        <Link to={paths.adminApplications()}>{t('admin:application.back')}</Link>
      </section>
    );
  const app = query.data.data;
  const form = app.form;

  return (
    <section className="admin-applications" aria-labelledby="application-title">
      <Link to={paths.adminApplications()} className="admin-back">
        <ArrowLeft aria-hidden="true" size={18} /> {t('admin:application.back')}
      </Link>
      <h1 id="application-title">
        {t('admin:application.title', { id: app.id, company: app.company_name })}
      </h1>
      <p className="admin-notice">{t('admin:application.sensitiveNotice')}</p>

      <FactList
        className="admin-summary"
        facts={[
          {
            label: t('admin:applications.columns.status'),
            value: (
              <span className={`status-badge status-badge--${app.status}`}>
                {t(`admin:applications.statuses.${app.status}`)}
              </span>
            ),
          },
          {
            label: t('admin:applications.columns.country'),
            value: t(`admin:applications.countries.${app.country}`),
          },
          {
            label: t('admin:application.language'),
            value: t(`admin:application.languages.${app.lang}`),
          },
          {
            label: t('admin:application.submittedAt'),
            value: dates.moment(app.created_at),
          },
          app.reviewed_at && {
            label: t('admin:application.reviewedAt'),
            value: `${dates.moment(app.reviewed_at)} · ${app.reviewed_by ?? ''}`,
          },
          app.customer_code && {
            label: t('admin:application.customerCode'),
            // The new customer's page is where their set-password link is sent again or copied
            // (a store without mail has no other way in): found by the code.
            value: (
              <Link to={`${paths.adminCustomers()}?q=${encodeURIComponent(app.customer_code)}`}>
                {app.customer_code}
              </Link>
            ),
            testId: 'customer-code',
          },
          app.rejection_reason && {
            label: t('admin:application.reason'),
            value: app.rejection_reason,
          },
        ]}
      />

      <Decision app={app} />

      {SECTIONS.map((section) => {
        const present = section.fields.filter((f) => f in form);
        if (!present.length) return null;
        return (
          <section
            key={section.title}
            className="admin-section"
            aria-labelledby={`detail-${section.title}`}
          >
            <h2 id={`detail-${section.title}`}>
              {t(`registration:sections.${section.title}` as never)}
            </h2>
            <dl className="admin-fields">
              {present.map((f) => (
                <div key={f}>
                  <dt>{t(`registration:fields.${f}` as never)}</dt>
                  <dd>{format(form[f], f)}</dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}

      <EntriesSection
        id="detail-officers"
        title={t('admin:application.officers')}
        entries={app.officers.map((o) => [o.name, o.title, o.address])}
      />
      <EntriesSection
        id="detail-trade"
        title={t('admin:application.trade')}
        entries={app.trade.map((r) => [
          r.name,
          r.telephone && `${t('registration:fields.tradeTelephone')} ${r.telephone}`,
          r.fax && `${t('registration:fields.tradeFax')} ${r.fax}`,
          r.contact,
        ])}
      />
    </section>
  );
}
