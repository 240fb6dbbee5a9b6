import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorAria, FormField } from '@/components/ui/form-field';
import { PasswordInput } from './password-input';

/** What an account form's field is given: its id and label, its error, and its registration. */
type AuthFieldProps<AutoComplete extends string> = {
  id: string;
  label: string;
  error?: string;
  autoComplete: AutoComplete;
  registration: UseFormRegisterReturn;
};

/** A labelled password input with its show/hide toggle and its error, registered with the form. */
export function PasswordField({
  autoComplete,
  registration,
  ...field
}: AuthFieldProps<'current-password' | 'new-password'>) {
  return (
    <FormField {...field}>
      <PasswordInput
        id={field.id}
        autoComplete={autoComplete}
        {...errorAria(field.id, field.error)}
        {...registration}
      />
    </FormField>
  );
}

/** The e-mail field of the sign-in and password forms. */
export function EmailField({
  autoComplete,
  registration,
  ...field
}: AuthFieldProps<'username' | 'email'>) {
  return (
    <FormField {...field}>
      <input
        id={field.id}
        type="email"
        autoComplete={autoComplete}
        className="text-input"
        {...errorAria(field.id, field.error)}
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
