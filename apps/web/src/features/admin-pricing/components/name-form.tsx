import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { usePricingWrite } from './use-pricing-write';
import { SecondaryButton } from '@/components/ui/buttons';

/**
 * The form that names a list or a group (adding or renaming it): a heading or an accessible name,
 * the name field, any `children` fields, and Save (with Cancel when `onCancel` is given). The
 * values come back by field name, with `reset` to empty the form after a success.
 */
export function NameForm({
  title,
  formLabel,
  label,
  defaultValue = '',
  submitText,
  pending,
  onSubmit,
  onCancel,
  children,
}: {
  title?: string;
  formLabel?: string;
  label: string;
  defaultValue?: string;
  submitText: string;
  pending: boolean;
  onSubmit: (values: Record<string, string>, reset: () => void) => void;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    onSubmit(values, () => form.reset());
  };
  return (
    <form
      className="pricing__inline"
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-label={title ? undefined : formLabel}
      onSubmit={submit}
    >
      {title ? <h3 id={`${id}-title`}>{title}</h3> : null}
      <label htmlFor={`${id}-name`}>{label}</label>
      <input id={`${id}-name`} name="name" required maxLength={80} defaultValue={defaultValue} />
      {children}
      <FormButtons submitText={submitText} pending={pending} onCancel={onCancel} />
    </form>
  );
}

/**
 * Renames the list or group at `path` (a PATCH of its name) and closes on success or Cancel.
 * `send` and `pending` are the screen's own, so its other buttons wait for the rename too.
 */
export function RenameForm({
  formLabel,
  label,
  name,
  path,
  send,
  pending,
  onClose,
}: {
  formLabel: string;
  label: string;
  name: string;
  path: string;
  send: ReturnType<typeof usePricingWrite>['send'];
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-pricing');
  return (
    <NameForm
      formLabel={formLabel}
      label={label}
      defaultValue={name}
      submitText={t('save')}
      pending={pending}
      onCancel={onClose}
      onSubmit={(values) =>
        send({ method: 'patch', path, body: { name: values.name } }, { then: onClose })
      }
    />
  );
}

/** A form's submit button, and Cancel when `onCancel` is given. */
export function FormButtons({
  submitText,
  pending,
  onCancel,
}: {
  submitText: string;
  pending: boolean;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin-pricing');
  return (
    <>
      <button type="submit" className="button" disabled={pending}>
        {submitText}
      </button>
      {onCancel ? <SecondaryButton onClick={onCancel}>{t('cancel')}</SecondaryButton> : null}
    </>
  );
}
