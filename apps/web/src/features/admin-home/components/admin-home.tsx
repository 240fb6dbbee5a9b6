import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { nextGoLiveStep, type AdminHomeDto } from '@wholesale/contract';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { StaffAlert } from '@/components/ui/staff-alert';
import { StaffSection } from '@/components/ui/staff-section';
import { StaffOrderLink } from '@/components/ui/staff-order-link';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/page-title';
import { useAdminHome } from '../api/get-admin-home';
import { useRetryMail } from '../api/retry-mail';
import './admin-home.css';
import { SecondaryButton } from '@/components/ui/buttons';
import { useDates } from '@/lib/dates';

type Part<K extends keyof AdminHomeDto> = NonNullable<AdminHomeDto[K]>;

/** A moment to the minute, or a requested ship date (a calendar day) as that day; '—' for none. */
function useWhen() {
  const dates = useDates();
  return (iso: string | null, dateOnly = false) =>
    !iso ? '—' : dateOnly ? dates.calendarDay(iso) : dates.moment(iso);
}

/** Under each part but the checklist, a link to the page where its work is done. */
const OPEN = {
  deliveries: { to: paths.adminIntegrations, label: 'webhooks.open' },
  applications: { to: paths.adminApplications, label: 'applications.open' },
  credit: { to: paths.adminReceivables, label: 'credit.open' },
  orders: { to: paths.adminOrders, label: 'orders.open' },
  imports: { to: paths.adminCatalogue, label: 'imports.open' },
} as const;

