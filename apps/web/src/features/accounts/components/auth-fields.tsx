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
