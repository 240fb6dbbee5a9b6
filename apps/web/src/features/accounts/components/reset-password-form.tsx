import { ResetPasswordForm as ResetPasswordSchema } from '@wholesale/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { useResetPassword } from '../api/reset-password';
import { usePasswordForm } from './use-account-form';
import { useFieldMessage } from './use-field-message';
import './accounts.css';
import { AuthForm, FormAlert } from './auth-fields';

const EMPTY = { email: '', new_password: '', confirm_password: '' };

/**
 * docs/product/accounts.md "Reset Password screen": card titled Reset Password; e-mail, new password and
 * confirmation, each password with show/hide; 'Loading...' while pending; docs/product/accounts.md messages.
 * Success: toast 'Password reset successfully' and the form is cleared (docs/product/errors-and-constants.md).
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation('accounts');
  const fieldMessage = useFieldMessage();
  const errorMessage = useErrorMessage();
  const mutation = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = usePasswordForm(ResetPasswordSchema, EMPTY, mutation, {
    variables: (values) => {
      // A new attempt: the last one's problem no longer stands.
      setLinkProblem(null);
      return { ...values, token: token ?? '' };
    },
    fields: ['email', 'new_password', 'confirm_password'],
    success: t('reset.success'),
    onSuccess: () => setDone(true),
    onError: (error, rest) => {
      // The original front end only logged a reset failure; we also say why, or the person is stuck (docs/decisions/006-account-pages.md).
      console.warn('reset-password failed', error);
      setLinkProblem(rest.length ? (fieldMessage(rest[0]) ?? rest[0]) : errorMessage(error));
    },
  });

  return (
    <section className="page auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      {!token ? (
        <FormAlert>
          {t('reset.noToken')} <Link to={paths.forgetPassword()}>{t('reset.askNewLink')}</Link>
        </FormAlert>
      ) : null}
      {linkProblem ? (
        <FormAlert>
          {linkProblem} <Link to={paths.forgetPassword()}>{t('reset.askNewLink')}</Link>
        </FormAlert>
      ) : null}
      {done ? (
        <p className="form-success" role="status">
          {t('reset.success')}. <Link to={paths.login()}>{t('reset.goToLogin')}</Link>
        </p>
      ) : null}
      <AuthForm
        {...form}
        idPrefix="reset"
        names={['email', 'new_password', 'confirm_password']}
        submitLabel={t('reset.submit')}
      />
    </section>
  );
}
