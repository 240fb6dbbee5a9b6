import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/ui/buttons';
import { FieldError, useTextFields } from '@/components/ui/form-field';
import { Loaded } from '@/components/ui/loaded';
import { ApiError } from '@/lib/api-client';
import { SecretOnce } from './secret-once';

/** What a row's action (revoke, redeliver, pause…) toasts: `done` once it worked, `failed` if not. */
export const toasted = (done: string, failed: string) => ({
  onSuccess: () => toast.success(done),
  onError: () => toast.error(failed),
});

/** A loaded list shown as a table: `head` (a TableHead), then the rows of what was loaded. */
export function LoadedTable<T>({
  head,
  rows,
  ...loaded
}: Omit<Parameters<typeof Loaded<T>>[0], 'children'> & {
  head: ReactNode;
  rows: (data: T) => ReactNode;
}) {
  return (
    <Loaded {...loaded}>
      {(data) => (
        <div className="admin-integrations__table-wrap">
          <table>
            {head}
            <tbody>{rows(data)}</tbody>
          </table>
        </div>
      )}
    </Loaded>
  );
}

/**
 * One section of the integrations page (tokens, webhooks): its title and lead, the form that adds
 * one (`fields`, then the submit button), the secret shown once after adding, then the list
 * (`children`). `add` is the section's useAddForm: the fields' ids start with its form's `base`.
 */
export function AddSection({
  add: { kind, form, pending, onSubmit, secret, hideSecret },
  secretTestId,
  fields,
  children,
}: {
  add: Omit<ReturnType<typeof useAddForm>, 'form'> & { form: { base: string } };
  secretTestId: string;
  fields: ReactNode;
  children: ReactNode;
}) {
  const { base } = form;
  const { t } = useTranslation('admin-integrations');
  return (
    <section aria-labelledby={`${base}-title`} className="admin-integrations__section">
      <h2 id={`${base}-title`}>{t(`${kind}.title`)}</h2>
      <p>{t(`${kind}.lead`)}</p>
      <form onSubmit={onSubmit} noValidate className="admin-integrations__form">
        {fields}
        <SubmitButton pending={pending} busy={t(`${kind}.creating`)}>
          {t(`${kind}.create`)}
        </SubmitButton>
      </form>
      {secret ? (
        <SecretOnce
          secret={secret}
          message={t(`${kind}.secretOnce`)}
          testId={secretTestId}
          onHide={hideSecret}
        />
      ) : null}
      {children}
    </section>
  );
}

/** A fieldset of checkboxes, one a choice (shown as code, `describe`d when it says more), and its error. */
export function Choices<C extends string>({
  id,
  legend,
  choices,
  chosen,
  onChange,
  describe,
  error,
}: {
  id: string;
  legend: string;
  choices: readonly C[];
  chosen: readonly C[];
  onChange: (chosen: C[]) => void;
  describe?: (choice: C) => string;
  error?: string;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice}>
          <input
            type="checkbox"
            checked={chosen.includes(choice)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, choice] : chosen.filter((c) => c !== choice))
            }
          />{' '}
          <code>{choice}</code>
          {describe ? ` — ${describe(choice)}` : null}
        </label>
      ))}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/**
 * The form's own words for each field the server refused (an item of a list counts for the list),
 * or null when the refusal named no field (then the caller says the whole thing failed).
 */
function refusedFields(
  error: unknown,
  messages: Record<string, string>,
): Record<string, string> | null {
  const fields = error instanceof ApiError ? error.fields : undefined;
  if (!fields) return null;
  const refused = new Set(Object.keys(fields).map((key) => key.split(/[.[]/)[0]));
  return Object.fromEntries(Object.entries(messages).filter(([name]) => refused.has(name)));
}

/**
 * An AddSection's form (tokens, webhooks): its text fields, the secret shown once, and the submit.
 * `send` makes the request from the text fields' values and names the secret to show once it is
 * added; then the fields clear and a toast says so. A refusal shows `refusable[field]` under each
 * refused field; any other failure toasts.
 */
export function useAddForm<N extends string, Body, Created>({
  kind,
  initial,
  create,
  refusable,
  send,
}: {
  kind: 'tokens' | 'webhooks';
  initial: Record<N, string>;
  create: Pick<UseMutationResult<Created, unknown, Body>, 'mutate' | 'isPending'>;
  refusable: Record<string, string>;
  send: (values: Record<N, string>) => { body: Body; secret: (created: Created) => string };
}) {
  const { t } = useTranslation('admin-integrations');
  const form = useTextFields(initial);
  const [secret, setSecret] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.setErrors({});
    const request = send(form.values);
    create.mutate(request.body, {
      onSuccess: (created) => {
        setSecret(request.secret(created));
        form.reset();
        toast.success(t(`${kind}.created`));
      },
      onError: (error) => {
        const refused = refusedFields(error, refusable);
        if (refused) form.setErrors(refused);
        else toast.error(t(`${kind}.errors.failed`));
      },
    });
  };
  return {
    kind,
    form,
    pending: create.isPending,
    secret,
    hideSecret: () => setSecret(null),
    onSubmit,
  };
}
