import { ForgotPasswordBody } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import '@/components/ui/form-field.css';
import { useErrorMessage } from '@/lib/error-message';
import { useForgotPassword } from '../api/forgot-password';
import { useAccountForm } from './use-account-form';
import './accounts.css';
import { AuthFields, FormAlert, SubmitButton } from './auth-fields';

/** /forget-password: asks for the e-mail; the answer never says whether the address exists. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('accounts');
  const errorMessage = useErrorMessage();
  const mutation = useForgotPassword();
  const { register, handleSubmit, messages } = useAccountForm(ForgotPasswordBody, { email: '' });
  const pending = mutation.isPending;

  return (
    <section className="page auth-card" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('forgot.title')}</h1>
      {mutation.isSuccess ? (
        <p className="form-success" role="status">
          {t('forgot.sent')}
        </p>
      ) : (
        <>
          <p className="auth-card__intro">{t('forgot.intro')}</p>
          <form
            onSubmit={(e) => void handleSubmit((values) => mutation.mutate(values))(e)}
            noValidate
          >
            <FormAlert>{mutation.error ? errorMessage(mutation.error) : null}</FormAlert>
            <AuthFields
              idPrefix="forgot"
              names={['email']}
              errors={messages}
              register={register}
              autoComplete={{ email: 'email' }}
            />
            <SubmitButton pending={pending} label={t('forgot.submit')} />
          </form>
        </>
      )}
      <p className="auth-card__links">
        <Link to={paths.login()}>{t('forgot.backToLogin')}</Link>
      </p>
    </section>
  );
}
