import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useErrorMessage } from '@/lib/error-message';
import { useSendSetPasswordMail, useSetPasswordLink } from '../api/set-password';
import { useDates } from '@/lib/dates';

/**
 * On the customer's screen (credit, admin): send the set-password mail again, or copy a fresh
 * set-password link to pass on (a store without SMTP sends no mail). Each makes the earlier links
 * stop working; the server audits both. The link stays on screen, selectable, in case the
 * clipboard is refused.
 */
export function CustomerSetPassword({
  customer,
}: {
  customer: { id: number; email: string; active: boolean };
}) {
  const { t } = useTranslation('admin-home');
  const dates = useDates();
  const [confirm, confirmDialog] = useConfirm();
  const errorMessage = useErrorMessage();
  const mail = useSendSetPasswordMail();
  const issue = useSetPasswordLink();
  const [link, setLink] = useState<string | null>(null);
  const linkId = useId();
  const busy = mail.isPending || issue.isPending;
  const email = customer.email;

  const sendMail = async () => {
    if (!(await confirm(t('setPassword.confirmMail', { email })))) return;
    mail.mutate(customer.id, {
      onSuccess: () => toast.success(t('setPassword.mailSent', { email })),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const copyLink = async () => {
    if (!(await confirm(t('setPassword.confirmLink', { email })))) return;
    issue.mutate(customer.id, {
      onSuccess: async ({ data }) => {
        setLink(data.link);
        const until = dates.moment(data.expires_at);
        try {
          await navigator.clipboard.writeText(data.link);
          toast.success(t('setPassword.copied', { until }));
        } catch {
          toast.error(t('setPassword.copyFailed'));
        }
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <section className="admin-people__form" aria-labelledby={`${linkId}-title`}>
      <h2 id={`${linkId}-title`}>{t('setPassword.title')}</h2>
      <p>{customer.active ? t('setPassword.help') : t('setPassword.inactive')}</p>
      <div className="admin-people__actions">
        {(
          [
            ['sendMail', sendMail],
            ['copyLink', copyLink],
          ] as const
        ).map(([action, run]) => (
          <button
            key={action}
            type="button"
            className="button button--secondary"
            disabled={busy || !customer.active}
            onClick={() => void run()}
          >
            {t(`setPassword.${action}`)}
          </button>
        ))}
      </div>
      {link ? (
        <div className="admin-people__field">
          <label htmlFor={linkId}>{t('setPassword.linkLabel', { email })}</label>
          <input
            id={linkId}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      ) : null}
      {confirmDialog}
    </section>
  );
}
