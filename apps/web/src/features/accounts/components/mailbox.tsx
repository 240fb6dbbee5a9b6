import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import '@/components/ui/form-field.css';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { useMailbox, useMailboxMail } from '../api/get-mailbox';
import './accounts.css';
import { TableHead } from '@/components/ui/table-head';
import { useDates } from '@/lib/dates';

/**
 * The mail's HTML, sanitised. NOTE: a link to this machine under another host name (localhost vs
 * 127.0.0.1, another port) is made relative, so a reset link opens in this same app (dev only).
 */
export function mailHtmlForDisplay(html: string, here: Location = window.location): string {
  const clean = DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form', 'input'] });
  const doc = new DOMParser().parseFromString(`<div>${clean}</div>`, 'text/html');
  for (const a of Array.from(doc.querySelectorAll('a[href]'))) {
    try {
      const url = new URL(a.getAttribute('href') ?? '', here.href);
      if (
        url.origin !== here.origin &&
        ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
      ) {
        a.setAttribute('href', url.pathname + url.search + url.hash);
      }
    } catch {
      a.removeAttribute('href');
    }
  }
  return doc.body.firstElementChild?.innerHTML ?? '';
}

function MailView({ id }: { id: number }) {
  const { t } = useTranslation('accounts');
  const { moment } = useDates();
  const errorMessage = useErrorMessage();
  const mail = useMailboxMail(id);
  const html = useMemo(
    () => (mail.data ? mailHtmlForDisplay(mail.data.data.html) : ''),
    [mail.data],
  );
  if (mail.isPending) return <LoadingOverlay />;
  if (mail.isError)
    return (
      <p className="form-alert" role="alert">
        {errorMessage(mail.error)}
      </p>
    );
  const m = mail.data.data;
  return (
    <article className="mailbox-mail" aria-labelledby="mail-subject">
      <p>
        <Link to={paths.devMailbox()}>{t('mailbox.back')}</Link>
      </p>
      <h2 id="mail-subject">{m.subject}</h2>
      <dl className="profile-card__list">
        <div className="profile-card__row">
          <dt>{t('mailbox.to')}</dt>
          <dd>{m.to}</dd>
        </div>
        <div className="profile-card__row">
          <dt>{t('mailbox.date')}</dt>
          <dd>{moment(m.created_at)}</dd>
        </div>
        <div className="profile-card__row">
          <dt>{t('mailbox.status')}</dt>
          <dd>{t(`mailbox.statuses.${m.status}`)}</dd>
        </div>
      </dl>
      <h3>{t('mailbox.htmlVersion')}</h3>
      <div
        className="mailbox-mail__html"
        data-testid="mail-html"
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <h3>{t('mailbox.textVersion')}</h3>
      <pre className="mailbox-mail__text">{m.text}</pre>
    </article>
  );
}

/** /dev/mailbox: the outbox newest first; ?id=<n> shows one mail with clickable links. */
export function Mailbox() {
  const { t } = useTranslation('accounts');
  const { moment } = useDates();
  const errorMessage = useErrorMessage();
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  const list = useMailbox();

  let body;
  if (Number.isInteger(id) && id > 0) body = <MailView id={id} />;
  else if (list.isPending) body = <LoadingOverlay />;
  else if (list.isError) {
    const unavailable = list.error instanceof ApiError && list.error.status === 404;
    body = (
      <p className="form-alert" role="alert">
        {unavailable ? t('mailbox.unavailable') : errorMessage(list.error)}
      </p>
    );
  } else if (list.data.data.length === 0) body = <p>{t('mailbox.empty')}</p>;
  else {
    body = (
      <table className="data-table mailbox-table">
        <TableHead columns={['date', 'to', 'subject', 'status']} label={(c) => t(`mailbox.${c}`)} />
        <tbody>
          {list.data.data.map((m) => (
            <tr key={m.id}>
              <td>{moment(m.created_at)}</td>
              <td>{m.to}</td>
              <td>
                <Link to={`${paths.devMailbox()}?id=${m.id}`}>{m.subject}</Link>
              </td>
              <td>{t(`mailbox.statuses.${m.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <section className="page mailbox" aria-labelledby="mailbox-title">
      <h1 id="mailbox-title">{t('mailbox.title')}</h1>
      <p>{t('mailbox.intro')}</p>
      {body}
    </section>
  );
}
