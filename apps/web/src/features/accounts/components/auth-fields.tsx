import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorAria, FormField } from '@/components/ui/form-field';
import { PasswordInput } from './password-input';

/** A labelled password input with its show/hide toggle and its error, registered with the form. */
export function PasswordField({
  id,
  label,
  error,
  autoComplete,
  registration,
}: {
  id: string;
  label: string;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <PasswordInput
        id={id}
        autoComplete={autoComplete}
        {...errorAria(id, error)}
        {...registration}
      />
    </FormField>
  );
}

/** The e-mail field of the sign-in and password forms. */
export function EmailField({
  id,
  label,
  error,
  autoComplete,
  registration,
}: {
  id: string;
  label: string;
  error?: string;
  autoComplete: 'username' | 'email';
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <input
        id={id}
        type="email"
        autoComplete={autoComplete}
        className="text-input"
        {...errorAria(id, error)}
        {...registration}
      />
    </FormField>
  );
}

/** The new password and its confirmation, asked the same way wherever a password is set. */
export function NewPasswordFields({
  idPrefix,
  errors,
  register,
}: {
  idPrefix: string;
  errors: { new_password?: string; confirm_password?: string };
  register: (name: 'new_password' | 'confirm_password') => UseFormRegisterReturn;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <PasswordField
        id={`${idPrefix}-new-password`}
        label={t('fields.newPassword')}
        error={errors.new_password}
        autoComplete="new-password"
        registration={register('new_password')}
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        label={t('fields.confirmPassword')}
        error={errors.confirm_password}
        autoComplete="new-password"
        registration={register('confirm_password')}
      />
    </>
  );
}

/** A form-wide error (one that belongs to no field), announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p className="form-alert" role="alert">
      {children}
    </p>
  );
}

/** An account form's submit button: disabled and busy, saying so, while the request runs. */
export function SubmitButton({ pending, label }: { pending: boolean; label: string }) {
  const { t } = useTranslation('accounts');
  return (
    <button
      type="submit"
      className="button auth-card__submit"
      disabled={pending}
      aria-busy={pending}
    >
      {pending ? t('loading') : label}
    </button>
  );
}
