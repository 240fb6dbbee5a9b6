import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDates } from '@/lib/dates';

/**
 * When a token or delivery happened, to the minute (lib/dates.ts); '—' for never. A hook, so a
 * table builds its language's formatters once, not five per row.
 */
export function useFormatWhen(): (iso: string | null) => string {
  const { moment } = useDates();
  return (iso) => (iso ? moment(iso) : '—');
}

/** A secret the server never answers again (token, webhook signing secret): copy, then hide. */
export function SecretOnce(props: {
  secret: string;
  message: string;
  testId: string;
  onHide: () => void;
}) {
  const { t } = useTranslation('admin-integrations');
  return (
    <div role="status" className="admin-integrations__secret">
      <p>{props.message}</p>
      <code data-testid={props.testId}>{props.secret}</code>
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(props.secret);
          toast.success(t('tokens.copied'));
        }}
      >
        {t('tokens.copy')}
      </button>
      <button type="button" onClick={props.onHide}>
        {t('tokens.hide')}
      </button>
    </div>
  );
}
