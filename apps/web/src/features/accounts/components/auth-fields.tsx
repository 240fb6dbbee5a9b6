import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorAria, FormField } from '@/components/ui/form-field';
import '@/components/ui/form-field.css';
import { PasswordInput } from './password-input';

/**
 * How each account field is asked: its label and its autofill hint; a hint naming a password makes
 * it a password input with its show/hide toggle, the others are e-mail inputs.
 */
const AUTH_FIELDS = {
  email: { label: 'fields.email', autoComplete: 'username' },
  password: { label: 'fields.password', autoComplete: 'current-password' },
  old_password: { label: 'fields.oldPassword', autoComplete: 'current-password' },
  new_password: { label: 'fields.newPassword', autoComplete: 'new-password' },
  confirm_password: { label: 'fields.confirmPassword', autoComplete: 'new-password' },
} as const;

type AuthFieldName = keyof typeof AUTH_FIELDS;

/**
 * An account form's fields, in the order named, each labelled, with its error, registered with the
 * form; ids are `idPrefix` and the field's name. `autoComplete` overrides a field's autofill hint.
 */
type AuthFieldsProps<Name extends AuthFieldName> = {
  idPrefix: string;
  names: readonly Name[];
  errors: Partial<Record<Name, string>>;
  register: (name: Name) => UseFormRegisterReturn;
  autoComplete?: Partial<Record<Name, 'email'>>;
};

export function AuthFields<Name extends AuthFieldName>({
  idPrefix,
  names,
  errors,
  register,
  autoComplete = {},
}: AuthFieldsProps<Name>) {
  const { t } = useTranslation('accounts');
  return names.map((name) => {
    const id = `${idPrefix}-${name.replace('_', '-')}`;
    const field = AUTH_FIELDS[name];
    const error = errors[name];
    const input = {
      id,
      autoComplete: autoComplete[name] ?? field.autoComplete,
      ...errorAria(id, error),
      ...register(name),
    };
    return (
      <FormField key={name} id={id} label={t(field.label)} error={error}>
        {field.autoComplete.endsWith('password') ? (
          <PasswordInput {...input} />
        ) : (
          <input type="email" className="text-input" {...input} />
        )}
      </FormField>
    );
  });
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

/** An account form: its form-wide error (`alert`) first, then its fields, then the submit button. */
export function AuthForm<Name extends AuthFieldName>({
  onSubmit,
  alert,
  pending,
  submitLabel,
  ...fields
}: AuthFieldsProps<Name> & {
  onSubmit: (event: FormEvent) => Promise<void>;
  alert?: ReactNode;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <FormAlert>{alert}</FormAlert>
      <AuthFields {...fields} />
      <SubmitButton pending={pending} label={submitLabel} />
    </form>
  );
}
