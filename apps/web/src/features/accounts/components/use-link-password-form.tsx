import { useState } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { ResetPasswordBody } from '@wholesale/contract';
import { paths } from '@/config/paths';
import { useErrorMessage } from '@/lib/error-message';
import { useResetPassword } from '../api/reset-password';
import { FormAlert } from './auth-fields';
import { usePasswordForm } from './use-account-form';
import { useFieldMessage } from './use-field-message';

/**
 * A password form reached through a mailed link (reset and first password, docs/product/accounts.md):
 * POST /api/reset-password with the link's token; on success `done`; a refusal the form cannot show
 * under a field (the token expired, used or unknown) becomes `linkProblem`, cleared on the next try.
 * NOTE: the original front end only logged such a failure; we also say why, or the person is stuck
 * (docs/decisions/006-account-pages.md).
 */
export function useLinkPasswordForm<
  In extends FieldValues,
  Out extends FieldValues & Omit<ResetPasswordBody, 'token'>,
>(
  schema: z.ZodType<Out, In>,
  empty: In,
  options: {
    token: string | null;
    fields: readonly Path<In>[];
    success: string;
    /** What the console warning names. */
    logAs: string;
  },
) {
  const fieldMessage = useFieldMessage();
  const errorMessage = useErrorMessage();
  const mutation = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = usePasswordForm(schema, empty, mutation, {
    variables: (values) => {
      // A new attempt: the last one's problem no longer stands.
      setLinkProblem(null);
      const body: ResetPasswordBody = { ...values, token: options.token ?? '' };
      return body;
    },
    fields: options.fields,
    success: options.success,
    onSuccess: () => setDone(true),
    onError: (error, rest) => {
      console.warn(`${options.logAs} failed`, error);
      setLinkProblem(rest.length ? (fieldMessage(rest[0]) ?? rest[0]) : errorMessage(error));
    },
  });
  return { form, linkProblem, done };
}

/** Why the link did not work, with the way to ask for a new one. */
export function LinkProblem({ children }: { children: string | null }) {
  const { t } = useTranslation('accounts');
  if (!children) return null;
  return (
    <FormAlert>
      {children} <Link to={paths.forgetPassword()}>{t('reset.askNewLink')}</Link>
    </FormAlert>
  );
}
