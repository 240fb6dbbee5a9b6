import { SetPasswordForm as SetPasswordSchema } from '@wholesale/contract';
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

const EMPTY = { new_password: '', confirm_password: '' };

/**
 * A new customer's (or staff member's) first password, from the `set` link mailed on approval
 * (docs/product/accounts.md "Choose your password"): its own title, no e-mail field (the link's
 * token names the person), and once saved the form gives way to a way to sign in.
 */
export function SetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('accounts');
  const fieldMessage = useFieldMessage();
  const errorMessage = useErrorMessage();
  const mutation = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = usePasswordForm(SetPasswordSchema, EMPTY, mutation, {
    variables: (values) => {
      setLinkProblem(null);
      return { ...values, token };
    },
    fields: ['new_password', 'confirm_password'],
    success: t('setPassword.success'),
    onSuccess: () => setDone(true),
    onError: (error, rest) => {
      console.warn('set-password failed', error);
      setLinkProblem(rest.length ? (fieldMessage(rest[0]) ?? rest[0]) : errorMessage(error));
    },
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
          {linkProblem ? (
            <FormAlert>
              {linkProblem} <Link to={paths.forgetPassword()}>{t('reset.askNewLink')}</Link>
            </FormAlert>
          ) : null}
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
