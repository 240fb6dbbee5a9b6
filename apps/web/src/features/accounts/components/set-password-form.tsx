import { SetPasswordForm as SetPasswordSchema } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import '@/components/ui/form-field.css';
import { LinkProblem, useLinkPasswordForm } from './use-link-password-form';
import './accounts.css';
import { AuthForm } from './auth-fields';

const EMPTY = { new_password: '', confirm_password: '' };

/**
 * A new customer's (or staff member's) first password, from the `set` link mailed on approval
 * (docs/product/accounts.md "Choose your password"): its own title, no e-mail field (the link's
 * token names the person), and once saved the form gives way to a way to sign in.
 */
export function SetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('accounts');
  const { form, linkProblem, done } = useLinkPasswordForm(SetPasswordSchema, EMPTY, {
    token,
    fields: ['new_password', 'confirm_password'],
    success: t('setPassword.success'),
    logAs: 'set-password',
  });

  return (
    <section className="page auth-card" aria-labelledby="set-password-title">
      <h1 id="set-password-title">{t('setPassword.title')}</h1>
      {done ? (
        <p className="form-success" role="status">
          {t('setPassword.success')}. <Link to={paths.login()}>{t('setPassword.signIn')}</Link>
        </p>
      ) : (
        <>
          <p>{t('setPassword.intro')}</p>
          <LinkProblem>{linkProblem}</LinkProblem>
          <AuthForm
            {...form}
            idPrefix="set-password"
            names={['new_password', 'confirm_password']}
            submitLabel={t('setPassword.submit')}
          />
        </>
      )}
    </section>
  );
}
