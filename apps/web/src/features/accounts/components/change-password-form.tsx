import { ChangePasswordForm as ChangePasswordSchema } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import { usePasswordForm } from './use-account-form';
import './accounts.css';
import { AuthForm } from './auth-fields';

const EMPTY = { old_password: '', new_password: '', confirm_password: '' };

/** /profile/password and /password: current password, new password, confirmation. */
export function ChangePasswordForm() {
  const { t } = useTranslation('accounts');
  const { user } = useSession();
  const errorMessage = useErrorMessage();
  const mutation = useChangePassword();
  const form = usePasswordForm(ChangePasswordSchema, EMPTY, mutation, {
    variables: (values) =>
      user
        ? {
            id: user.user_value,
            old_password: values.old_password,
            new_password: values.new_password,
          }
        : null,
    fields: ['old_password', 'new_password'],
    success: t('changePassword.success'),
  });

  const failure = mutation.error;
  const formError =
    failure && !(failure instanceof ApiError && failure.fields) ? errorMessage(failure) : null;

  return (
    <section className="page auth-card" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t('changePassword.title')}</h1>
      <p className="auth-card__intro">{t('changePassword.intro')}</p>
      <AuthForm
        {...form}
        alert={formError}
        idPrefix="cp"
        names={['old_password', 'new_password', 'confirm_password']}
        submitLabel={t('changePassword.submit')}
      />
    </section>
  );
}
