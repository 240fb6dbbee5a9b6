import { ResetPasswordForm as ResetPasswordSchema } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import '@/components/ui/form-field.css';
import { LinkProblem, useLinkPasswordForm } from './use-link-password-form';
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
  const { form, linkProblem, done } = useLinkPasswordForm(ResetPasswordSchema, EMPTY, {
    token,
    fields: ['email', 'new_password', 'confirm_password'],
    success: t('reset.success'),
    logAs: 'reset-password',
  });

  return (
    <section className="page auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      {!token ? (
        <FormAlert>
          {t('reset.noToken')} <Link to={paths.forgetPassword()}>{t('reset.askNewLink')}</Link>
        </FormAlert>
      ) : null}
      <LinkProblem>{linkProblem}</LinkProblem>
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
