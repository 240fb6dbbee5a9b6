import { LoginBody } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useErrorMessage } from '@/lib/error-message';
import { useLogin } from '../api/login';
import { safeRedirect } from '../safe-redirect';
import { useAccountForm } from './use-account-form';
import { applyServerFieldErrors } from './use-field-message';
import './accounts.css';
import { AuthFields, FormAlert, SubmitButton } from './auth-fields';

/** /login: e-mail and password (show/hide), errors in the user's language, 'Loading...' while pending. */
export function LoginForm() {
  const { t } = useTranslation('accounts');
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loginMutation = useLogin();
  const { register, handleSubmit, setError, messages } = useAccountForm(LoginBody, {
    email: '',
    password: '',
  });

  const onSubmit = handleSubmit((values) => {
    loginMutation.mutate(values, {
      // NOTE: once the user is stored the guest-only guard also leaves /login for the same target.
      onSuccess: () => void navigate(safeRedirect(searchParams.get('redirect')), { replace: true }),
      onError: (error) => applyServerFieldErrors(error, ['email', 'password'], setError),
    });
  });

  const failure = loginMutation.error;
  const formError =
    failure &&
    !(failure instanceof ApiError && failure.code === 'VALIDATION_FAILED' && failure.fields)
      ? errorMessage(failure)
      : null;
  const pending = loginMutation.isPending;

  return (
    <section className="page auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="auth-card__intro">{t('login.intro')}</p>
      <form
        onSubmit={(e) => void onSubmit(e)}
        // A refusal of the last attempt no longer applies once the user corrects a field.
        onChange={() => {
          if (loginMutation.isError) loginMutation.reset();
        }}
        noValidate
      >
        <FormAlert>{formError}</FormAlert>
        <AuthFields
          idPrefix="login"
          names={['email', 'password']}
          errors={messages}
          register={register}
        />
        <SubmitButton pending={pending} label={t('login.submit')} />
      </form>
      <p className="auth-card__links">
        <Link to={paths.forgetPassword()}>{t('login.forgot')}</Link>
      </p>
      <p className="auth-card__links">
        {t('login.noAccount')} <Link to={paths.accountRegistration()}>{t('login.apply')}</Link>
      </p>
    </section>
  );
}