/** A part of the home: its heading, its content, then its link (OPEN). */
function Card({ id, children }: { id: 'checklist' | keyof typeof OPEN; children: ReactNode }) {
  const { t } = useTranslation('admin-home');
  const open = id === 'checklist' ? null : OPEN[id];
  return (
    <section className="admin-home__card" aria-labelledby={`home-${id}-title`} id={id}>
      <h2 id={`home-${id}-title`}>{t(`${id}.title`)}</h2>
      {children}
      {open ? (
        <p>
          <Link to={open.to()}>{t(open.label)}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** A short list of a part as a table: its caption, its column headings, a row a thing. */
function HomeTable({
  caption,
  headings,
  rows,
}: {
  caption: string;
  headings: ReactNode[];
  rows: { key: number; cells: ReactNode[] }[];
}) {
  if (rows.length === 0) return null;
  return (
    <div className="admin-home__table-wrap">
      <table className="admin-home__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading, i) => (
              <th scope="col" key={i}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Admin: mail not configured means no mail leaves the store; said first, where staff look. */
function MailBanner() {
  const { t } = useTranslation('admin-home');
  return (
    <div className="admin-home__banner" role="status" id="mail">
      <strong>{t('mail.notConfigured')}</strong> <span>{t('mail.notConfiguredHelp')}</span>
    </div>
  );
}

function Checklist({ items }: { items: Part<'checklist'> }) {
  const { t } = useTranslation('admin-home');
  const done = items.filter((i) => i.done).length;
  const next = nextGoLiveStep(items);
  return (
    <Card id="checklist">
      <p>
        {next === null
          ? t('checklist.allDone')
          : t('checklist.progress', { done, total: items.length })}
      </p>
      <ol className="admin-home__checklist">
        {items.map((item) => (
          <li key={item.step} data-done={item.done}>
            <span className="admin-home__mark" aria-hidden="true">
              {item.done ? '✓' : '○'}
            </span>
            <span className="admin-home__step">
              {t(`checklist.steps.${item.step}`)}{' '}
              <span className="admin-home__state">
                ({item.done ? t('checklist.done') : t('checklist.todo')})
              </span>
            </span>
            <Link
              to={item.link}
              aria-label={t('checklist.open', { step: t(`checklist.steps.${item.step}`) })}
            >
              {item.done ? t('checklist.review') : t('checklist.go')}
            </Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Deliveries({ part }: { part: Part<'deliveries'> }) {
  const { t } = useTranslation('admin-home');
  const when = useWhen();
  const retry = useRetryMail();
  const errorMessage = useErrorMessage();
  const send = (id: number, to: string) =>
    retry.mutate(id, {
      onSuccess: () => toast.success(t('mail.retried', { to })),
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <Card id="deliveries">
      <ul className="admin-home__counts">
        <li>{part.mail_configured ? t('mail.configured') : t('mail.notConfiguredShort')}</li>
        <li>{t('mail.waiting', { count: part.mails_waiting })}</li>
        <li data-alert={part.mails_failed > 0}>{t('mail.failed', { count: part.mails_failed })}</li>
        <li data-alert={part.webhooks_failed > 0}>
          {t('webhooks.failed', { count: part.webhooks_failed })}
        </li>
        <li data-alert={part.webhooks_paused > 0}>
          {t('webhooks.paused', { count: part.webhooks_paused })}
        </li>
      </ul>
      <HomeTable
        caption={t('mail.failedList')}
        headings={[
          t('mail.to'),
          t('mail.subject'),
          t('mail.error'),
          t('mail.when'),
          <span className="visually-hidden">{t('mail.actions')}</span>,
        ]}
        rows={part.failed_mails.map((mail) => ({
          key: mail.id,
          cells: [
            mail.to,
            mail.subject,
            mail.last_error ?? '—',
            when(mail.created_at),
            <SecondaryButton
              disabled={retry.isPending}
              onClick={() => send(mail.id, mail.to)}
              aria-label={t('mail.retryTo', { to: mail.to })}
            >
              {t('mail.retry')}
            </SecondaryButton>,
          ],
        }))}
      />
    </Card>
  );
}

function Applications({ part }: { part: Part<'applications'> }) {
  const { t } = useTranslation('admin-home');
  const when = useWhen();
  return (
    <Card id="applications">
      <p>
        {t('applications.pending', { count: part.pending })}
        {part.oldest_at ? ` ${t('applications.oldest', { when: when(part.oldest_at) })}` : ''}
      </p>
    </Card>
  );
}

/** Credit staff: how many orders wait for a deposit or a hold decision (listed on Receivables). */
function Credit({ part }: { part: Part<'credit'> }) {
  const { t } = useTranslation('admin-home');
  return (
    <Card id="credit">
      <ul className="admin-home__counts">
        <li data-alert={part.orders_waiting > 0}>
          {t('credit.waiting', { count: part.orders_waiting })}
        </li>
      </ul>
    </Card>
  );
}

function Orders({ part }: { part: Part<'orders'> }) {
  const { t } = useTranslation(['admin-home', 'orders']);
  const when = useWhen();
  return (
    <Card id="orders">
      <ul className="admin-home__counts">
        <li data-alert={part.to_accept > 0}>{t('orders.toAccept', { count: part.to_accept })}</li>
        <li>{t('orders.toShip', { count: part.to_ship })}</li>
      </ul>
      <HomeTable
        caption={t('orders.next')}
        headings={[
          t('orders.order'),
          t('orders.customer'),
          t('orders.status'),
          t('orders.shipDate'),
        ]}
        rows={part.next.map((order) => ({
          key: order.id,
          cells: [
            <StaffOrderLink id={order.id} />,
            order.customer,
            t(`orders:status.${order.status}` as 'orders:status.placed'),
            order.requested_ship_date
              ? when(order.requested_ship_date, true)
              : t('orders.noShipDate'),
          ],
        }))}
      />
    </Card>
  );
}

function Imports({ part }: { part: Part<'imports'> }) {
  const { t } = useTranslation('admin-home');
  const when = useWhen();
  return (
    <Card id="imports">
      <ul className="admin-home__counts">
        <li>{t('imports.running', { count: part.running })}</li>
        <li data-alert={part.failed > 0}>{t('imports.failed', { count: part.failed })}</li>
      </ul>
      {part.latest.length > 0 ? (
        <ul className="admin-home__list">
          {part.latest.map((job) => (
            <li key={job.id}>
              <strong>{job.file_name}</strong> — {t(`imports.status.${job.status}`)} —{' '}
              {when(job.created_at)}
              {job.error ? <span className="admin-home__error"> {job.error}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/** /admin: the back-office home, one part per role the staff member holds (the server decides). */
export function AdminHome() {
  const { t } = useTranslation('admin-home');
  const query = useAdminHome();
  const errorMessage = useErrorMessage();
  usePageTitle(t('title'));
  const home = query.data?.data;
  return (
    <StaffSection id="admin-home" title={t('title')} className="admin-home">
      {query.isPending ? (
        <LoadingOverlay />
      ) : query.isError || !home ? (
        <StaffAlert>{errorMessage(query.error)}</StaffAlert>
      ) : (
        <>
          {home.deliveries && !home.deliveries.mail_configured ? <MailBanner /> : null}
          <div className="admin-home__grid">
            {home.checklist ? <Checklist items={home.checklist} /> : null}
            {home.deliveries ? <Deliveries part={home.deliveries} /> : null}
            {home.applications ? <Applications part={home.applications} /> : null}
            {home.credit ? <Credit part={home.credit} /> : null}
            {home.orders ? <Orders part={home.orders} /> : null}
            {home.imports ? <Imports part={home.imports} /> : null}
          </div>
        </>
      )}
    </StaffSection>
  );
}
