import { ChangePasswordForm as ChangePasswordSchema } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useChangePassword } from '../api/change-password';
import { useAccountForm } from './use-account-form';
import { applyServerFieldErrors } from './use-field-message';
import './accounts.css';
import { AuthFields, FormAlert, SubmitButton } from './auth-fields';

const EMPTY = { old_password: '', new_password: '', confirm_password: '' };

/** /profile/password and /password: current password, new password, confirmation. */
export function ChangePasswordForm() {
  const { t } = useTranslation('accounts');
  const { user } = useSession();
  const errorMessage = useErrorMessage();
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    messages: e,
  } = useAccountForm(ChangePasswordSchema, EMPTY);

  const onSubmit = handleSubmit((values) => {
    if (!user) return;
    mutation.mutate(
      { id: user.user_value, old_password: values.old_password, new_password: values.new_password },
      {
        onSuccess: () => {
          toast.success(t('changePassword.success'));
          reset(EMPTY);
        },
        onError: (error) =>
          applyServerFieldErrors(error, ['old_password', 'new_password'], setError),
      },
    );
  });

  const failure = mutation.error;
  const formError =
    failure && !(failure instanceof ApiError && failure.fields) ? errorMessage(failure) : null;
  const pending = mutation.isPending;

  return (
    <section className="page auth-card" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t('changePassword.title')}</h1>
      <p className="auth-card__intro">{t('changePassword.intro')}</p>
      <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
        <FormAlert>{formError}</FormAlert>
        <AuthFields
          idPrefix="cp"
          names={['old_password', 'new_password', 'confirm_password']}
          errors={e}
          register={register}
        />
        <SubmitButton pending={pending} label={t('changePassword.submit')} />
      </form>
    </section>
  );
}
