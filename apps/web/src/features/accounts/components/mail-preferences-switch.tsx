import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '@/lib/error-message';
import { useMailPreferences, useUpdateMailPreferences } from '../api/mail-preferences';
import '@/components/ui/form-field.css';

/**
 * The order e-mails switch of the profile: off stops the "accepted" and "cancelled" mails; the
 * "shipped" mail always goes (docs/product/back-office-orders.md).
 */
export function MailPreferencesSwitch() {
  const { t } = useTranslation('accounts');
  const errorMessage = useErrorMessage();
  const query = useMailPreferences();
  const mutation = useUpdateMailPreferences();
  return (
    <fieldset className="form-field mail-preferences" aria-busy={query.isPending}>
      <legend>{t('mailPreferences.title')}</legend>
      {query.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : query.isError ? (
        <p className="form-alert" role="alert">
          {errorMessage(query.error)}
        </p>
      ) : (
        <label className="mail-preferences__switch">
          <input
            type="checkbox"
            role="switch"
            checked={query.data.preferences.order_status_mails}
            disabled={mutation.isPending}
            aria-describedby="mail-preferences-hint"
            onChange={(e) => mutation.mutate({ order_status_mails: e.target.checked })}
          />{' '}
          {t('mailPreferences.orderStatus')}
        </label>
      )}
      <p id="mail-preferences-hint" className="auth-card__intro">
        {t('mailPreferences.hint')}
      </p>
    </fieldset>
  );
}
